import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { canReenable } from './accounts.policy';
import {
  enableSelfDisabled,
  findUserById,
  lockAccountStatus,
  writeAccountStatus,
  type AccountStatus,
  type UserRow,
} from './accounts.repo';
import { issueSecondFactorChallenge, type SecondFactorChallenge } from './two-factor.service';
import { hasTwoFactor } from './two-factor.repo';
import type { Browser, NewSession } from './sessions';
import { openSignInSession } from './sign-in-device';
import { endAllSessions } from './sessions.repo';
import { clearFailedSignIns } from './sign-in-failures.repo';

const REENABLE_PURPOSE = 'reenable';
const REENABLE_SECONDS = 10 * 60;

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
    const row = await enableSelfDisabled(tx, user.id);
    if (!row) return undefined;
    // An account with an authenticator owes its code before any session opens.
    const session = (await hasTwoFactor(tx, row.id))
      ? undefined
      : await openSignInSession(ctx, tx, row, browser);
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

/**
 * Turns an account on or off, by its owner (off only) or an administrator, in one transaction
 * with the end of every session of the account, under the account row's lock. Turned off, the
 * person is signed out at once and nothing comes back when the account is turned on again; turned
 * on, any session goes too (one opened by a sign-in that raced the disabling), so an enabled
 * account starts signed out everywhere. Answers the status it had, or undefined for no account.
 */
export async function setAccountStatus(
  db: Db,
  userId: string,
  status: 'active' | 'disabled',
  by: 'self' | 'administrator',
): Promise<AccountStatus | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockAccountStatus(tx, userId);
    if (!before) return undefined;
    await writeAccountStatus(tx, userId, status, status === 'disabled' ? by : null);
    await endAllSessions(tx, userId);
    return before;
  });
}

/** An administrator turns an account on or off (`setAccountStatus`); answers whether it changed. */
export async function setAccountStatusByAdministrator(
  db: Db,
  userId: string,
  status: 'active' | 'disabled',
) {
  const before = await setAccountStatus(db, userId, status, 'administrator');
  return before !== undefined && before !== status;
}

/** Lifts a sign-in lock and forgets the failed attempts (an administrator's unlock). */
export async function unlockSignIn(db: Db, userId: string) {
  await clearFailedSignIns(db, userId);
}
