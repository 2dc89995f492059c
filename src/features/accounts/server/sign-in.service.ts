import type { ServerContext } from '../../../server/context';
import { hashPassword, type ScryptCost } from './password';
import { signInAccess } from './accounts.policy';
import { findUserByEmail, type UserRow } from './accounts.repo';
import { reenableProof, type ReenableProof } from './account-status.service';
import { issueSecondFactorChallenge, type SecondFactorChallenge } from './two-factor.service';
import { hasTwoFactor } from './two-factor.repo';
import type { Browser, NewSession, SessionUser } from './sessions';
import {
  carriesDeviceProof,
  deviceProof,
  openSignInSession,
  type DeviceProof,
} from './sign-in-device';
import { endSession } from './sessions.repo';
import { countFailedSignIn, emailKeyOf, isLocked } from './sign-in-failures';
import { clearFailedSignIns, findAddressFailures } from './sign-in-failures.repo';

/** A hash of nobody's password, per cost, so that an unknown email costs one verification too. */
const dummyHashes = new WeakMap<ScryptCost, Promise<string>>();
function dummyHash(cost: ScryptCost) {
  const made = dummyHashes.get(cost);
  if (made) return made;
  const hash = hashPassword('majstri-timing-equaliser', cost);
  dummyHashes.set(cost, hash);
  return hash;
}

/** How a sign-in ends once its first factor (the password, or Google's word) proved who this is. */
export type FirstFactorOutcome =
  | { kind: 'signed_in'; user: UserRow; session: NewSession }
  | { kind: 'second_factor_required'; challenge: SecondFactorChallenge }
  | { kind: 'unverified' }
  | { kind: 'disabled' }
  | { kind: 'disabled_by_self'; user: UserRow; reenableProof: ReenableProof };

export type SignInOutcome =
  | Exclude<FirstFactorOutcome, { kind: 'signed_in' }>
  | { kind: 'signed_in'; user: UserRow; session: NewSession; device: DeviceProof }
  | { kind: 'invalid_credentials' }
  | { kind: 'locked' };

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
  return {
    accountKey: emailKeyOf(ctx.signer, email),
    trusted: carriesDeviceProof(ctx, email, browser),
  };
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
    if (await countFailedSignIn(ctx, user ? { user } : { emailKey }, 'password')) {
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
  const outcome = await afterFirstFactor(
    ctx,
    user,
    {
      via: 'password',
      secondFactor,
      signedIn: 'signed in with password',
      codeRequired: 'password accepted, code required',
    },
    browser,
  );
  return outcome.kind === 'signed_in' ? { ...outcome, device: deviceProof(ctx, email) } : outcome;
}

/** The audit actions of each first factor's endings. */
const FIRST_FACTOR_ACTIONS = {
  password: {
    refused: 'auth.login.failure',
    codeRequired: 'auth.login.second_factor',
    signedIn: 'auth.login.success',
  },
  google: {
    refused: 'auth.google.failure',
    codeRequired: 'auth.google.second_factor',
    signedIn: 'auth.google.login',
  },
} as const;

/**
 * What follows a first factor that proved who this is, the password or Google alike: the account's
 * state may still refuse (disabled by its owner, with the proof to enable it again; disabled
 * otherwise; email not verified); an account with an authenticator owes a code (a signed
 * challenge) before any session opens; otherwise a session opens, which marks the sign-in (the
 * first one is welcomed). Each ending writes one audit entry, in the first factor's words.
 */
export async function afterFirstFactor(
  ctx: ServerContext,
  user: UserRow,
  firstFactor: {
    via: 'password' | 'google';
    /** The account has a confirmed authenticator. */
    secondFactor: boolean;
    /** The audit messages of a session opened and of a code required. */
    signedIn: string;
    codeRequired: string;
  },
  browser: Browser,
): Promise<FirstFactorOutcome> {
  const actions = FIRST_FACTOR_ACTIONS[firstFactor.via];
  const audit = (action: string, outcome: 'success' | 'failure', message: string) =>
    ctx.writeAudit({
      action,
      outcome,
      actorType: user.role,
      actorId: user.id,
      targetType: user.role,
      targetUserId: user.id,
      message,
    });
  const access = signInAccess(user);
  if (access === 'disabled_by_self') {
    await audit(actions.refused, 'failure', 'account disabled by its owner');
    return { kind: 'disabled_by_self', user, reenableProof: reenableProof(ctx, user.id) };
  }
  if (access === 'disabled') {
    await audit(actions.refused, 'failure', `account ${user.accountStatus}`);
    return { kind: 'disabled' };
  }
  if (!user.emailVerified) {
    await audit(actions.refused, 'failure', 'email not verified');
    return { kind: 'unverified' };
  }
  if (firstFactor.secondFactor) {
    await audit(actions.codeRequired, 'success', firstFactor.codeRequired);
    return {
      kind: 'second_factor_required',
      challenge: issueSecondFactorChallenge(ctx, user.id, firstFactor.via),
    };
  }
  const session = await ctx.db.transaction((tx) => openSignInSession(ctx, tx, user, browser));
  await audit(actions.signedIn, 'success', firstFactor.signedIn);
  return { kind: 'signed_in', user, session };
}

/** Ends this browser's session (a visitor without one has nothing to end). */
export async function signOut(ctx: ServerContext, me: SessionUser | undefined) {
  if (!me) return;
  await endSession(ctx.db, me.sessionId);
  await ctx.writeAudit({
    action: 'auth.logout',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
  });
}
