import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import {
  FAKE_GEMINI_SOURCES,
  startFakeGemini,
  type FakeGemini,
} from '../../../../../tests/support/fake-gemini';
import { auditEntries, users } from '../../../../server/db/schema';
import { HOURLY_PER_USER } from '../trust-summary.limits';

const profile = {
  name: 'Elektro Novák',
  contact_email: 'kontakt@elektro-novak.test',
  contact_phone: '+421 905 111 222',
  bio: 'Elektroinštalácie, revízie a opravy. Volajte 0905 333 444 alebo píšte na dielna@novak.test.',
  service_category: 'electrical',
  location: 'Žilina',
  hourly_rate: '32.5',
  experience_years: '12',
  availability: 'Pracovné dni',
  website: 'https://elektro-novak.test',
};

let gemini: FakeGemini;
let h: AccountsHarness;
beforeAll(async () => {
  gemini = await startFakeGemini({ slowMs: 3_000 });
  h = await accountsHarness({
    gemini: {
      apiKey: 'test-key',
      model: 'gemini-2.5-flash',
      baseUrl: gemini.url,
      timeoutMs: 1_000,
      dailyLimit: 1_000,
    },
  });
});
afterAll(async () => {
  await h.close();
  await gemini.close();
});
beforeEach(() => gemini.setMode('grounded'));

async function providerWithProfile() {
  const provider = await h.signedIn('provider', { name: 'Elektro Novák' });
  const form = new FormData();
  for (const [name, value] of Object.entries(profile)) form.set(name, value);
  expect((await provider.agent.form('PUT', '/api/users/profile', form)).statusCode).toBe(200);
  return provider;
}

const summaryOf = (id: string) => `/api/providers/${id}/trust-summary`;

describe('the AI trust summary', () => {
  it('answers the grounded paragraph, clean sources and the platform’s facts', async () => {
    const provider = await providerWithProfile();
    const client = await h.signedIn('client');
    // One finished, reviewed job makes the facts.
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      requestForm({
        title: 'Nové zásuvky',
        category: 'electrical',
        description: 'Tri zásuvky nad linkou.',
        location: 'Žilina',
      }),
    );
    const requestId = posted.json().work_request.id as string;
    const bid = (
      await provider.agent.post('/api/bids', {
        work_request_id: requestId,
        amount: 120,
        description: 'Do týždňa.',
      })
    ).json().bid;
    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    expect((await client.agent.patch(`/api/work-requests/${requestId}/complete`)).statusCode).toBe(
      200,
    );
    const reviewed = await client.agent.post(`/api/providers/${provider.id}/reviews`, {
      work_request_id: requestId,
      rating: 4,
    });
    expect(reviewed.statusCode).toBe(201);

    const before = gemini.requests.length;
    const response = await client.agent.post(summaryOf(provider.id), { language: 'uk' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.statement).toMatch(/^Elektro Novák is well reviewed online .*\(answer \d+\)\.$/);
    expect(body.sources).toEqual(FAKE_GEMINI_SOURCES);
    const [account] = await h.database.db.select().from(users).where(eq(users.id, provider.id));
    expect(body.facts).toEqual({
      average_rating: 4,
      review_count: 1,
      completed_jobs: 1,
      member_since: account!.createdAt.toISOString(),
    });
    expect(Date.parse(body.generated_at)).toBeGreaterThan(Date.now() - 60_000);

    // What left the platform: the public fields and the language, no contact detail.
    expect(gemini.requests).toHaveLength(before + 1);
    const sent = gemini.requests.at(-1)!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.apiKey).toBe('test-key');
    const text = JSON.stringify(sent.body);
    for (const field of ['Elektro Novák', 'electrical', 'Žilina', 'https://elektro-novak.test']) {
      expect(text).toContain(field);
    }
    expect(text).toContain('Elektroinštalácie, revízie a opravy.');
    expect(text).toContain('12 years');
    expect(text).toContain('Ukrainian');
    const prompt = (sent.body as { contents: { parts: { text: string }[] }[] }).contents[0]!
      .parts[0]!.text;
    expect(prompt).toContain('Answer in Ukrainian (language code "uk")');
    expect(text).toContain('googleSearch');
    for (const secret of [
      'kontakt@elektro-novak.test',
      '905 111 222',
      '0905 333 444',
      'dielna@novak.test',
      'Pracovné dni',
    ]) {
      expect(text).not.toContain(secret);
    }

    // Each click is a new generation.
    const again = await client.agent.post(summaryOf(provider.id), { language: 'sk' });
    expect(again.json().statement).not.toBe(body.statement);
    expect(JSON.stringify(gemini.requests.at(-1)!.body)).toContain('Slovak');

    const audits = await h.database.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'trust_summary.generate'),
          eq(auditEntries.targetUserId, provider.id),
        ),
      );
    expect(audits.map((entry) => entry.outcome)).toEqual(['success', 'success']);
    for (const entry of audits) {
      expect(entry.actorId).toBe(client.id);
      expect(entry.message).not.toMatch(/Novák|@|905/);
    }
  });

  it('lets a provider summarise their own profile', async () => {
    const provider = await providerWithProfile();
    const response = await provider.agent.post(summaryOf(provider.id), { language: 'cs' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['invalid_key', 'ai_api_key'],
    ['permission_denied', 'ai_permission_denied'],
    ['slow', 'ai_unknown'],
  ] as const)('maps a model answering %s to 424 %s', async (mode, code) => {
    const provider = await providerWithProfile();
    const client = await h.signedIn('client');
    gemini.setMode(mode);
    const started = Date.now();
    const response = await client.agent.post(summaryOf(provider.id), { language: 'en' });
    expect(response.statusCode).toBe(424);
    expect(response.json()).toMatchObject({ error: code, request_id: expect.any(String) });
    expect(response.json().statement).toBeUndefined();
    if (mode === 'slow') expect(Date.now() - started).toBeLessThan(2_900);
    const [audit] = await h.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'trust_summary.generate'), eq(auditEntries.actorId, client.id)),
      );
    expect(audit).toMatchObject({ outcome: 'failure' });
    expect(audit!.message).toContain(code);
  });

  it('refuses visitors, non-providers and unknown ids', async () => {
    const provider = await providerWithProfile();
    expect((await h.agent().post(summaryOf(provider.id), { language: 'sk' })).json()).toMatchObject(
      { error: 'not_authenticated' },
    );
    const client = await h.signedIn('client');
    const noProfile = await h.signedIn('provider');
    const before = gemini.requests.length;
    for (const id of [client.id, crypto.randomUUID(), 'not-an-id']) {
      const response = await client.agent.post(summaryOf(id), { language: 'sk' });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('invalid_provider');
    }
    // A provider without a profile row is not a provider with a profile.
    const { providerProfiles } = await import('../../../../server/db/schema');
    await h.database.db.delete(providerProfiles).where(eq(providerProfiles.userId, noProfile.id));
    const bare = await client.agent.post(summaryOf(noProfile.id), { language: 'sk' });
    expect(bare.json().error).toBe('invalid_provider');
    const badLanguage = await client.agent.post(summaryOf(provider.id), { language: 'de' });
    expect(badLanguage.statusCode).toBe(400);
    expect(gemini.requests).toHaveLength(before);
    const refusals = await h.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'trust_summary.generate'), eq(auditEntries.actorId, client.id)),
      );
    expect(refusals.map((entry) => entry.message)).toContain('Refused: invalid_provider.');
  });

  it('allows ten summaries an hour per person, then 429 with Retry-After', async () => {
    const provider = await providerWithProfile();
    const client = await h.signedIn('client');
    for (let i = 0; i < HOURLY_PER_USER; i++) {
      const response = await client.agent.post(summaryOf(provider.id), { language: 'en' });
      expect(response.statusCode).toBe(200);
    }
    const before = gemini.requests.length;
    const refused = await client.agent.post(summaryOf(provider.id), { language: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(gemini.requests).toHaveLength(before);
    // Someone else still may.
    const other = await h.signedIn('client');
    expect((await other.agent.post(summaryOf(provider.id), { language: 'en' })).statusCode).toBe(
      200,
    );
  });
});

describe('the site-wide daily cap', () => {
  it('answers 429 once the site has made its summaries for the day', async () => {
    const capped = await accountsHarness({
      gemini: { apiKey: 'test-key', model: 'gemini-2.5-flash', baseUrl: gemini.url, dailyLimit: 2 },
    });
    try {
      const provider = await capped.signedIn('provider');
      const [first, second, third] = await Promise.all([
        capped.signedIn('client'),
        capped.signedIn('client'),
        capped.signedIn('client'),
      ]);
      for (const person of [first!, second!]) {
        const response = await person.agent.post(summaryOf(provider.id), { language: 'sk' });
        expect(response.statusCode).toBe(200);
      }
      const refused = await third!.agent.post(summaryOf(provider.id), { language: 'sk' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    } finally {
      await capped.close();
    }
  });
});

describe('without a GEMINI_API_KEY', () => {
  it('says so in /api/config and answers 503 trust_summary_unavailable', async () => {
    const plain = await accountsHarness();
    try {
      expect((await plain.agent().get('/api/config')).json().trust_summary_enabled).toBe(false);
      const provider = await plain.signedIn('provider');
      const client = await plain.signedIn('client');
      const response = await client.agent.post(summaryOf(provider.id), { language: 'sk' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toBe('trust_summary_unavailable');
    } finally {
      await plain.close();
    }
    expect((await h.agent().get('/api/config')).json().trust_summary_enabled).toBe(true);
  });
});
