import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../server/context';
import {
  attachments,
  clientProfiles,
  providerProfiles,
  users,
  workRequests,
} from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import type { SessionUser } from './sessions';
import type { Language } from '../../../shared/languages';
import { findUserById } from './accounts.repo';
import { sendPasswordChangedMail } from './accounts.service';
import { hashPassword, verifyPassword } from './password';
import { refuseCommonPassword } from './password-policy';
import { clearSessionCookies, endAllSessions, startSession } from './sessions';

export async function changePassword(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  me: SessionUser,
  currentPassword: string,
  newPassword: string,
) {
  const user = await findUserById(ctx.db, me.id);
  if (!user?.passwordHash) {
    throw new AppError(
      'password_not_set',
      'This account signs in with Google and has no password to change.',
    );
  }
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    await ctx.writeAudit({
      action: 'password.change',
      outcome: 'failure',
      actorType: me.role,
      actorId: me.id,
      targetUserId: me.id,
      requestId: request.id,
      message: 'current password incorrect',
    });
    throw new AppError('current_password_incorrect', 'Current password incorrect.');
  }
  refuseCommonPassword(newPassword);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword, ctx.passwordCost) })
    .where(eq(users.id, me.id));
  // Every other device is signed out; this one gets a fresh session.
  await endAllSessions(ctx.db, me.id);
  await startSession(ctx.db, request, reply, user, ctx.secureCookies);
  await ctx.writeAudit({
    action: 'password.change',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    requestId: request.id,
  });
  await sendPasswordChangedMail(ctx, user);
}

export async function setLanguage(ctx: ServerContext, me: SessionUser, language: Language) {
  await ctx.db.update(users).set({ preferredLanguage: language }).where(eq(users.id, me.id));
}

export async function updateClientProfile(
  ctx: ServerContext,
  me: SessionUser,
  input: { name: string; phone_number?: string | null | undefined },
  requestId: string,
) {
  if (me.role !== 'client')
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.name }).where(eq(users.id, me.id));
    await tx
      .update(clientProfiles)
      .set({ phoneNumber: input.phone_number ?? null })
      .where(eq(clientProfiles.userId, me.id));
  });
  await ctx.writeAudit({
    action: 'account.update',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    requestId,
  });
}

/** The owner turns their account off: hidden from others, signed out everywhere. */
export async function disableOwnAccount(
  ctx: ServerContext,
  reply: FastifyReply,
  me: SessionUser,
  requestId: string,
) {
  await ctx.db
    .update(users)
    .set({ accountStatus: 'disabled', disabledBy: 'self' })
    .where(eq(users.id, me.id));
  await endAllSessions(ctx.db, me.id);
  clearSessionCookies(reply);
  await ctx.writeAudit({
    action: 'account.disable',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    requestId,
    message: 'disabled by its owner',
  });
}

/**
 * Removes the person's data at once: the account, its profile, sessions and tokens, requests
 * with their files, and bids (foreign keys cascade). Audit entries keep only ids.
 */
export async function deleteOwnAccount(
  ctx: ServerContext,
  reply: FastifyReply,
  me: SessionUser,
  requestId: string,
) {
  const files = await ctx.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .innerJoin(workRequests, eq(workRequests.id, attachments.workRequestId))
    .where(eq(workRequests.clientId, me.id));
  const [picture] = await ctx.db
    .select({ key: providerProfiles.pictureKey })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, me.id));
  await ctx.db.delete(users).where(eq(users.id, me.id));
  clearSessionCookies(reply);
  await ctx.storage.remove([
    ...files.map((file) => file.key),
    ...(picture?.key ? [picture.key] : []),
  ]);
  await ctx.writeAudit({
    action: 'account.delete',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetType: me.role,
    targetUserId: me.id,
    requestId,
    message: 'deleted by its owner',
  });
}
