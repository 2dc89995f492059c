import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ServerContext } from '../../../server/context';
import type { Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { onFirstUse } from '../../../server/on-first-use';
import { claimOnce } from '../../challenge/server';
import {
  acceptedStep,
  cleanCode,
  groupedKey,
  isRecoveryCode,
  isTotpCode,
  newTotpSecret,
  RECOVERY_BYTES,
  recoveryCodesFrom,
  totpUri,
} from '../two-factor.rules';
import { signInAccess } from './accounts.policy';
import { findUserById, type UserRow } from './accounts.repo';
import { verifyPassword } from './password';
import { openSession, type Browser, type NewSession } from './sessions';
import { countFailedSignIn, isLocked } from './sign-in-failures';
import { clearFailedSignIns } from './sign-in-failures.repo';
import { decryptSecret, encryptSecret } from './two-factor-secret';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findTwoFactor,
  findUnusedRecoveryCodes,
  hasTwoFactor,
  markRecoveryCodeUsed,
  markTwoFactorEnabled,
  recordUsedStep,
  replaceRecoveryCodes,
  writePendingSecret,
} from './two-factor.repo';

/** The QR code library, loaded with the first set-up of a second factor (on-first-use.ts). */
const qrCodes = onFirstUse(async () => (await import('qrcode')).default);

const CHALLENGE_PURPOSE = 'second-factor';
/** Time to open the authenticator and type a code after the password (or Google) was accepted. */
export const SECOND_FACTOR_SECONDS = 5 * 60;

type Me = Pick<UserRow, 'id' | 'role'>;

/** How the first factor was proved; recorded in the audit entry of the completed sign-in. */
export type FirstFactor = 'password' | 'google' | 'reenable';

/** The signed, single-use proof that this browser passed the first factor and owes a code. */
export interface SecondFactorChallenge {
  token: string;
  maxAgeSeconds: number;
}

const auditOf =
  (ctx: ServerContext, me: Me) =>
  (action: string, outcome: 'success' | 'failure', message: string) =>
    ctx.writeAudit({
      action,
      outcome,
      actorType: me.role,
      actorId: me.id,
      targetType: me.role,
      targetUserId: me.id,
      message,
    });

export function issueSecondFactorChallenge(
  ctx: Pick<ServerContext, 'signer'>,
  userId: string,
  via: FirstFactor,
): SecondFactorChallenge {
  return {
    token: ctx.signer.sign(
      CHALLENGE_PURPOSE,
      { user_id: userId, via, id: randomUUID() },
      SECOND_FACTOR_SECONDS,
    ),
    maxAgeSeconds: SECOND_FACTOR_SECONDS,
  };
}

export async function twoFactorStatus(ctx: ServerContext, me: Me) {
  const row = await findTwoFactor(ctx.db, me.id);
  const enabled = Boolean(row?.enabledAt);
  return {
    enabled,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(ctx.db, me.id) : 0,
  };
}

/**
 * Starts (or starts over) an enrolment: a new secret, shown this once as a QR code and a key.
 * An account with a password proves it first: enrolling someone else's phone would lock the owner out.
 */
export async function startEnrolment(ctx: ServerContext, me: Me, password: string | undefined) {
  const user = await findUserById(ctx.db, me.id);
  if (!user) throw new AppError('not_authenticated', 'Authentication required');
  if (await hasTwoFactor(ctx.db, me.id)) throw alreadyEnabled();
  if (user.passwordHash && !(password && (await verifyPassword(password, user.passwordHash)))) {
    await auditOf(ctx, me)('auth.2fa.enable', 'failure', 'wrong password at start');
    throw new AppError('current_password_incorrect', 'Current password incorrect.');
  }
  const secret = newTotpSecret();
  const secretEncrypted = encryptSecret(ctx.signer, secret);
  await writePendingSecret(ctx.db, me.id, secretEncrypted);
  const uri = totpUri(secret, user.email);
  return {
    qr_svg: await (
      await qrCodes()
    ).toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    manual_key: groupedKey(secret),
    otpauth_uri: uri,
  };
}

const alreadyEnabled = () =>
  new AppError('two_factor_already_enabled', 'Two-factor sign-in is already on.');
const notEnabled = () => new AppError('two_factor_not_enabled', 'Two-factor sign-in is off.');
const wrongCode = () =>
  new AppError('two_factor_code_invalid', 'The code is not right. Type the current code.');

/**
 * Accepts an authenticator code for this row once: the step is stored only if it is later than
 * the last one used, in one statement, so two requests cannot both spend the same code.
 */
async function spendTotpCode(ctx: ServerContext, userId: string, code: string, now = Date.now()) {
  const row = await findTwoFactor(ctx.db, userId);
  const secret = row && decryptSecret(ctx.signer, row.secretEncrypted);
  if (!row || !secret) return false;
  const step = acceptedStep(secret, code, now, row.lastUsedStep);
  if (step === undefined) return false;
  return recordUsedStep(ctx.db, userId, step);
}

const hashRecoveryCode = (salt: string, cleaned: string) =>
  createHash('sha256').update(`${salt}.${cleaned}`).digest('base64url');

/** Spends a recovery code if it is one of the account's unused ones; answers whether it was. */
async function spendRecoveryCode(ctx: ServerContext, userId: string, cleaned: string) {
  if (!isRecoveryCode(cleaned)) return false;
  const unused = await findUnusedRecoveryCodes(ctx.db, userId);
  const match = unused.find((row) => {
    const expected = Buffer.from(row.codeHash);
    const actual = Buffer.from(hashRecoveryCode(row.salt, cleaned));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
  if (!match) return false;
  return markRecoveryCodeUsed(ctx.db, match.id);
}

/** Replaces every recovery code of the account with ten new ones; answers them (shown once). */
async function writeRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = recoveryCodesFrom(randomBytes(RECOVERY_BYTES));
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => {
      const salt = randomBytes(16).toString('base64url');
      return { salt, codeHash: hashRecoveryCode(salt, cleanCode(code)) };
    }),
  );
  return codes;
}

/** The first code from the app turns two-factor sign-in on and yields the recovery codes. */
export async function confirmEnrolment(
  ctx: ServerContext,
  me: Me,
  code: string,
): Promise<string[]> {
  const audit = auditOf(ctx, me);
  const row = await findTwoFactor(ctx.db, me.id);
  if (!row) throw notEnabled();
  if (row.enabledAt) throw alreadyEnabled();
  if (!(await spendTotpCode(ctx, me.id, cleanCode(code)))) {
    await audit('auth.2fa.enable', 'failure', 'wrong code at enrolment');
    throw wrongCode();
  }
  const codes = await ctx.db.transaction(async (tx) => {
    await markTwoFactorEnabled(tx, me.id);
    await ctx.events.publish(tx, 'account.two_factor_changed', { userId: me.id, enabled: true });
    return writeRecoveryCodes(tx, me.id);
  });
  await audit('auth.2fa.enable', 'success', 'authenticator app enrolled');
  return codes;
}

/** Turns two-factor sign-in off, given the account's password or a current code. */
export async function disableTwoFactor(
  ctx: ServerContext,
  me: Me,
  proof: { password?: string | undefined; code?: string | undefined },
) {
  const audit = auditOf(ctx, me);
  const user = await findUserById(ctx.db, me.id);
  if (!user || !(await hasTwoFactor(ctx.db, me.id))) throw notEnabled();
  const proved = proof.code
    ? await spendTotpCode(ctx, me.id, cleanCode(proof.code))
    : Boolean(
        proof.password &&
        user.passwordHash &&
        (await verifyPassword(proof.password, user.passwordHash)),
      );
  if (!proved) {
    await audit('auth.2fa.disable', 'failure', proof.code ? 'wrong code' : 'wrong password');
    throw wrongCode();
  }
  await ctx.db.transaction(async (tx) => {
    await deleteTwoFactor(tx, me.id);
    await ctx.events.publish(tx, 'account.two_factor_changed', { userId: me.id, enabled: false });
  });
  await audit(
    'auth.2fa.disable',
    'success',
    `turned off with ${proof.code ? 'a code' : 'the password'}`,
  );
}

/** Ten new recovery codes for a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: ServerContext,
  me: Me,
  code: string,
): Promise<string[]> {
  const audit = auditOf(ctx, me);
  if (!(await hasTwoFactor(ctx.db, me.id))) throw notEnabled();
  if (!(await spendTotpCode(ctx, me.id, cleanCode(code)))) {
    await audit('auth.2fa.recovery_codes', 'failure', 'wrong code');
    throw wrongCode();
  }
  const codes = await ctx.db.transaction((tx) => writeRecoveryCodes(tx, me.id));
  await audit('auth.2fa.recovery_codes', 'success', 'recovery codes replaced');
  return codes;
}

export type SecondFactorOutcome =
  | { kind: 'signed_in'; user: UserRow; session: NewSession }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'locked' };

/**
 * The second step of a sign-in: the challenge from the first step and an authenticator code (or
 * a recovery code). Wrong codes count against the same lockout as wrong passwords; the challenge
 * opens one session only.
 */
export async function completeSecondFactor(
  ctx: ServerContext,
  challengeToken: string | undefined,
  typed: string,
  browser: Browser,
): Promise<SecondFactorOutcome> {
  const payload = ctx.signer.verify<{ user_id: string; via: FirstFactor; id: string }>(
    CHALLENGE_PURPOSE,
    challengeToken,
  );
  const user = payload ? await findUserById(ctx.db, payload.user_id) : undefined;
  if (
    !payload ||
    !user ||
    signInAccess(user) !== 'allowed' ||
    !user.emailVerified ||
    !(await hasTwoFactor(ctx.db, user.id))
  ) {
    return { kind: 'expired' };
  }
  const audit = (action: string, outcome: 'success' | 'failure', message: string) =>
    auditOf(ctx, user)(action, outcome, message);
  if (isLocked(user)) {
    await audit('auth.login.failure', 'failure', 'account locked, second factor refused');
    return { kind: 'locked' };
  }

  const cleaned = cleanCode(typed);
  const usedRecoveryCode = !isTotpCode(cleaned);
  const right = usedRecoveryCode
    ? await spendRecoveryCode(ctx, user.id, cleaned)
    : await spendTotpCode(ctx, user.id, cleaned);
  if (!right) {
    if (await countFailedSignIn(ctx, { user }, 'second_factor')) {
      return { kind: 'locked' };
    }
    await audit(
      'auth.login.failure',
      'failure',
      usedRecoveryCode ? 'wrong or used recovery code' : 'wrong or replayed authenticator code',
    );
    return { kind: 'invalid' };
  }
  if (
    !(await claimOnce(ctx.db, `${CHALLENGE_PURPOSE}.${payload.id}`, new Date(payload.exp * 1000)))
  ) {
    return { kind: 'expired' };
  }
  await clearFailedSignIns(ctx.db, user.id);
  const session = await openSession(ctx.db, user.id, browser);
  if (usedRecoveryCode) {
    await audit(
      'auth.2fa.recovery_code_used',
      'success',
      `recovery code used at sign-in, ${await countUnusedRecoveryCodes(ctx.db, user.id)} left`,
    );
  }
  await audit(
    payload.via === 'google' ? 'auth.google.login' : 'auth.login.success',
    'success',
    `signed in with ${payload.via} and ${usedRecoveryCode ? 'a recovery code' : 'an authenticator code'}`,
  );
  return { kind: 'signed_in', user, session };
}
