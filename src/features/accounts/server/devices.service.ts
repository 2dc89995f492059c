import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { SessionUser } from './sessions';
import { endAllSessions, endSessionByPublicId, findLiveSessionsOf } from './sessions.repo';
import { describeUserAgent } from './user-agent';

/** One of the person's live sessions as their device list shows it: never the token or its hash. */
export interface SignedInDevice {
  publicId: string;
  browser: string | null;
  os: string | null;
  signedInAt: Date;
  /** Refreshed at most once a day (sliding expiry), so "last active" is to within a day. */
  lastSeenAt: Date;
  current: boolean;
}

/** The signed-in person's live sessions, most recently active first. */
export async function listOwnSessions(
  ctx: ServerContext,
  me: SessionUser,
): Promise<SignedInDevice[]> {
  const rows = await findLiveSessionsOf(ctx.db, me.id, new Date());
  return rows.map((row) => ({
    publicId: row.publicId,
    ...describeUserAgent(row.userAgent),
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === me.sessionId,
  }));
}

/**
 * Ends one of the person's own sessions; another person's, or one that is gone, is "not found"
 * alike. Answers whether it was this browser's own session.
 */
export async function endOwnSession(
  ctx: ServerContext,
  me: SessionUser,
  publicId: string,
): Promise<{ wasCurrent: boolean }> {
  const ended = await endSessionByPublicId(ctx.db, me.id, publicId);
  if (!ended) throw new AppError('not_found', 'This session has already ended.');
  await ctx.writeAudit({
    action: 'auth.session.end',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    message: 'ended one session from the device list',
  });
  return { wasCurrent: ended === me.sessionId };
}

/** Ends every session of the person but this browser's. Answers how many ended. */
export async function endOtherSessions(ctx: ServerContext, me: SessionUser) {
  const ended = await endAllSessions(ctx.db, me.id, me.sessionId);
  await ctx.writeAudit({
    action: 'auth.session.end_others',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    message: `signed out ${ended} other sessions`,
  });
  return ended;
}
