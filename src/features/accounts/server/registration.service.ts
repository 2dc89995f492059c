import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import type { Language } from '../../../shared/languages';
import { checkChallenge } from '../../challenge/server';
import type { RegisterClientInput, RegisterProviderInput } from '../accounts.schema';
import { consumeMailToken, issueMailToken } from './mail-tokens';
import { hashPassword } from './password';
import { refuseCommonPassword } from './password-policy';
import {
  findUserByEmail,
  insertAccount,
  insertAdministrator,
  markEmailVerified,
  type UserRow,
} from './accounts.repo';

/** A new verification link, queued in `tx` with whatever made it due. */
export async function sendVerificationMail(
  ctx: ServerContext,
  tx: Db | Tx,
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'preferredLanguage'>,
  returnTo?: string,
) {
  const token = await issueMailToken(tx, 'verification', user.id);
  await ctx.events.publish(tx, 'account.verification_requested', {
    userId: user.id,
    token,
    ...(returnTo !== undefined && { returnTo }),
  });
}

/** Registration with email and password: the security question first, then the account, then the verification mail. */
export async function registerAccount(
  ctx: ServerContext,
  role: 'client' | 'provider',
  input: RegisterClientInput | RegisterProviderInput,
  language: Language,
) {
  await checkChallenge(ctx.db, ctx.signer, input);
  refuseCommonPassword(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertAccount(
      tx,
      { email: input.email, name: input.name, role, passwordHash, preferredLanguage: language },
      input.phone_number ?? null,
    );
    if (!created) return undefined;
    await sendVerificationMail(ctx, tx, created, input.next);
    return created;
  });
  if (!user)
    throw new AppError('email_exists', 'An account with this email address already exists.');
  await ctx.writeAudit({
    action: 'auth.register',
    outcome: 'success',
    actorType: role,
    actorId: user.id,
    targetType: role,
    targetUserId: user.id,
    message: 'registered with email and password',
  });
  return user;
}

export async function verifyEmail(
  ctx: ServerContext,
  token: string,
  email: string,
): Promise<{ alreadyVerified: boolean }> {
  const user = await findUserByEmail(ctx.db, email);
  const result = await consumeMailToken(ctx.db, 'verification', token);
  const owned = result.status !== 'invalid' && user !== undefined && result.userId === user.id;
  // A link opened again (or late, or after Google verified the address): the account is fine.
  // Said only to the holder of a token made for the account named in the link.
  if (owned && user.emailVerified) return { alreadyVerified: true };
  if (result.status === 'expired')
    throw new AppError('token_expired', 'Verification token has expired');
  if (result.status !== 'valid' || !owned) {
    throw new AppError('invalid_token', 'This verification link is not valid.');
  }
  await markEmailVerified(ctx.db, user.id);
  await ctx.writeAudit({
    action: 'auth.email.verify',
    outcome: 'success',
    actorType: user.role,
    actorId: user.id,
    targetUserId: user.id,
  });
  return { alreadyVerified: false };
}

/** Same answer whether or not the account exists; mail goes only to an unverified one. */
export async function resendVerification(ctx: ServerContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.emailVerified) {
    await ctx.db.transaction((tx) => sendVerificationMail(ctx, tx, user));
  }
}

/**
 * Makes sure the administrator named by ADMIN_EMAIL exists. The only ways to the role are this
 * and `npm run admin:create`; no sign-up leads there.
 */
export async function ensureAdministrator(
  ctx: Pick<ServerContext, 'db'> & Partial<Pick<ServerContext, 'passwordCost'>>,
  email: string,
  password: string,
) {
  const existing = await findUserByEmail(ctx.db, email);
  if (existing && existing.role !== 'administrator') {
    throw new Error(
      `ADMIN_EMAIL ${email} already belongs to a ${existing.role} account; choose another address.`,
    );
  }
  if (existing) return { created: false };
  const passwordHash = await hashPassword(password, ctx.passwordCost);
  await ctx.db.transaction((tx) =>
    insertAdministrator(tx, { email, name: 'Administrator', passwordHash }),
  );
  return { created: true };
}
