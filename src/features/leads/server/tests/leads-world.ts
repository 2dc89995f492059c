import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import type { AccountsHarness } from '../../../../../tests/support/accounts-app';
import { users, workRequests } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { QUEUES } from '../../../../server/jobs/job-queue';
import type { Category } from '../../../../shared/categories';
import type { Language } from '../../../../shared/languages';
import type { LeadFrequency } from '../../leads.schema';

/** Helpers of the lead tests: providers with alerts, requests posted in a town, what reached whom. */

/** Towns of the gazetteer (GeoNames ids): Prešov–Košice is about 32 km, Prešov–Sabinov about 15. */
export const PLACES = {
  presov: 723819,
  kosice: 724443,
  sabinov: 723674,
  bratislava: 3060972,
} as const;

export const CLIENT_PHONE = '+421 911 222 333';

export type Person = Awaited<ReturnType<AccountsHarness['signedIn']>> & { name: string };

let counter = 0;

/** A verified person signed in on an agent of their own, in this language. */
export async function person(
  h: AccountsHarness,
  role: 'client' | 'provider' | 'administrator',
  language: Language = 'sk',
): Promise<Person> {
  const name = `${role === 'client' ? 'Klára Súkromná' : 'Majster'} ${++counter}`;
  const someone = await h.signedIn(role, { name });
  if (language !== 'sk') {
    await h.database.db
      .update(users)
      .set({ preferredLanguage: language })
      .where(eq(users.id, someone.id));
  }
  return { ...someone, name };
}

export interface AlertInput {
  id?: string;
  categories: Category[];
  place_id: number;
  radius_km: number;
  words?: string[];
  frequency?: LeadFrequency;
}

/** Replaces the provider's alerts through the API; answers the alerts as stored. */
export async function setAlerts(provider: Person, alerts: AlertInput[]) {
  const answer = await provider.agent.put('/api/users/lead-alerts', {
    alerts: alerts.map(({ id, categories, place_id, radius_km, words, frequency }) => ({
      ...(id ? { id } : {}),
      categories,
      place_id,
      radius_km,
      words: words ?? [],
      frequency: frequency ?? 'instant',
    })),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().alerts as (AlertInput & { id: string; place: { name: string } })[];
}

/** A provider with one alert. */
export async function providerWithAlert(
  h: AccountsHarness,
  alert: AlertInput,
  language: Language = 'sk',
) {
  const provider = await person(h, 'provider', language);
  await setAlerts(provider, [alert]);
  return provider;
}

/**
 * Until the queue's worker has matched this request (every matching job of it done): the
 * matching runs after the posting commits, in a transaction of its own.
 */
export async function untilMatched(h: AccountsHarness, workRequestId: string) {
  await expect
    .poll(
      async () => {
        const result = await h.database.db.execute<{ done: number; all: number }>(
          sql`select count(*) filter (where state = 'completed')::int as done, count(*)::int as all
                from pgboss.job
               where name = ${QUEUES.leadMatching} and data->>'workRequestId' = ${workRequestId}`,
        );
        const { done, all } = result.rows[0]!;
        return all > 0 && done === all;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}

/**
 * A request of this client posted in a town: written by the factory, then announced as the
 * request form announces it (`request.posted` in the posting's transaction), and matched.
 */
export async function post(
  h: AccountsHarness,
  events: EventBus,
  client: Person,
  request: {
    title: string;
    description?: string;
    category?: Category;
    placeId: number | null;
  },
) {
  const row = await createWorkRequest(h.database.db, client, {
    title: request.title,
    description: request.description ?? 'Podrobnosti poviem na mieste, ozvite sa.',
    category: request.category ?? 'plumbing',
    location: 'Ulica 1',
  });
  await h.database.db.transaction(async (tx) => {
    await tx
      .update(workRequests)
      .set({ placeId: request.placeId })
      .where(eq(workRequests.id, row.id));
    await events.publish(tx, 'request.posted', {
      workRequestId: row.id,
      clientId: client.id,
      title: request.title,
    });
  });
  await untilMatched(h, row.id);
  return row.id;
}
