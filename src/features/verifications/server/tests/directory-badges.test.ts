import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, PDF } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { providerProfiles, verificationDocuments } from '../../../../server/db/schema';
import type { Category } from '../../../../shared/categories';

// The directory reads a page's badges with its providers (verifications' `approvalsOfProvider`),
// in each of the ways it reads a page.

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** GeoNames id of Prešov (the gazetteer the migration imports). */
const PRESOV = 723819;

type Person = Awaited<ReturnType<AccountsHarness['signedIn']>>;

/** A provider of `category` in Prešov with one approved document of `kind`. */
async function approvedProvider(kind: 'insurance' | 'trade_register', category: Category) {
  const provider = await h.signedIn('provider');
  const admin = await h.signedIn('administrator');
  const form = new FormData();
  form.set('kind', kind);
  if (kind === 'insurance') form.set('claimed_until', inDays(200));
  form.append('file', file(PDF, 'doklad.pdf', 'application/pdf'));
  const sent = await provider.agent.form('POST', '/api/verifications', form);
  expect(sent.statusCode, sent.body).toBe(201);
  const document = sent.json().documents[0] as { id: string };
  const until = inDays(kind === 'insurance' ? 120 : 300);
  const approved = await admin.agent.post(`/api/admin/verifications/${document.id}/approve`, {
    expires_on: until,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await h.database.db
    .update(providerProfiles)
    .set({ serviceCategory: category, placeId: PRESOV })
    .where(eq(providerProfiles.userId, provider.id));
  return { provider, document, until };
}

const badgesListed = async (provider: Person, query: string) => {
  const answer = await h.agent().get(`/api/providers?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const entry = answer.json().providers.find((listed: { id: string }) => listed.id === provider.id);
  expect(entry, query).toBeDefined();
  return entry.badges;
};

describe('badges in the directory', () => {
  it('show however the page is read: best rated, nearest first around a place, best rated around it', async () => {
    const { provider, until } = await approvedProvider('insurance', 'smithing_locksmithing');
    for (const query of [
      'category=smithing_locksmithing',
      `category=smithing_locksmithing&near=${PRESOV}&radius_km=30`,
      `category=smithing_locksmithing&near=${PRESOV}&radius_km=30&sort=rating`,
    ]) {
      expect(await badgesListed(provider, query), query).toEqual([{ kind: 'insured', until }]);
    }
  });

  it('show a checked business from the day it was decided, in UTC, and only while in force', async () => {
    const { provider, document, until } = await approvedProvider(
      'trade_register',
      'high_altitude_work',
    );
    // Decided late in the evening, with microseconds, as PostgreSQL keeps it.
    await h.database.db
      .update(verificationDocuments)
      .set({ decidedAt: sql`'2026-11-20 23:30:00.123456+00'::timestamptz` })
      .where(eq(verificationDocuments.id, document.id));
    const query = 'category=high_altitude_work';
    expect(await badgesListed(provider, query)).toEqual([
      { kind: 'business_checked', checked_on: '2026-11-20', until },
    ]);
    await h.database.db
      .update(verificationDocuments)
      .set({ expiresOn: inDays(-1) })
      .where(eq(verificationDocuments.id, document.id));
    expect(await badgesListed(provider, query)).toEqual([]);
  });
});
