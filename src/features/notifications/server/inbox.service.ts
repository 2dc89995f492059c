import { AppError } from '../../../server/errors';
import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/types';
import type { EventPublisher } from '../../../server/events/bus';
import type { Actor } from '../../../shared/actor';
import type { NotificationType } from '../../../shared/notification-types';
import {
  allChannels,
  channelsFor,
  essentialTurnedOff,
  type Channels,
} from '../notifications.rules';
import {
  insertNotification,
  markRead,
  notificationsPage,
  storedPreference,
  storedPreferences,
  unreadCount,
  writePreferences,
} from './inbox.repo';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** Only what this reader may see: never contact details, never a hidden request's facts. */
  data: Record<string, unknown>;
  /** The page of this site it concerns. */
  link: string;
}

/**
 * Writes a notification to its reader's inbox in the transaction of the change it tells of, and
 * says so (`notification.created`) for the live stream and push, with whether the reader wants
 * this type on their devices.
 */
export async function deliver(events: EventPublisher, tx: Db | Tx, note: NewNotification) {
  const row = await insertNotification(tx, note);
  const { push } = channelsFor(note.type, await storedPreference(tx, note.userId, note.type));
  await events.publish(tx, 'notification.created', {
    notificationId: row.id,
    userId: note.userId,
    type: note.type,
    push,
  });
}

/** Whether this person wants mail of this type (essential mail always). */
export async function wantsEmail(db: Db | Tx, userId: string, type: NotificationType) {
  return channelsFor(type, await storedPreference(db, userId, type)).email;
}

export async function inboxPage(
  ctx: ServerContext,
  me: Actor,
  query: { page: number; limit: number },
) {
  const [page, unread] = await Promise.all([
    notificationsPage(ctx.db, me.id, query),
    unreadCount(ctx.db, me.id),
  ]);
  return { ...page, unread };
}

export async function readNotifications(ctx: ServerContext, me: Actor, ids: number[] | 'all') {
  await markRead(ctx.db, me.id, ids);
  return unreadCount(ctx.db, me.id);
}

export async function preferencesOf(ctx: ServerContext, me: Actor) {
  return allChannels(await storedPreferences(ctx.db, me.id));
}

export async function savePreferences(
  ctx: ServerContext,
  me: Actor,
  changes: Partial<Record<NotificationType, Channels>>,
) {
  if (essentialTurnedOff(changes))
    throw new AppError('notification_essential', 'Security mail cannot be turned off.');
  return ctx.db.transaction(async (tx) => {
    const merged = { ...allChannels(await storedPreferences(tx, me.id)), ...changes };
    const rows = Object.entries(merged)
      .map(([type, channels]) => ({ type: type as NotificationType, ...channels }))
      .filter((row) => !(row.email && row.push));
    await writePreferences(tx, me.id, rows);
    return allChannels(rows);
  });
}
