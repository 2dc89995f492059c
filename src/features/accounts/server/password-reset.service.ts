import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { checkMailToken, consumeMailToken, issueMailToken } from './mail-tokens';
import { refuseCommonPassword } from './password-policy';
import { findUserByEmail, findUserById, writeResetPassword, type UserRow } from './accounts.repo';
import { endAllSessions } from './sessions.repo';

export async function requestPasswordReset(ctx: ServerContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  await ctx.writeAudit({
    action: 'password.reset.request',
    outcome: user ? 'success' : 'failure',
    actorType: user?.role ?? 'anonymous',
    actorId: user?.id ?? null,
    targetUserId: user?.id ?? null,
    message: user ? 'reset link sent' : 'no such account',
  });
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueMailToken(tx, 'reset', user.id);
    await ctx.events.publish(tx, 'account.password_reset_requested', { userId: user.id, token });
  });
}

/** Sets a new password from a reset link. It also lifts a lockout, but does not sign in. */
export async function resetPassword(ctx: ServerContext, token: string, newPassword: string) {
  refuseCommonPassword(newPassword);
  const result = await consumeMailToken(ctx.db, 'reset', token);
  if (result.status !== 'valid')
    throw new AppError('invalid_token', 'Invalid or expired reset token');
  const passwordHash = await ctx.passwords.hash(newPassword);
  const user = await ctx.db.transaction(async (tx) => {
    const changed = await writeResetPassword(tx, result.userId, passwordHash);
    // The account was deleted after its link was checked.
    if (!changed) throw new AppError('invalid_token', 'Invalid or expired reset token');
    await endAllSessions(tx, result.userId);
    await sendPasswordChangedMail(ctx, tx, changed);
    return changed;
  });
  await ctx.writeAudit({
    action: 'password.reset.complete',
    outcome: 'success',
    actorType: user!.role,
    actorId: user!.id,
    targetUserId: user!.id,
  });
}

/** The owner is told that their password changed, in `tx` with the change. */
export async function sendPasswordChangedMail(ctx: ServerContext, tx: Db | Tx, user: UserRow) {
  await ctx.events.publish(tx, 'account.password_changed', { userId: user.id });
}

/** Whom a reset link is for (the page greets them), without using the link. */
export async function resetLinkOwner(ctx: ServerContext, token: string) {
  const checked = await checkMailToken(ctx.db, 'reset', token);
  const user = checked.status === 'valid' ? await findUserById(ctx.db, checked.userId) : undefined;
  if (!user) throw new AppError('invalid_token', 'Invalid or expired reset token');
  return { email: user.email, name: user.name };
}
