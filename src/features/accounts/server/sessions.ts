import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../server/db/database';
import { sessions, users } from '../../../server/db/schema';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Language } from '../../../shared/languages';

export const SESSION_COOKIE = 'sid';
export const SESSION_MARKER_COOKIE = 'has_session';
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
  const [row] = await db
    .select({ userId: users.id, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, new Date()),
        eq(users.accountStatus, 'active'),
      ),
    )
    .limit(1);
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

/** Starts a new session (rotation: any session the browser had is ended first). */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; preferredLanguage: Language },
  secure: boolean,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: user.id,
    expiresAt: expires,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  const base = { path: '/', sameSite: 'lax' as const, secure, expires };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...base, httpOnly: false });
  // The language saved on the account follows the person to every device they sign in on.
  reply.setCookie(LANGUAGE_COOKIE, user.preferredLanguage, {
    path: '/',
    sameSite: 'lax',
    secure,
    maxAge: LANGUAGE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
}

export async function endSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but the current. */
export async function endAllSessions(db: Db, userId: string, except?: string) {
  await db
    .delete(sessions)
    .where(
      except
        ? and(eq(sessions.userId, userId), ne(sessions.id, except))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
