import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../server/db/database';
import { preparedFor } from '../../../server/db/prepared';
import { sessions, users } from './tables';

/** Read for every signed-in request: prepared once (server/db/prepared.ts). */
const liveSession = preparedFor((db) =>
  db
    .select({ userId: users.id, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.accountStatus, 'active'),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

/** The session with this id (a token's hash) if it is live and its account active. */
export async function findLiveSession(db: Db, id: string, now: Date) {
  const [row] = await liveSession(db).execute({ id, now });
  return row;
}

/**
 * Which of these sessions are still live with an active account, in one query: the same rule as
 * `findLiveSession`, for the open live streams of an instance (a stream ends with its session).
 */
export async function findLiveSessionIds(db: Db, ids: readonly string[], now: Date) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...ids]),
        gt(sessions.expiresAt, now),
        eq(users.accountStatus, 'active'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function extendSession(db: Db, id: string, lastSeenAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
}

export async function insertSession(db: Db | Tx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

const before = alias(users, 'before');

/**
 * Marks that a session was opened for the account now. Answers when one was opened before (the
 * row as it was before this update): null for the account's first sign-in.
 */
export async function markSignedIn(db: Db | Tx, userId: string) {
  const [marked] = await db
    .update(users)
    .set({ lastSignedInAt: new Date() })
    .from(before)
    .where(and(eq(users.id, userId), eq(before.id, users.id)))
    .returning({ previous: before.lastSignedInAt });
  return marked?.previous;
}

export async function endSession(db: Db | Tx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but the current. Answers how many ended. */
export async function endAllSessions(db: Db | Tx, userId: string, except?: string) {
  const ended = await db
    .delete(sessions)
    .where(
      except
        ? and(eq(sessions.userId, userId), ne(sessions.id, except))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** A person's live sessions, most recently active first. */
export async function findLiveSessionsOf(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Whether this session is a live one of the person (the one a browser is replacing). */
export async function isLiveSessionOf(db: Db | Tx, userId: string, sessionId: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return row !== undefined;
}

/** Ends the person's session with this public id; answers its id, or undefined if none was theirs. */
export async function endSessionByPublicId(db: Db, userId: string, publicId: string) {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return ended?.id;
}
