import { currentHttpRequestId } from '../../../server/request-context';
import type { ServerContext } from '../../../server/context';
import type { Signer } from '../../../server/signed-token';
import type { UserRow } from './accounts.repo';
import {
  addFailure,
  writeLock,
  type FailureCounter,
  type FailureState,
} from './sign-in-failures.repo';

/** Spec accounts §4 lockout: 5 consecutive failures lock sign-in for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

/** The address as a key: an HMAC, so the table does not collect the addresses people try. */
export const emailKeyOf = (signer: Signer, email: string) =>
  signer.mac(`sign-in-failures.${email.trim().toLowerCase()}`);

export const isLocked = (state: FailureState) =>
  state.lockUntil !== null && state.lockUntil.getTime() > Date.now();

/**
 * Whose failure it is: an account's, or — when no account has the address — the address's own,
 * counted and locked the same way so that both answer alike (docs/security.md "What refusals reveal").
 */
export type FailedSignIn = { user: Pick<UserRow, 'id' | 'role'> } | { emailKey: string };

/**
 * Counts one failed sign-in — a wrong password, or a wrong code after a right password — and locks
 * sign-in when it is the fifth in a row (a lock that ran out starts a fresh count). A lock writes
 * the `auth.lockout` audit entry and raises a `lockout` alert. Answers whether it locked.
 */
export async function countFailedSignIn(
  ctx: Pick<ServerContext, 'db' | 'writeAudit' | 'recordAlert'>,
  failed: FailedSignIn,
  cause: 'password' | 'second_factor',
): Promise<boolean> {
  const user = 'user' in failed ? failed.user : undefined;
  const counter: FailureCounter =
    'user' in failed ? { userId: failed.user.id } : { emailKey: failed.emailKey };
  const attempts = await addFailure(ctx.db, counter);
  if (attempts < MAX_FAILED_SIGN_INS) return false;
  await writeLock(ctx.db, counter, new Date(Date.now() + LOCK_MINUTES * 60 * 1000));

  const why = `${MAX_FAILED_SIGN_INS} failed sign-ins`;
  const detail = !user
    ? ' (no account has this address)'
    : cause === 'second_factor'
      ? ' (wrong second-factor codes)'
      : '';
  await ctx.writeAudit({
    action: 'auth.lockout',
    outcome: 'failure',
    actorType: user?.role ?? 'anonymous',
    actorId: user?.id ?? null,
    targetType: user?.role,
    targetUserId: user?.id ?? null,
    message: `locked for ${LOCK_MINUTES} minutes after ${why}${detail}`,
  });
  await ctx.recordAlert(
    'lockout',
    !user
      ? `Sign-in was locked for an address without an account after ${why}`
      : cause === 'second_factor'
        ? `An account was locked after ${why}, the last a wrong second-factor code`
        : `An account was locked after ${why}`,
    { user_id: user?.id ?? null, request_id: currentHttpRequestId() ?? null },
  );
  return true;
}
