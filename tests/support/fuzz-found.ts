import { eq } from 'drizzle-orm';
import { openSession } from '../../src/features/accounts/server/sessions';
import type { App } from '../../src/server/app';
import { bids, workRequests } from '../../src/server/db/schema';
import { createAccount, createWorkRequest } from '../factories';
import { PNG } from '../factories/files';
import type { TestDatabase } from '../setup/test-database';

/**
 * Inputs that fuzzing once answered with a 5xx, sent on every run of the fuzz suite
 * (tests/integration/fuzz.test.ts) whatever its seed and count.
 */

const BOUNDARY = 'fuzzFoundBoundary';

const form = (...parts: (string | Buffer)[]) =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${BOUNDARY}\r\n`),
      Buffer.from(part),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

/**
 * Multipart forms with a part that has no name: a field (it was read as a field named
 * `undefined`, and the check of its name threw: 500) or a file with only a filename. Each is
 * sent to both form routes (as a client and as a provider).
 */
const NAMELESS: [string, Buffer][] = [
  ['a field with no name', form('Content-Disposition: form-data\r\n\r\nOprava strechy')],
  [
    'a named field, then one with no name',
    form(
      'Content-Disposition: form-data; name="name"\r\n\r\nJana',
      'Content-Disposition: form-data\r\n\r\n',
    ),
  ],
  [
    'a file with a filename and no name',
    form(
      Buffer.concat([
        Buffer.from('Content-Disposition: form-data; filename="a.png"\r\n'),
        Buffer.from('Content-Type: image/png\r\n\r\n'),
        PNG,
      ]),
    ),
  ],
];

export const NAMELESS_PARTS = (
  [
    ['POST /api/work-requests', 'client'],
    ['PUT /api/users/profile', 'provider'],
  ] as const
).flatMap(([key, actor]) =>
  NAMELESS.map(([name, payload]) => ({
    key,
    actor,
    name: `${key}: ${name}`,
    body: { payload, contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  })),
);

/** Until `count` of the database's sessions wait for a lock (5 s at most). */
async function waitingForLocks(database: TestDatabase, count: number) {
  for (let tries = 0; tries < 250; tries++) {
    const { rows } = await database.pool.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} statements waited for a lock`);
}

/**
 * A provider withdraws their bid (DELETE /api/bids/:id) while their account is being deleted, and
 * the client's acceptance of that very bid commits in between. Found by fuzzing the running app:
 * the withdrawal answered 500 now and then (a deadlock: the deletion took the bid, then the
 * request whose accepted bid it cleared; the withdrawal the request, then the bid), or the
 * request stayed ASSIGNED to a bid that no longer existed. The acceptance is held open here, so
 * the three meet in this order on every run. Answers both replies and what is left.
 */
export async function withdrawalDuringAcceptanceAndDeletion(
  app: App,
  database: TestDatabase,
  csrf: string,
) {
  const { db } = database;
  const client = await createAccount(db, 'client');
  const bidder = await createAccount(db, 'provider');
  const other = await createAccount(db, 'provider');
  const request = await createWorkRequest(db, client);
  const description = 'Prídem zajtra, materiál mám so sebou.';
  const [mine, theirs] = await db
    .insert(bids)
    .values(
      [bidder, other].map((p) => ({
        workRequestId: request.id,
        providerId: p.id,
        amountCents: 9000,
        description,
      })),
    )
    .returning();
  const sid = (await openSession(db, bidder.id)).token;
  const send = (method: 'DELETE', url: string) =>
    app.inject({
      method,
      url,
      headers: { cookie: `csrf_token=${csrf}; sid=${sid}`, 'x-csrf-token': csrf },
    });

  // The acceptance, as acceptBid writes it, not yet committed.
  const acceptance = await database.pool.connect();
  let answers;
  try {
    await acceptance.query('begin');
    await acceptance.query(`update bids set status = 'ACCEPTED' where id = $1`, [mine!.id]);
    await acceptance.query(`update bids set status = 'REJECTED' where id = $1`, [theirs!.id]);
    await acceptance.query(
      `update work_requests set status = 'ASSIGNED', accepted_bid_id = $1 where id = $2`,
      [mine!.id, request.id],
    );
    const withdrawal = send('DELETE', `/api/bids/${mine!.id}`);
    await waitingForLocks(database, 1);
    const deletion = send('DELETE', '/api/users/account');
    await waitingForLocks(database, 2);
    await acceptance.query('commit');
    answers = { deletion: await deletion, withdrawal: await withdrawal };
  } finally {
    acceptance.release();
  }
  const [left] = await db.select().from(workRequests).where(eq(workRequests.id, request.id));
  const bidsLeft = await db.select().from(bids).where(eq(bids.workRequestId, request.id));
  return { ...answers, request: left, bids: bidsLeft, otherBidId: theirs!.id };
}
