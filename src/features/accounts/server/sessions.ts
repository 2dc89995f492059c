import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../../server/db/database';
import {
  endSession,
  extendSession,
  findLiveSession,
  insertSession,
  isLiveSessionOf,
  markSignedIn,
} from './sessions.repo';

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

/** The signed-in person behind the session cookie, if the session is live and the account active. */
export async function findSessionUser(
  db: Db,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  const id = hashToken(token);
  const row = await findLiveSession(db, id, new Date());
  if (!row) return undefined;
  // Sliding expiry, written at most once a day per session.
  if (Date.now() - row.lastSeenAt.getTime() > DAY_MS) {
    await extendSession(db, id, new Date(), new Date(Date.now() + SESSION_DAYS * DAY_MS));
  }
  return { id: row.userId, role: row.role, sessionId: id };
}

/** The browser a session is opened for: its current session token, if any, and its name. */
export interface Browser {
  previousToken?: string | undefined;
  userAgent?: string | undefined;
  /** The `sign_in_device` cookie: this browser signed in to some account before. */
  deviceProof?: string | undefined;
  /** The client's address (`request.ip`), for the network a sign-in comes from. */
  address?: string | undefined;
}

export interface NewSession {
  /** The secret for the `sid` cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
  /** No session was ever opened for the account before this one (a welcome, not a welcome back). */
  firstSignIn: boolean;
  /** The browser's previous session was a live one of this same account (a sign-in again). */
  replacedOwnSession: boolean;
}

/**
 * Opens a new session for a user. Rotation: the session the browser had (its `sid` token, if
 * any) is ended first.
 */
export async function openSession(
  db: Db | Tx,
  userId: string,
  browser: Browser = {},
): Promise<NewSession> {
  const previousId = browser.previousToken ? hashToken(browser.previousToken) : undefined;
  const replacedOwnSession =
    previousId !== undefined && (await isLiveSessionOf(db, userId, previousId, new Date()));
  if (previousId) await endSession(db, previousId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await insertSession(db, {
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: browser.userAgent?.slice(0, 300) ?? null,
  });
  // The row as it was before this update answers whether the account had signed in before.
  const previous = await markSignedIn(db, userId);
  return { token, expiresAt, firstSignIn: previous === null, replacedOwnSession };
}
