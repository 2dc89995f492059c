import type { NotificationType } from '../../../shared/notification-types';
import type { NotificationView } from '../notifications.schema';
import type { notifications } from './tables';

type NotificationRow = typeof notifications.$inferSelect;

/** A notification row in the shape of the wire: the inbox's list and the live stream's event. */
export function presentNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type as NotificationType,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    data: row.data,
    link: row.link,
  };
}
