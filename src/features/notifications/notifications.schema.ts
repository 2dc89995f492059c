import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../../shared/notification-types';

/** One notification as the inbox lists it and the live stream sends it (wire contract). */
export const notificationView = z.object({
  id: z.number().int().positive(),
  type: z.enum(NOTIFICATION_TYPES),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** Only what the reader may see: titles, amounts, names; never contact details before a hire. */
  data: z.record(z.string(), z.unknown()),
  /** A path of this site the notification concerns, or null. */
  link: z.string().nullable(),
});

export type NotificationView = z.infer<typeof notificationView>;

/** `GET /api/notifications?page=&limit=`. */
export const notificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const notificationsResponse = z.object({
  notifications: z.array(notificationView),
  unread_count: z.number().int(),
  pagination: z.object({ page: z.number(), total_pages: z.number(), total: z.number() }),
});

/** `POST /api/notifications/read`: some of one's own, or all. */
export const markReadBody = z.union([
  z
    .object({
      ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const unreadResponse = z.object({ unread_count: z.number().int() });

const channels = z.object({ email: z.boolean(), push: z.boolean() }).strict();

/** Every type with its channels; a PUT may name only the types it changes. */
export const preferencesBody = z
  .object({
    preferences: z.partialRecord(z.enum(NOTIFICATION_TYPES), channels),
  })
  .strict();

export const preferencesResponse = z.object({
  preferences: z.record(z.enum(NOTIFICATION_TYPES), channels),
});
