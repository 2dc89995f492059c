import type { ErrorCode } from '../../shared/error-codes';
import {
  ESSENTIAL_TYPES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../../shared/notification-types';
import type { ChannelChoice, NotificationPreferences } from './preferences.schema';

/**
 * The rules of a person's channel choices (docs/notifications.md "Preferences"). Pure: no I/O.
 * A type without a stored choice has both channels on; mail about account security is always on.
 */

export const isEssential = (type: NotificationType) => ESSENTIAL_TYPES.includes(type);

/**
 * The mail the old single switch `bid_emails` (PUT /api/users/notifications) turns on and off
 * together: every mail about a bid. `bid_emails` reads true while all of them are on.
 */
export const BID_MAIL_TYPES: readonly NotificationType[] = [
  'bid_received',
  'bid_changed',
  'bid_withdrawn',
  'bid_accepted',
  'bid_rejected',
];

const BOTH_ON: ChannelChoice = { email: true, push: true };

/** The channels a type goes out on for this person, from their stored choice (if any). */
export function channelsOf(type: NotificationType, stored: ChannelChoice | undefined) {
  const choice = stored ?? BOTH_ON;
  return isEssential(type) ? { ...choice, email: true } : choice;
}

/** Every type with its channels, from the person's stored choices. */
export function preferencesFrom(
  stored: readonly ({ type: string } & ChannelChoice)[],
): NotificationPreferences {
  const byType = new Map(stored.map((row) => [row.type, row]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const row = byType.get(type);
      return [type, channelsOf(type, row && { email: row.email, push: row.push })];
    }),
  ) as NotificationPreferences;
}

/** Mail about account security cannot be turned off (the spec: essential mail only). */
export function changeRefusal(
  changes: Partial<Record<NotificationType, ChannelChoice>>,
): ErrorCode | null {
  const refused = Object.entries(changes).some(
    ([type, choice]) => isEssential(type as NotificationType) && choice?.email === false,
  );
  return refused ? 'essential_email_required' : null;
}

/** What `bid_emails` reads: every mail about bids is on. */
export const bidEmailsOf = (preferences: NotificationPreferences) =>
  BID_MAIL_TYPES.every((type) => preferences[type].email);
