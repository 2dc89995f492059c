import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import type { EventPublisher } from '../../../server/events/bus';
import type { NotificationType } from '../../../shared/notification-types';
import { NOTIFICATION_DATA, type NotificationData } from '../inbox.schema';
import {
  countsOf,
  deleteNotificationsAbout,
  insertNotification,
  markRead,
  notificationsOf,
  unreadCountOf,
} from './notifications.repo';
import { channelsFor } from './preferences.service';

/** One notification for one reader, as the inbox's handlers make it. */
export interface NewNotification<Type extends NotificationType> {
  userId: string;
  type: Type;
  data: NotificationData<Type>;
  /** A path of this site, or null. */
  link: string | null;
  /** The request it is about, while the reader may open it: the row goes with the request. */
  workRequestId?: string | undefined;
  /** Pushed later, or never, whatever the reader's choice (a daily lead waits for 7:00). */
  withholdPush?: boolean | undefined;
}

/**
 * Writes a notification to its reader's inbox in the transaction of the change it tells of, and
 * publishes `notification.created` there, saying whether the reader wants this type pushed to
 * their devices. The data is checked against its type's declaration (inbox.schema.ts): a field
 * nobody declared fails the change rather than reach the reader.
 */
export async function writeNotification<Type extends NotificationType>(
  events: EventPublisher,
  tx: Db | Tx,
  notification: NewNotification<Type>,
) {
  const { userId, type, link } = notification;
  const data = NOTIFICATION_DATA[type].parse(notification.data) as Record<string, unknown>;
  const notificationId = await insertNotification(tx, {
    userId,
    type,
    data,
    link,
    workRequestId: notification.workRequestId ?? null,
  });
  const { push } = await channelsFor(tx, userId, type);
  await events.publish(tx, 'notification.created', {
    notificationId,
    userId,
    type,
    push: push && !notification.withholdPush,
  });
  return notificationId;
}

/** Takes the notifications about a request out of every inbox, or out of one reader's. */
export async function forgetRequest(tx: Db | Tx, workRequestId: string, userId?: string) {
  await deleteNotificationsAbout(tx, workRequestId, userId);
}

/** One page of the reader's inbox, newest first, with their unread count. */
export async function inboxPage(ctx: ServerContext, userId: string, page: number, limit: number) {
  const [rows, counts] = await Promise.all([
    notificationsOf(ctx.db, userId, limit, (page - 1) * limit),
    countsOf(ctx.db, userId),
  ]);
  return { rows, ...counts };
}

/** Marks the reader's own notifications read (these ids, or all); answers what stays unread. */
export async function markAsRead(ctx: ServerContext, userId: string, ids: number[] | 'all') {
  return ctx.db.transaction(async (tx) => {
    await markRead(tx, userId, ids, new Date());
    return unreadCountOf(tx, userId);
  });
}
