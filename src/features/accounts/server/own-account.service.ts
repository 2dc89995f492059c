import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { SessionUser } from './sessions';
import type { Language } from '../../../shared/languages';
import { canEditClientProfile, isAdministratorOrSelf, type Actor } from './accounts.policy';
import {
  findUserById,
  loadAccount,
  writeBidEmails,
  writeClientProfile,
  writePasswordHash,
  writePreferredLanguage,
  type AccountRow,
  type UserRow,
} from './accounts.repo';
import { sendPasswordChangedMail } from './password-reset.service';
import { refuseCommonPassword } from './password-policy';
import { openSession, type Browser, type NewSession } from './sessions';
import { endAllSessions } from './sessions.repo';
import { setAccountStatus } from './account-status.service';
import { placeOrRefuse } from '../../places/server';

const notAllowed = () => new AppError('insufficient_permissions', 'Insufficient permissions.');

/** An account with its profile, for its owner or an administrator. */
export async function viewAccount(
  ctx: ServerContext,
  actor: Actor,
  userId: string,
): Promise<AccountRow> {
  if (!isAdministratorOrSelf(actor, userId)) throw notAllowed();
  const account = await loadAccount(ctx.db, userId);
  if (!account) throw new AppError('not_authenticated', 'You must be logged in.');
  return account;
}

/**
 * Changes the password after checking the current one. Every session of the account ends; the
 * new one returned is for the browser that made the change.
 */
export async function changePassword(
  ctx: ServerContext,
  me: SessionUser,
  passwords: { current: string; new: string },
  browser: Browser,
): Promise<{ user: UserRow; session: NewSession }> {
  const user = await findUserById(ctx.db, me.id);
  if (!user?.passwordHash) {
    throw new AppError(
      'password_not_set',
      'This account signs in with Google and has no password to change.',
    );
  }
  if (!(await ctx.passwords.verify(passwords.current, user.passwordHash))) {
    await ctx.writeAudit({
      action: 'password.change',
      outcome: 'failure',
      actorType: me.role,
      actorId: me.id,
      targetUserId: me.id,
      message: 'current password incorrect',
    });
    throw new AppError('current_password_incorrect', 'Current password incorrect.');
  }
  refuseCommonPassword(passwords.new);
  const passwordHash = await ctx.passwords.hash(passwords.new);
  const session = await ctx.db.transaction(async (tx) => {
    await writePasswordHash(tx, me.id, passwordHash);
    // Every other device is signed out; this one gets a fresh session.
    await endAllSessions(tx, me.id);
    await sendPasswordChangedMail(ctx, tx, user);
    return openSession(tx, me.id, browser);
  });
  await ctx.writeAudit({
    action: 'password.change',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
  });
  return { user, session };
}

export async function setLanguage(ctx: ServerContext, me: SessionUser, language: Language) {
  await writePreferredLanguage(ctx.db, me.id, language);
}

/**
 * Whether mail about bids (a new, changed or withdrawn bid; a bid accepted or not chosen) is sent
 * to this person: all of it at once. The choices per type belong to the notifications feature,
 * which hears of this (`account.bid_emails_changed`) in the same transaction.
 */
export async function setBidEmails(ctx: ServerContext, me: SessionUser, bidEmails: boolean) {
  await ctx.db.transaction(async (tx) => {
    await writeBidEmails(tx, me.id, bidEmails);
    await ctx.events.publish(tx, 'account.bid_emails_changed', { userId: me.id, bidEmails });
  });
}

/**
 * The client's own form: name, phone, and the usual place and its detail line, which pre-fill a
 * new request. A field left out is cleared, as the form sends every one; a place must be one of
 * the gazetteer's (400 `unknown_place`).
 */
export async function updateClientProfile(
  ctx: ServerContext,
  me: SessionUser,
  input: {
    name: string;
    phone_number?: string | null | undefined;
    location?: string | null | undefined;
    place_id?: number | null | undefined;
  },
) {
  if (!canEditClientProfile(me)) throw notAllowed();
  const placeId = input.place_id ?? null;
  if (placeId !== null) placeOrRefuse(placeId);
  await ctx.db.transaction((tx) =>
    writeClientProfile(tx, me.id, input.name, input.phone_number ?? null, {
      location: input.location ?? null,
      placeId,
    }),
  );
  await ctx.writeAudit({
    action: 'account.update',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
  });
}

/** The owner turns their account off: hidden from others, signed out everywhere at once. */
export async function disableOwnAccount(ctx: ServerContext, me: SessionUser) {
  await setAccountStatus(ctx.db, me.id, 'disabled', 'self');
  await ctx.writeAudit({
    action: 'account.disable',
    outcome: 'success',
    actorType: me.role,
    actorId: me.id,
    targetUserId: me.id,
    message: 'disabled by its owner',
  });
}
