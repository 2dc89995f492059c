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
