import type { TFunction } from '../../../client/i18n/translator';
import { formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import {
  CHECK_TYPES,
  ESSENTIAL_TYPES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../../../shared/notification-types';
import type { Notification } from './notification-cache';

/**
 * What a notification says, in the reader's language (`notifications:types.<type>`), from the
 * facts its data carries. Pure: `t` is the `notifications` namespace's.
 *
 * The data's fields (src/features/notifications/inbox.schema.ts) are read by name, camelCased as
 * the browser receives them: the request's `title`, the bid's `amountCents` (or `amount` in
 * euros), the `providerName`, a review's `rating` and `authorName`, a sign-in's `browser` and
 * `os`, whether two-factor sign-in was `enabled`, a lead's `placeName` and `distanceKm`. Every one may be missing: the sentence then does
 * without it (`textWithoutTitle`), and a missing fact is simply not shown.
 */
export interface NotificationText {
  /** What happened, in a few words ("New bid"). */
  title: string;
  /** The sentence that says it, naming the request when the data has its title. */
  text: string;
  /** Small facts shown under it ("Price: €89.50"), those the data carries. */
  facts: string[];
}

/** The kinds that tell of a request: all but the account's own (the essential ones) and the checks'. */
export const ABOUT_A_REQUEST: ReadonlySet<NotificationType> = new Set(
  NOTIFICATION_TYPES.filter(
    (type) => !ESSENTIAL_TYPES.includes(type) && !CHECK_TYPES.includes(type),
  ),
);

function textOf(data: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = data[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function amountCentsOf(data: Record<string, unknown>): number | undefined {
  const { amountCents, amount } = data;
  if (typeof amountCents === 'number' && Number.isInteger(amountCents) && amountCents >= 0)
    return amountCents;
  if (typeof amount === 'number' && Number.isFinite(amount) && amount >= 0)
    return Math.round(amount * 100);
  return undefined;
}

function ratingOf(data: Record<string, unknown>): number | undefined {
  const { rating } = data;
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5
    ? rating
    : undefined;
}

export function notificationText(
  notification: Pick<Notification, 'type' | 'data'>,
  t: TFunction,
  language: Language,
): NotificationText {
  const { type, data } = notification;
  const key = `types.${type}`;
  const title = textOf(data, 'title', 'workRequestTitle');
  const text = ABOUT_A_REQUEST.has(type)
    ? title
      ? t(`${key}.text`, { title })
      : t(`${key}.textWithoutTitle`)
    : type === 'two_factor_changed' && typeof data.enabled === 'boolean'
      ? t(`${key}.${data.enabled ? 'textEnabled' : 'textDisabled'}`)
      : t(`${key}.text`);

  const facts: string[] = [];
  const cents = amountCentsOf(data);
  if (cents !== undefined) facts.push(t('facts.amount', { amount: formatEuro(cents, language) }));
  const provider = textOf(data, 'providerName');
  if (provider) facts.push(t('facts.provider', { name: provider }));
  const rating = ratingOf(data);
  if (rating !== undefined) facts.push(t('facts.rating', { rating }));
  const author = textOf(data, 'authorName');
  if (author) facts.push(t('facts.author', { name: author }));
  const device =
    textOf(data, 'device') ??
    ([textOf(data, 'browser'), textOf(data, 'os')].filter(Boolean).join(' · ') || undefined);
  if (device) facts.push(t('facts.device', { device }));
  const place = textOf(data, 'placeName');
  const distance = data.distanceKm;
  if (place) {
    facts.push(
      typeof distance === 'number' && Number.isFinite(distance)
        ? t('facts.place', { place, distance: Math.max(1, Math.round(distance)) })
        : t('facts.placeOnly', { place }),
    );
  }

  return { title: t(`${key}.title`), text, facts };
}
