import type { CamelCased } from '../../../client/api/types';
import { camelizeKeys } from '../../../shared/case';
import { isNotificationType } from '../../../shared/notification-types';
import type { NotificationView } from '../notifications.schema';

/**
 * The browser's side of the inbox's cache, pure: its keys, what a page of it holds, and how the
 * page changes when a notification arrives or is read. The hooks (notifications.api.ts) and the
 * live connection (useLiveUpdates.ts) apply these; the tests check them without a browser.
 */

export type Notification = CamelCased<NotificationView>;

/** One page of the inbox, as `GET /api/notifications` answers it (camelCased). */
export interface NotificationPage {
  notifications: Notification[];
  unreadCount: number;
  pagination: { page: number; totalPages: number; total?: number };
}

/** Notifications a page of the inbox lists; the bell reads the first page's unread count. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationKeys = {
  /** Everything of the inbox: every page, with its unread count. */
  all: ['notifications'] as const,
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (page: number) => [...notificationKeys.pages(), page] as const,
  /** Which notifications go by mail and push (Notifications tab of My profile). */
  preferences: () => ['notification-preferences'] as const,
};

/** Push on devices: the server's key, the person's devices, and this browser's own subscription. */
export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  devices: () => [...pushKeys.all, 'devices'] as const,
  here: () => [...pushKeys.all, 'here'] as const,
};

/**
 * A notification as the live stream sends it (snake_case JSON, the list's shape), in the shape the
 * inbox's cache holds; undefined for anything that is not one (a newer server's kind is ignored).
 */
export function notificationFromEvent(text: string): Notification | undefined {
  let value: unknown;
  try {
    value = camelizeKeys(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const n = value as Partial<Notification>;
  if (typeof n.id !== 'number' || !isNotificationType(n.type)) return undefined;
  if (typeof n.createdAt !== 'string') return undefined;
  return {
    id: n.id,
    type: n.type,
    createdAt: n.createdAt,
    readAt: typeof n.readAt === 'string' ? n.readAt : null,
    data: n.data !== null && typeof n.data === 'object' ? n.data : {},
    link: typeof n.link === 'string' ? n.link : null,
  };
}

/**
 * The first page with a notification that has just arrived at its top (newest first), one more
 * unread, and the page still its size. One it already lists is left as it is, so a notification
 * the stream sends again after a reconnect is never counted twice.
 */
export function withNewNotification(
  page: NotificationPage,
  notification: Notification,
  pageSize = NOTIFICATIONS_PAGE_SIZE,
): NotificationPage {
  if (page.notifications.some((listed) => listed.id === notification.id)) return page;
  return {
    ...page,
    notifications: [notification, ...page.notifications].slice(0, pageSize),
    unreadCount: page.unreadCount + (notification.readAt === null ? 1 : 0),
  };
}

/** What a person marks as read: some notifications, or all of them. */
export type ReadInput = { ids: number[] } | { all: true };

/**
 * A page after the person read `input`: those notifications read at `readAt`, and the unread
 * count lowered by `newlyRead` (how many of them were unread, counted over every cached page,
 * since the count is the person's, not the page's) or set to the server's answer.
 */
export function withRead(
  page: NotificationPage,
  input: ReadInput,
  readAt: string,
  count: { newlyRead: number } | { unreadCount: number },
): NotificationPage {
  const isRead = (notification: Notification) =>
    'all' in input || input.ids.includes(notification.id);
  return {
    ...page,
    notifications: page.notifications.map((notification) =>
      notification.readAt === null && isRead(notification)
        ? { ...notification, readAt }
        : notification,
    ),
    unreadCount:
      'unreadCount' in count
        ? count.unreadCount
        : 'all' in input
          ? 0
          : Math.max(0, page.unreadCount - count.newlyRead),
  };
}

/** How many of `input`'s notifications the cached pages list as unread (each counted once). */
export function unreadAmong(pages: readonly (NotificationPage | undefined)[], input: ReadInput) {
  const unread = new Set<number>();
  for (const page of pages)
    for (const notification of page?.notifications ?? [])
      if (notification.readAt === null && ('all' in input || input.ids.includes(notification.id)))
        unread.add(notification.id);
  return unread.size;
}
