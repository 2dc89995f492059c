import type { NotificationType } from '../../../shared/notification-types';
import type { InboxPage } from '../inbox.schema';
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

/** A page of the reader's inbox as GET /api/notifications answers it. */
export function presentInboxPage(
  query: { page: number; limit: number },
  found: { rows: NotificationRow[]; total: number; unread: number },
): InboxPage {
  return {
    notifications: found.rows.map(presentNotification),
    unread_count: found.unread,
    pagination: {
      page: query.page,
      total_pages: Math.max(1, Math.ceil(found.total / query.limit)),
      total: found.total,
    },
  };
}
