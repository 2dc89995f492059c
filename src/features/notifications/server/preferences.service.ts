import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import type { NotificationType } from '../../../shared/notification-types';
import { holdAccount, writeBidEmails } from '../../accounts/server';
import type { ChannelChoice, NotificationPreferences } from '../preferences.schema';
import {
  BID_MAIL_TYPES,
  bidEmailsOf,
  changeRefusal,
  channelsOf,
  preferencesFrom,
} from '../notifications.rules';
import {
  storedChoiceOf,
  storedChoicesOf,
  writeChoices,
  writeEmailChoice,
} from './preferences.repo';

/** Every type with the channels it goes out on for this person. */
export async function preferencesOf(db: Db | Tx, userId: string): Promise<NotificationPreferences> {
  return preferencesFrom(await storedChoicesOf(db, userId));
}

/** The channels one type goes out on for this person (read in the caller's transaction). */
export async function channelsFor(
  db: Db | Tx,
  userId: string,
  type: NotificationType,
): Promise<ChannelChoice> {
  const stored = await storedChoiceOf(db, userId, type);
  return channelsOf(type, stored && { email: stored.email, push: stored.push });
}

/**
 * Keeps the old single switch (`users.bid_emails`, read by GET /api/users/profile) in step with
 * the choices per type: on while every mail about bids is on.
 */
async function mirrorBidEmails(tx: Tx, userId: string) {
  const preferences = await preferencesOf(tx, userId);
  await writeBidEmails(tx, userId, bidEmailsOf(preferences));
  return preferences;
}

/**
 * The person changes the channels of some types (PUT /api/users/notification-preferences). Mail
 * about account security cannot be turned off: such a change is refused whole
 * (`essential_email_required`), and nothing is stored.
 */
export async function choosePreferences(
  ctx: ServerContext,
  userId: string,
  changes: Partial<Record<NotificationType, ChannelChoice>>,
): Promise<NotificationPreferences> {
  if (changeRefusal(changes)) {
    throw new AppError(
      'essential_email_required',
      'Mail about account security cannot be turned off.',
    );
  }
  const choices = Object.entries(changes).map(([type, choice]) => ({
    type: type as NotificationType,
    email: choice.email,
    push: choice.push,
  }));
  return ctx.db.transaction(async (tx) => {
    // The account may be being deleted at this moment: then its owner is signed out.
    if (!(await holdAccount(tx, userId))) {
      throw new AppError('not_authenticated', 'You must be logged in.');
    }
    await writeChoices(tx, userId, choices);
    return mirrorBidEmails(tx, userId);
  });
}

/** The old single switch was turned (`account.bid_emails_changed`): every mail about bids follows. */
export async function followBidEmails(tx: Db | Tx, userId: string, bidEmails: boolean) {
  await writeEmailChoice(tx, userId, BID_MAIL_TYPES, bidEmails);
}

/** One type's mail turned off (the unsubscribe link); the old switch follows. */
export async function turnOffEmail(tx: Tx, userId: string, type: NotificationType) {
  await writeEmailChoice(tx, userId, [type], false);
  await mirrorBidEmails(tx, userId);
}
