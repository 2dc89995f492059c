import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFormBody } from '../../src/server/workflows/own-account.schema';
import { openSession } from '../../src/features/accounts/server/sessions';
import { workRequestFields } from '../../src/features/requests/requests.schema';
import { buildApp, type App } from '../../src/server/app';
import { sendMessageBody } from '../../src/features/conversations/conversations.schema';
import { workPhotoCaptionBody } from '../../src/features/providers/work-photos.schema';
import { reviews } from '../../src/server/db/schema';
import { diskStorage } from '../../src/server/storage/storage';
import type { Role } from '../../src/shared/statuses';
import {
  createAccount,
  createConversationReport,
  createRequestThread,
  createWorkRequest,
  TEST_PASSWORD_COST,
} from '../factories';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { startFakeGemini, type FakeGemini } from '../support/fake-gemini';
import { injectReadingHead } from '../support/inject-head';
import { NAMELESS_PARTS, withdrawalDuringAcceptanceAndDeletion } from '../support/fuzz-found';
import { jsonBodyFor, jsonSchemaOf, paramFor, queryFor, withKnownIds } from '../support/fuzz';
import {
  describeCase,
  problemsOf,
  urlFor,
  type FuzzCase,
  type RouteUnderTest,
} from '../support/fuzz-answers';
import { multipartFor } from '../support/fuzz-multipart';
import { uploadFields } from '../../src/features/verifications/verifications.schema';

/**
 * docs/security.md "Fuzzing": property-based requests to every API route, derived from the
 * route's own zod schemas (body, query, params; the two multipart forms from their field
 * schemas), mixing well-shaped values with hostile ones (NUL, bidi controls, 1 MB strings, SQL
 * and HTML snippets, huge/negative/NaN numbers, wrong types, arrays for objects, `__proto__`
 * keys, path traversal and non-uuid ids, broken JSON, malformed and truncated multipart bodies),
 * sent as a visitor, a client, a provider or an administrator. For every answer:
 * - never a 5xx;
 * - an error answer has the app's shape ({error, message, request_id}) with a known code sent
 *   with its own status, and no stack trace, SQL text or database/ORM name that the request
 *   did not itself contain;
 * - a refusal (4xx) changes nothing: the row counts of the main tables and the stored files
 *   are the same before and after.
 * `npm test` runs FUZZ_RUNS (300 by default) cases in all with a fixed seed (FUZZ_SEED to
 * change or replay it; a failure names it); `npm run fuzz` runs 10 000 and prints the figures.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/** The multipart routes and the schemas of their fields (the handlers read the form by hand). */
const MULTIPART: Record<string, unknown> = {
  'POST /api/work-requests': workRequestFields,
  'PUT /api/users/profile': profileFormBody,
  'POST /api/conversations/:id/messages': sendMessageBody,
  'POST /api/verifications': uploadFields,
  'POST /api/providers/me/work-photos': workPhotoCaptionBody,
};

/** Routes that end, replace or remove the caller's own session or account: a fresh one each case. */
const SELF = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/login',
  'PATCH /api/users/disable',
  'DELETE /api/users/account',
  'PUT /api/users/password',
  'POST /api/auth/register/client',
  'POST /api/auth/register/provider',
  'POST /api/auth/google/complete-registration',
]);

const MAIN_TABLES = [
  'users',
  'client_profiles',
  'provider_profiles',
  'sessions',
  'work_requests',
  'attachments',
  'bids',
  'bid_revisions',
  'price_proposals',
  'reviews',
  'client_reviews',
  'contact_messages',
  'push_subscriptions',
  'notifications',
  'notification_preferences',
  'conversations',
  'messages',
  'message_attachments',
  'conversation_reports',
  'conversation_blocks',
  'lead_alerts',
  'lead_deliveries',
  'work_photos',
  'provider_stats',
  'verification_documents',
  'favourite_providers',
  'request_invitations',
];

let database: TestDatabase;
let gemini: FakeGemini;
let app: App;
let filesDir: string;
let csrf: string;
const seen: RouteOptions[] = [];
const sessions: Partial<Record<Role, string>> = {};
const knownIds: string[] = [];
/** Ids a body or a query may name: the known ones, and the requests of the fuzzing pair. */
const bodyIds: string[] = [];

beforeAll(async () => {
  gemini = await startFakeGemini();
  database = await createTestDatabase();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-fuzz-'));
  const storage = diskStorage(filesDir);
  app = await buildApp({
    db: database.db,
    storage,
    passwordCost: TEST_PASSWORD_COST,
    onRoute: (route) => seen.push(route),
    gemini: {
      apiKey: 'test-key',
      model: 'gemini-2.5-flash',
      baseUrl: gemini.url,
      timeoutMs: 2_000,
      dailyLimit: 1_000_000,
    },
  });
  await app.ready();
  const people: Partial<Record<Role, Awaited<ReturnType<typeof createAccount>>>> = {};
  for (const role of ['client', 'provider', 'administrator'] as const) {
    const user = await createAccount(database.db, role);
    sessions[role] = (await openSession(database.db, user.id)).token;
    knownIds.push(user.id);
    people[role] = user;
  }
  const client = await createAccount(database.db, 'client');
  knownIds.push((await createWorkRequest(database.db, client)).id);
  // Two requests of the fuzzing client with the fuzzing provider's bid, and their threads: one
  // still open, one that hired the provider (a photo sent after the hire, and a report). Only
  // bodies name the requests: a path would delete them, and leave the threads read-only.
  const [me, provider] = [people.client!, people.provider!];
  for (const hired of [false, true]) {
    const request = await createWorkRequest(database.db, me);
    const ids = { request, clientId: me.id, providerId: provider.id };
    const made = await createRequestThread(database.db, storage, ids, { hired });
    bodyIds.push(request.id);
    if (hired) {
      // A review of the fuzzing provider, for the answer routes to find.
      const [review] = await database.db
        .insert(reviews)
        .values({ providerId: provider.id, clientId: me.id, workRequestId: request.id, rating: 3 })
        .returning({ id: reviews.id });
      knownIds.push(review!.id);
    }
    knownIds.push(made.thread.id, ...made.messages.map((message) => message.id));
    if (!made.attachment) continue;
    const report = await createConversationReport(database.db, {
      conversationId: made.thread.id,
      reporterId: me.id,
      reportedId: provider.id,
    });
    knownIds.push(made.attachment.id, report.id);
  }
  bodyIds.push(...knownIds);
  const issued = await app.inject({ url: '/api/auth/session' });
  csrf = issued.cookies.find((cookie) => cookie.name === 'csrf_token')!.value;
});

afterAll(async () => {
  await app.close();
  await database.drop();
  await gemini.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

function routesUnderTest(): RouteUnderTest[] {
  const routes: RouteUnderTest[] = [];
  const keys = new Set(app.apiRoutes.map((route) => `${route.method} ${route.url}`));
  for (const route of seen) {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (method === 'HEAD' || !keys.has(key) || routes.some((r) => r.key === key)) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const bodySchema = schema.body ?? MULTIPART[key];
      routes.push({
        key,
        method,
        url: route.url,
        // A form route that takes JSON too reads it by hand: its fields stand for the body.
        body: bodySchema ? withKnownIds(jsonSchemaOf(bodySchema), bodyIds) : undefined,
        query: schema.querystring
          ? withKnownIds(jsonSchemaOf(schema.querystring), bodyIds)
          : undefined,
        params: schema.params ? jsonSchemaOf(schema.params) : undefined,
        multipart: MULTIPART[key] ? withKnownIds(jsonSchemaOf(MULTIPART[key]), bodyIds) : undefined,
        consumes: (schema.consumes as string[] | undefined) ?? [],
      });
    }
  }
  return routes;
}

function caseFor(route: RouteUnderTest, multipart: boolean): fc.Arbitrary<FuzzCase> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, paramFor(knownIds)])));
  const writes = route.method !== 'GET';
  const body: fc.Arbitrary<FuzzCase['body']> = !writes
    ? fc.constant(undefined)
    : multipart
      ? multipartFor(route.multipart!).map((form) => ({
          payload: form.payload,
          contentType: form.contentType,
        }))
      : jsonBodyFor(route.body ?? {}).map((raw) => ({
          payload: raw.text,
          contentType: raw.contentType,
        }));
  return fc.record({
    actor: fc.constantFrom('visitor', 'client', 'provider', 'administrator'),
    // Nearly always past the CSRF guard, so that the input reaches validation and the handler.
    withCsrf: fc.integer({ min: 0, max: 19 }).map((roll) => roll !== 0),
    params: params as fc.Arbitrary<Record<string, string>>,
    query: route.query ? fc.option(queryFor(route.query), { freq: 5 }) : fc.constant(undefined),
    body,
  }) as fc.Arbitrary<FuzzCase>;
}

let nextAddress = 1;

async function sessionFor(route: RouteUnderTest, actor: FuzzCase['actor']) {
  if (actor === 'visitor') return undefined;
  if (!SELF.has(route.key)) return sessions[actor];
  const user = await createAccount(database.db, actor);
  return (await openSession(database.db, user.id)).token;
}

async function counts() {
  const { rows } = await database.pool.query<Record<string, string>>(
    `select ${MAIN_TABLES.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ')}`,
  );
  const files = fs.readdirSync(filesDir, { recursive: true }).length;
  return { ...rows[0], files };
}

async function send(
  route: RouteUnderTest,
  c: FuzzCase,
  sid: string | undefined,
): Promise<LightMyRequestResponse> {
  const cookies = [`csrf_token=${csrf}`];
  if (sid) cookies.push(`sid=${sid}`);
  const headers: Record<string, string> = { cookie: cookies.join('; ') };
  if (c.withCsrf) headers['x-csrf-token'] = csrf;
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: urlFor(route, c),
    headers,
    remoteAddress: `10.90.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
  };
  if (c.body) {
    if (c.body.contentType) headers['content-type'] = c.body.contentType;
    options.payload = c.body.payload;
  }
  return injectReadingHead(app, options);
}

describe('fuzzing every API route from its schemas', () => {
  it('knows every multipart route', () => {
    const routes = routesUnderTest();
    const declared = routes
      .filter((route) => route.consumes.includes('multipart/form-data'))
      .map((route) => route.key);
    for (const key of declared) expect(Object.keys(MULTIPART)).toContain(key);
    for (const key of Object.keys(MULTIPART))
      expect(routes.map((route) => route.key)).toContain(key);
  });

  it('answers a path the router cannot read in the app error shape', async () => {
    // Found by this fuzzing: Fastify answered these itself, with its own body and no request id.
    for (const url of [`/api/work-requests/${'x'.repeat(150)}`, '/api/work-requests/%zz']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json() as { error: string; request_id: string };
      expect(body).toEqual({
        error: 'bad_request',
        message: 'This address is not valid.',
        request_id: expect.any(String) as string,
      });
      expect(response.headers['x-request-id']).toBe(body.request_id);
    }
  });

  it('refuses a form part without a name with 400 invalid_form_data', async () => {
    // Found by fuzzing: a nameless part was read as a field named `undefined` (500).
    for (const { key, actor, name, body } of NAMELESS_PARTS) {
      const route = routesUnderTest().find((candidate) => candidate.key === key)!;
      const c: FuzzCase = { actor, withCsrf: true, params: {}, query: undefined, body };
      const before = await counts();
      const response = await send(route, c, sessions[actor]);
      expect(problemsOf(route, c, response, before, await counts()), name).toEqual([]);
      expect([response.statusCode, response.json().error], name).toEqual([
        400,
        'invalid_form_data',
      ]);
    }
  });

  it('answers a withdrawal racing an acceptance and an account deletion with a 4xx', async () => {
    const race = await withdrawalDuringAcceptanceAndDeletion(app, database, csrf);
    expect(race.deletion.statusCode, race.deletion.body).toBe(200);
    expect([404, 409], race.withdrawal.body).toContain(race.withdrawal.statusCode);
    expect(['bid_not_found', 'bid_not_pending']).toContain(race.withdrawal.json().error);
    // The hire the deletion ended is released: the request is open, the other bid pending again.
    expect(race.request).toMatchObject({ status: 'OPEN', acceptedBidId: null });
    expect(race.bids.map((bid) => [bid.id, bid.status])).toEqual([[race.otherBidId, 'PENDING']]);
  });

  it(
    'never answers 5xx, leaks nothing, and changes nothing when it refuses',
    async () => {
      const started = Date.now();
      const variants = routesUnderTest().flatMap((route) => [
        { route, multipart: false },
        ...(route.multipart ? [{ route, multipart: true }] : []),
      ]);
      const perVariant = Math.max(3, Math.ceil(RUNS / variants.length));
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      let cases = 0;
      for (const [index, { route, multipart }] of variants.entries()) {
        const seed = SEED + index;
        await fc.assert(
          fc.asyncProperty(caseFor(route, multipart), async (c) => {
            const sid = await sessionFor(route, c.actor);
            const before = await counts();
            const response = await send(route, c, sid);
            const after = await counts();
            cases++;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            for (const problem of problemsOf(route, c, response, before, after)) {
              problems.push(
                `${route.key}${multipart ? ' (multipart)' : ''} [seed ${seed}]: ${problem}\n    input: ${describeCase(c)}`,
              );
            }
          }),
          { numRuns: perVariant, seed, endOnFailure: true },
        );
      }
      const figures = {
        cases,
        routes: new Set(variants.map((variant) => variant.route.key)).size,
        variants: variants.length,
        seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
        statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      };
      console.log(`fuzz figures (FUZZ_SEED=${SEED}): ${JSON.stringify(figures)}`);
      expect(problems, `seed ${SEED}; replay with FUZZ_SEED=${SEED}`).toEqual([]);
    },
    Math.max(60_000, RUNS * 200),
  );
});
