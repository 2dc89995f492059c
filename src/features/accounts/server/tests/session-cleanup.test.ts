import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../../tests/factories';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { sessions, signInFailures } from '../tables';
import { startJobQueue } from '../../../../server/jobs/job-queue';
import { purgeExpiredSignInState, scheduleSessionCleanup } from '../session-cleanup';
import { findSessionUser, hashToken, openSession } from '../sessions';

let database: TestDatabase;
const hour = 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** A live session and one that expired an hour ago, for a fresh account. */
async function liveAndExpired() {
  const user = await createAccount(database.db, 'client');
  const live = await openSession(database.db, user.id);
  const old = await openSession(database.db, user.id);
  const expiredId = hashToken(old.token);
  await database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - hour) })
    .where(eq(sessions.id, expiredId));
  return { user, live, expiredId };
}

const sessionIds = async (userId: string) =>
  (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id);

describe('session clean-up', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const { user, live, expiredId } = await liveAndExpired();
    const result = await purgeExpiredSignInState(database.db);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    const left = await sessionIds(user.id);
    expect(left).not.toContain(expiredId);
    expect(left).toHaveLength(1);
    expect(await findSessionUser(database.db, live.token)).toMatchObject({ id: user.id });
  });

  it('removes address locks that ran out, and keeps counts and locks that still matter', async () => {
    await database.db.insert(signInFailures).values([
      { emailKey: 'spent', failedLoginAttempts: 5, lockUntil: new Date(Date.now() - hour) },
      { emailKey: 'locked', failedLoginAttempts: 5, lockUntil: new Date(Date.now() + hour) },
      { emailKey: 'counting', failedLoginAttempts: 3, lockUntil: null },
    ]);
    await purgeExpiredSignInState(database.db);
    const keys = (await database.db.select().from(signInFailures)).map((r) => r.emailKey).sort();
    expect(keys).toEqual(['counting', 'locked']);
  });

  it("runs on the job queue's schedule", async () => {
    const { user, expiredId } = await liveAndExpired();
    const lines: string[] = [];
    const queue = await startJobQueue(
      database.pool,
      { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
      () => {},
    );
    try {
      // Every minute: the schedule is due as soon as the queue starts.
      await scheduleSessionCleanup(queue, database.db, '* * * * *', {
        info: (line) => lines.push(line),
        error: () => {},
      });
      await expect.poll(() => lines.length, { timeout: 15_000 }).toBe(1);
    } finally {
      await queue.stop();
    }
    expect(lines[0]).toMatch(/removed 1 expired sessions/);
    const left = await sessionIds(user.id);
    expect(left).not.toContain(expiredId);
    expect(left).toHaveLength(1);
  });
});
