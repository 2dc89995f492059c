// `npm run bench:leads`: seeds 100 000 providers holding lead alerts in a database of its own and
// measures how long matching a new request takes (docs/leads.md, docs/performance.md "Lead
// matching"): the index lookup of the alerts around the request's place with its category and the
// words checked (`match`), and the whole of `matchLeads` as the posting's transaction runs it
// (the lookup, the leads recorded, `lead.matched` published; rolled back after each request, so
// every request meets the same alerts), and the same with the notification handlers the app
// registers (`told`: inbox rows, live signals, push checks and queued mails). No HTTP, no build.
//
// BENCH_PROVIDERS=100000  BENCH_REQUESTS=600  BENCH_ENGINE=server|embedded
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// BENCH_KEEP=1 keeps the server database (its name is printed) to study its plans.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { connect } from '../src/server/db/database';
import { migrateDatabase } from '../src/server/db/migrate';
import { createEventBus, type EventBus } from '../src/server/events/bus';
import { DEFAULT_QUEUE_SETTINGS, startJobQueue } from '../src/server/jobs/job-queue';
import { DEFAULT_MAIL_RETRY, mailQueue } from '../src/server/mail/mail-queue';
import { createSigner } from '../src/server/signed-token';
import { registerInboxHandlers } from '../src/features/notifications/server/inbox.handlers';
import { registerLiveHandlers } from '../src/features/notifications/server/live/live.handlers';
import { registerMailHandlers } from '../src/features/notifications/server/mail.handlers';
import { registerPushHandlers } from '../src/features/notifications/server/push.handlers';
import { pushQueue } from '../src/features/notifications/server/push-queue';
import { leadsOf } from '../src/features/leads/leads.rules';
import { alertsAround, findMatchableRequest } from '../src/features/leads/server/leads.repo';
import { matchLeads } from '../src/features/leads/server/leads.service';
import { openBenchDatabase } from './bench-database';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const ENGINE = (process.env.BENCH_ENGINE ?? 'server') as 'server' | 'embedded';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP === '1' && ENGINE === 'server';

const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const figures = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
};

/**
 * The providers, in three statements: each lives in a town drawn by population (people live where
 * people are), so the large towns hold the most alerts, as they would. Each has one alert (a fifth
 * a second one in another town): one to three of the 26 categories, a radius from 10 to 100 km, a
 * fifth of them with a word, a third daily.
 */
async function fill(client: pg.Client, providers: number) {
  await client.query(`
    create temporary table weighted as
      select id, lat, lon, sum(greatest(population, 100)) over (order by id) as upto
        from places`);
  await client.query('create index on weighted (upto)');
  await client.query('analyze weighted');
  const { total } = (await client.query(`select max(upto)::float8 as total from weighted`))
    .rows[0] as { total: number };
  await client.query(
    `insert into users (id, email, name, role, email_verified)
     select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
            'provider-' || g || '@bench.test', 'Majster ' || g, 'provider', true
       from generate_series(1, $1) as g`,
    [providers],
  );
  await client.query(
    `insert into provider_profiles (user_id, service_category)
     select id, 'plumbing' from users where role = 'provider'`,
  );
  await client.query(
    `insert into lead_alerts (user_id, categories, place_id, radius_km, words, frequency, lat, lon)
     select u.id,
            -- Drawn for each alert (the subquery names the row, or it would be drawn once).
            (select array_agg(distinct c) from (
               select (enum_range(null::category))[1 + floor(random() * 26)::int] as c
                 from generate_series(1, 1 + (random() * 2.4)::int + 0 * length(u.id::text))
               ) chosen),
            w.id,
            (array[10, 20, 30, 30, 30, 50, 100])[1 + floor(random() * 7)::int],
            case when random() < 0.2 then array[(array['bojler','obklad','strecha','okna','kúpeľňa','podlaha'])[1 + floor(random() * 6)::int]] else '{}' end,
            case when random() < 0.33 then 'daily' else 'instant' end,
            w.lat, w.lon
       from (select id, random() * $1 as pick from users where role = 'provider'
             union all
             select id, random() * $1 from users where role = 'provider' and random() < 0.2) u
       cross join lateral (select id, lat, lon from weighted where upto >= u.pick
                             order by upto limit 1) w`,
    [total],
  );
  await client.query('vacuum analyze lead_alerts');
  await client.query('vacuum analyze users');
}

/** A client and requests placed as the providers are (by population), each category equally. */
async function requestsToMatch(client: pg.Client, count: number) {
  await client.query(
    `insert into users (id, email, name, role, email_verified)
     values ('00000000-0000-4000-9000-000000000001', 'client@bench.test', 'Klientka', 'client', true)`,
  );
  const { total } = (await client.query(`select max(upto)::float8 as total from weighted`))
    .rows[0] as { total: number };
  const inserted = await client.query<{ id: string }>(
    `insert into work_requests (client_id, title, description, category, location, place_id,
                                contact_name, contact_email)
     select '00000000-0000-4000-9000-000000000001',
            'Výmena bojlera ' || g, 'Treba vymeniť starý bojler a opraviť obklad v kúpeľni.',
            (enum_range(null::category))[1 + floor(random() * 26)::int], 'Ulica ' || g, w.id,
            'Klientka', 'client@bench.test'
       from generate_series(1, $1) as g
       cross join lateral (select id from weighted where upto >= random() * $2 + g * 0
                             order by upto limit 1) w
     returning id`,
    [count, total],
  );
  await client.query('vacuum analyze work_requests');
  return inserted.rows.map((row) => row.id);
}

/** `matchLeads` as the posting's transaction runs it, with these handlers; then rolled back. */
async function timedAndRolledBack(
  db: ReturnType<typeof connect>['db'],
  bus: EventBus,
  id: string,
): Promise<number> {
  let took = 0;
  const began = performance.now();
  await db
    .transaction(async (tx) => {
      await matchLeads(bus, tx, id);
      took = performance.now() - began;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
  return took;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-bench-leads-'));
  const opened = await openBenchDatabase(
    ENGINE,
    dataDir,
    `majstri_bench_leads_${process.pid}`,
    SERVER_URL,
  );
  try {
    await migrateDatabase(opened.url);
    const setup = new pg.Client({ connectionString: opened.url });
    await setup.connect();
    const seeded = performance.now();
    await fill(setup, PROVIDERS);
    const ids = await requestsToMatch(setup, REQUESTS);
    const { alerts } = (await setup.query(`select count(*)::int as alerts from lead_alerts`))
      .rows[0] as { alerts: number };
    log(
      `seeded ${PROVIDERS} providers with ${alerts} alerts and ${ids.length} requests in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const plan = await setup.query(
      `explain (analyze, buffers, costs off)
       select a.id from lead_alerts a join users u on u.id = a.user_id
        where earth_box(ll_to_earth(a.lat, a.lon), a.radius_km::float8 * 1000)
              @> ll_to_earth(48.99839, 21.23393)
          and earth_distance(ll_to_earth(a.lat, a.lon), ll_to_earth(48.99839, 21.23393))
              <= a.radius_km::float8 * 1000
          and a.categories @> array['plumbing']::category[]
          and u.role = 'provider' and u.account_status = 'active'`,
    );
    log('plan of one match (Prešov, plumbing):');
    for (const row of plan.rows as { 'QUERY PLAN': string }[]) log(`  ${row['QUERY PLAN']}`);
    await setup.end();

    const { db, pool } = connect(opened.url);
    const events = createEventBus();
    // The app's own handlers of what a lead tells (app-context.ts), on a real job queue.
    const queue = await startJobQueue(pool, DEFAULT_QUEUE_SETTINGS, (error) =>
      console.error(error),
    );
    const telling = createEventBus();
    const publicUrl = 'https://majstri.example';
    registerMailHandlers(telling, {
      queueMail: mailQueue(queue, DEFAULT_MAIL_RETRY, publicUrl),
      publicUrl,
      supportEmail: 'podpora@majstri.example',
      supportLanguage: 'sk',
      signer: createSigner('bench-secret'),
    });
    registerInboxHandlers(telling);
    registerPushHandlers(telling, pushQueue(queue));
    registerLiveHandlers(telling);
    const lookups: number[] = [];
    const whole: number[] = [];
    const told: number[] = [];
    let matched = 0;
    // Warm-up: caches and connections.
    for (const id of ids.slice(0, 20)) {
      const request = await findMatchableRequest(db, id);
      if (request) await alertsAround(db, request);
    }
    for (const id of ids) {
      const started = performance.now();
      const request = await findMatchableRequest(db, id);
      if (!request) continue;
      const leads = leadsOf(await alertsAround(db, request), request);
      lookups.push(performance.now() - started);
      matched += leads.length;
      whole.push(await timedAndRolledBack(db, events, id));
      told.push(await timedAndRolledBack(db, telling, id));
    }
    log(
      `requests matched: ${lookups.length}, leads per request: ${(matched / lookups.length).toFixed(1)} on average`,
    );
    log(`match (lookup + words):             ${figures(lookups)}`);
    log(`matchLeads (+ leads recorded, event): ${figures(whole)}`);
    log(`told (+ inbox, live, push, mail):     ${figures(told)}`);
    await queue.stop();
    await pool.end();
  } finally {
    if (KEEP) log(`kept ${opened.url}`);
    else await opened.drop();
    await opened.stopEmbedded?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  // A kept database's server connection stays open: nothing else is left to wait for.
  () => KEEP && process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
