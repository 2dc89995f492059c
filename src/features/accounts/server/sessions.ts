import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../server/db/database';
import { preparedFor } from '../../../server/db/prepared';
import { sessions, users } from './tables';

const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What startSession hands out (32 random bytes, base64url): anything else is refused unread. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: string;
  role: 'client' | 'provider' | 'administrator';
  sessionId: string;
}

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

/** The signed-in person behind the session cookie, if the session is live and the account active. */
export async function findSessionUser(
  db: Db,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  const id = hashToken(token);
  const [row] = await liveSession(db).execute({ id, now: new Date() });
  if (!row) return undefined;
  // Sliding expiry, written at most once a day per session.
  if (Date.now() - row.lastSeenAt.getTime() > DAY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) })
      .where(eq(sessions.id, id));
  }
  return { id: row.userId, role: row.role, sessionId: id };
}

/** The browser a session is opened for: its current session token, if any, and its name. */
export interface Browser {
  previousToken?: string | undefined;
  userAgent?: string | undefined;
  /** The `sign_in_device` cookie: this browser signed in to some account before. */
  deviceProof?: string | undefined;
}

export interface NewSession {
  /** The secret for the `sid` cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
  /** No session was ever opened for the account before this one (a welcome, not a welcome back). */
  firstSignIn: boolean;
}

const before = alias(users, 'before');

/**
 * Opens a new session for a user. Rotation: the session the browser had (its `sid` token, if
 * any) is ended first.
 */
export async function openSession(
  db: Db | Tx,
  userId: string,
  browser: Browser = {},
): Promise<NewSession> {
  if (browser.previousToken) {
    await db.delete(sessions).where(eq(sessions.id, hashToken(browser.previousToken)));
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: browser.userAgent?.slice(0, 300) ?? null,
  });
  // The row as it was before this update answers whether the account had signed in before.
  const [marked] = await db
    .update(users)
    .set({ lastSignedInAt: new Date() })
    .from(before)
    .where(and(eq(users.id, userId), eq(before.id, users.id)))
    .returning({ previous: before.lastSignedInAt });
  return { token, expiresAt, firstSignIn: marked?.previous === null };
}

export async function endSession(db: Db, sessionId: string) {
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
