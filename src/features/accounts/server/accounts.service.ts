import { and, eq } from 'drizzle-orm';
import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { administratorProfiles, clientProfiles, providerProfiles, sessions, users } from './tables';
import { AppError } from '../../../server/errors';
import type { Language } from '../../../shared/languages';
import { checkChallenge } from '../../challenge/server';
import type { RegisterClientInput, RegisterProviderInput } from '../accounts.schema';
import { checkMailToken, consumeMailToken, issueMailToken } from './mail-tokens';
import { hashPassword, type ScryptCost } from './password';
import { refuseCommonPassword } from './password-policy';
import { canReenable, signInAccess } from './accounts.policy';
import { findUserByEmail, findUserById, type UserRow } from './accounts.repo';
import {
  hasTwoFactor,
  issueSecondFactorChallenge,
  type SecondFactorChallenge,
} from './two-factor.service';
import {
  endAllSessions,
  endSession,
  openSession,
  type Browser,
  type NewSession,
  type SessionUser,
} from './sessions';

import {
  clearFailedSignIns,
  countFailedSignIn,
  emailKeyOf,
  findAddressFailures,
  isLocked,
  LOCK_MINUTES,
  MAX_FAILED_SIGN_INS,
} from './sign-in-failures';

const REENABLE_PURPOSE = 'reenable';
const REENABLE_SECONDS = 10 * 60;
const DEVICE_PURPOSE = 'sign-in-device';
const DEVICE_SECONDS = 365 * 24 * 60 * 60;

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
  requestId: string,
) {
  await checkChallenge(ctx.db, ctx.signer, input);
  refuseCommonPassword(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        role,
        passwordHash,
        preferredLanguage: language,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return undefined;
    if (role === 'client') {
      await tx
        .insert(clientProfiles)
        .values({ userId: created.id, phoneNumber: input.phone_number ?? null });
    } else {
      await tx.insert(providerProfiles).values({
        userId: created.id,
        contactEmail: created.email,
        contactPhone: input.phone_number ?? null,
      });
    }
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
    requestId,
    message: 'registered with email and password',
  });
  return user;
}

export async function verifyEmail(
  ctx: ServerContext,
  token: string,
  email: string,
  requestId: string,
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
  await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await ctx.writeAudit({
    action: 'auth.email.verify',
    outcome: 'success',
    actorType: user.role,
    actorId: user.id,
    targetUserId: user.id,
    requestId,
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

/** A hash of nobody's password, per cost, so that an unknown email costs one verification too. */
const dummyHashes = new WeakMap<ScryptCost, Promise<string>>();
function dummyHash(cost: ScryptCost) {
  const made = dummyHashes.get(cost);
  if (made) return made;
  const hash = hashPassword('majstri-timing-equaliser', cost);
  dummyHashes.set(cost, hash);
  return hash;
}

export type SignInOutcome =
  | { kind: 'signed_in'; user: UserRow; session: NewSession; device: DeviceProof }
  | { kind: 'second_factor_required'; challenge: SecondFactorChallenge }
  | { kind: 'invalid_credentials' }
  | { kind: 'locked' }
  | { kind: 'unverified' }
  | { kind: 'disabled' }
  | { kind: 'disabled_by_self'; user: UserRow; reenableProof: ReenableProof };

/** A signed note, for a long-lived HttpOnly cookie, that this browser signed in to the account. */
export interface DeviceProof {
  token: string;
  maxAgeSeconds: number;
}

/**
 * What the sign-in limits count an attempt by: the account key (an HMAC of the normalized email,
 * the same whether or not an account has it) and whether this browser signed in to that account
 * before. Neither depends on the account existing, so neither tells whether it does.
 */
export function signInAttempt(
  ctx: ServerContext,
  email: string,
  browser: Browser,
): { accountKey: string; trusted: boolean } {
  const accountKey = emailKeyOf(ctx.signer, email);
  const proof = ctx.signer.verify<{ key: string }>(DEVICE_PURPOSE, browser.deviceProof);
  return { accountKey, trusted: proof?.key === accountKey };
}

/**
 * Checks a password sign-in. A known and an unknown address take the same path and time (both
 * lookups, one scrypt verification) and, until the password is right, the same answers: an
 * address without an account counts failures and locks exactly as an account does.
 */
export async function signIn(
  ctx: ServerContext,
  credentials: { email: string; password: string },
  browser: Browser,
  requestId: string,
): Promise<SignInOutcome> {
  const { email, password } = credentials;
  const { accountKey: emailKey, trusted } = signInAttempt(ctx, email, browser);
  const [user, addressFailures] = await Promise.all([
    findUserByEmail(ctx.db, email),
    findAddressFailures(ctx.db, emailKey),
  ]);
  // Through the same queue whether or not the account exists (docs/security.md "Sign-in under flood").
  const matches = await ctx.passwords.verify(
    password,
    user?.passwordHash ?? (await dummyHash(ctx.passwordCost)),
    trusted ? 'trusted' : 'anonymous',
  );
  const audit = (action: string, outcome: 'success' | 'failure', message: string) =>
    ctx.writeAudit({
      action,
      outcome,
      actorType: user?.role ?? 'anonymous',
      actorId: user?.id ?? null,
      targetType: user?.role,
      targetUserId: user?.id ?? null,
      requestId,
      message,
    });

  if (isLocked(user ?? addressFailures)) {
    await audit(
      'auth.login.failure',
      'failure',
      user ? 'account locked' : 'address locked, no account',
    );
    return { kind: 'locked' };
  }
  if (!user?.passwordHash || !matches) {
    if (await countFailedSignIn(ctx.db, user ? { userId: user.id } : { emailKey })) {
      const why = `${MAX_FAILED_SIGN_INS} failed sign-ins`;
      await audit(
        'auth.lockout',
        'failure',
        `locked for ${LOCK_MINUTES} minutes after ${why}${user ? '' : ' (no account has this address)'}`,
      );
      await ctx.recordAlert(
        'lockout',
        user
          ? `An account was locked after ${why}`
          : `Sign-in was locked for an address without an account after ${why}`,
        { user_id: user?.id ?? null, request_id: requestId },
      );
      return { kind: 'locked' };
    }
    const why = !user
      ? 'unknown account'
      : user.passwordHash
        ? 'wrong password'
        : 'no password set';
    await audit('auth.login.failure', 'failure', why);
    return { kind: 'invalid_credentials' };
  }
  // With two-factor sign-in, the count ends only when the code is right too (two-factor.service).
  const secondFactor = await hasTwoFactor(ctx.db, user.id);
  if (!secondFactor && (user.failedLoginAttempts > 0 || user.lockUntil))
    await clearFailedSignIns(ctx.db, user.id);
  const access = signInAccess(user);
  if (access === 'disabled_by_self') {
    await audit('auth.login.failure', 'failure', 'account disabled by its owner');
    return { kind: 'disabled_by_self', user, reenableProof: reenableProof(ctx, user.id) };
  }
  if (access === 'disabled') {
    await audit('auth.login.failure', 'failure', `account ${user.accountStatus}`);
    return { kind: 'disabled' };
  }
  if (!user.emailVerified) {
    await audit('auth.login.failure', 'failure', 'email not verified');
    return { kind: 'unverified' };
  }
  if (secondFactor) {
    await audit('auth.login.second_factor', 'success', 'password accepted, code required');
    return {
      kind: 'second_factor_required',
      challenge: issueSecondFactorChallenge(ctx, user.id, 'password'),
    };
  }
  const session = await openSession(ctx.db, user.id, browser);
  await audit('auth.login.success', 'success', 'signed in with password');
  return { kind: 'signed_in', user, session, device: deviceProof(ctx, email) };
}

/** The note a browser keeps once it has proved it belongs to the person with this email. */
export function deviceProof(ctx: ServerContext, email: string): DeviceProof {
  const key = emailKeyOf(ctx.signer, email);
  return {
    token: ctx.signer.sign(DEVICE_PURPOSE, { key }, DEVICE_SECONDS),
    maxAgeSeconds: DEVICE_SECONDS,
  };
}

/** A signed proof, for a short-lived HttpOnly cookie, that this browser just proved who owns a self-disabled account. */
export interface ReenableProof {
  token: string;
  maxAgeSeconds: number;
}

export function reenableProof(ctx: ServerContext, userId: string): ReenableProof {
  return {
    token: ctx.signer.sign(REENABLE_PURPOSE, { user_id: userId }, REENABLE_SECONDS),
    maxAgeSeconds: REENABLE_SECONDS,
  };
}

/** Turns a self-disabled account back on, given the proof from a sign-in, and signs it in. */
export async function reenableAccount(
  ctx: ServerContext,
  proof: string | undefined,
  browser: Browser,
  requestId: string,
): Promise<
  | { user: UserRow; session: NewSession }
  | { user: UserRow; secondFactorChallenge: SecondFactorChallenge }
> {
  const payload = ctx.signer.verify<{ user_id: string }>(REENABLE_PURPOSE, proof);
  const user = payload ? await findUserById(ctx.db, payload.user_id) : undefined;
  if (!user || !canReenable(user)) {
    throw new AppError('reenable_not_allowed', 'Sign in again to enable this account.');
  }
  // One transaction: the update locks the account row, so a deletion either happened before it
  // (nothing updated: refused) or waits until the session exists.
  const reenabled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ accountStatus: 'active', disabledBy: null })
      .where(and(eq(users.id, user.id), eq(users.disabledBy, 'self')))
      .returning();
    if (!row) return undefined;
    // An account with an authenticator owes its code before any session opens.
    const session = (await hasTwoFactor(tx, row.id))
      ? undefined
      : await openSession(tx, row.id, browser);
    return { enabled: row, session };
  });
  if (!reenabled) {
    throw new AppError('reenable_not_allowed', 'Sign in again to enable this account.');
  }
  await ctx.writeAudit({
    action: 'account.enable',
    outcome: 'success',
    actorType: user.role,
    actorId: user.id,
    targetUserId: user.id,
    requestId,
    message: 'enabled again by its owner',
  });
  const { enabled, session } = reenabled;
  if (!session) {
    return {
      user: enabled,
      secondFactorChallenge: issueSecondFactorChallenge(ctx, enabled.id, 'reenable'),
    };
  }
  return { user: enabled, session };
}

export async function requestPasswordReset(ctx: ServerContext, email: string, requestId: string) {
  const user = await findUserByEmail(ctx.db, email);
  await ctx.writeAudit({
    action: 'password.reset.request',
    outcome: user ? 'success' : 'failure',
    actorType: user?.role ?? 'anonymous',
    actorId: user?.id ?? null,
    targetUserId: user?.id ?? null,
    requestId,
    message: user ? 'reset link sent' : 'no such account',
  });
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueMailToken(tx, 'reset', user.id);
    await ctx.events.publish(tx, 'account.password_reset_requested', { userId: user.id, token });
  });
}

/** Sets a new password from a reset link. It also lifts a lockout, but does not sign in. */
export async function resetPassword(
  ctx: ServerContext,
  token: string,
  newPassword: string,
  requestId: string,
) {
  refuseCommonPassword(newPassword);
  const result = await consumeMailToken(ctx.db, 'reset', token);
  if (result.status !== 'valid')
    throw new AppError('invalid_token', 'Invalid or expired reset token');
  const passwordHash = await ctx.passwords.hash(newPassword);
  const user = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, failedLoginAttempts: 0, lockUntil: null })
      .where(eq(users.id, result.userId))
      .returning();
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
    requestId,
  });
}

/** The owner is told that their password changed, in `tx` with the change. */
export async function sendPasswordChangedMail(ctx: ServerContext, tx: Db | Tx, user: UserRow) {
  await ctx.events.publish(tx, 'account.password_changed', { userId: user.id });
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
  await ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email,
        name: 'Administrator',
        role: 'administrator',
        passwordHash,
        emailVerified: true,
      })
      .returning({ id: users.id });
    await tx.insert(administratorProfiles).values({ userId: admin!.id, permissions: ['*'] });
  });
  return { created: true };
}

/** Ends this browser's session (a visitor without one has nothing to end). */
export async function signOut(ctx: ServerContext, me: SessionUser | undefined, requestId: string) {
  if (!me) return;
  await endSession(ctx.db, me.sessionId);
  await ctx.writeAudit({
    action: 'auth.logout',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    requestId,
  });
}

/** Whom a reset link is for (the page greets them), without using the link. */
export async function resetLinkOwner(ctx: ServerContext, token: string) {
  const checked = await checkMailToken(ctx.db, 'reset', token);
  const user = checked.status === 'valid' ? await findUserById(ctx.db, checked.userId) : undefined;
  if (!user) throw new AppError('invalid_token', 'Invalid or expired reset token');
  return { email: user.email, name: user.name };
}

/**
 * An administrator turns an account on or off. Turning it off deletes every session of the
 * account in the same transaction, so the person is signed out at once and nothing comes back
 * when the account is turned on again; turning it on deletes any session too (one opened by a
 * sign-in that raced the disabling), so an enabled account starts signed out everywhere.
 * Answers whether the status changed.
 */
export async function setAccountStatusByAdministrator(
  db: Db,
  userId: string,
  status: 'active' | 'disabled',
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: users.accountStatus })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return false;
    await tx
      .update(users)
      .set({ accountStatus: status, disabledBy: status === 'disabled' ? 'administrator' : null })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return before.status !== status;
  });
}

/** Lifts a sign-in lock and forgets the failed attempts (an administrator's unlock). */
export async function unlockSignIn(db: Db, userId: string) {
  await clearFailedSignIns(db, userId);
}
