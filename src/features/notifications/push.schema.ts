import { z } from 'zod';

/**
 * Push subscriptions on the wire (issue 29 §3; docs/notifications.md "Push"). The body of a
 * subscription is what the browser's `PushSubscription.toJSON()` gives; the server checks the
 * endpoint and the keys themselves (`push_endpoint_refused`, `push_keys_invalid`).
 */
export const pushKeyResponse = z.object({
  /** The server's VAPID public key, base64url: the browser's `applicationServerKey`. */
  public_key: z.string(),
});

export const pushSubscriptionBody = z.object({
  endpoint: z.string().min(1).max(2048),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
  /** The browser may send it; the server does not use it. */
  expirationTime: z.number().nullable().optional(),
});

export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });

/** One device that gets the person's push, as their list of devices shows it. */
export const pushDeviceView = z.object({
  id: z.uuid(),
  /** Browser and system, e.g. "Firefox · Android"; empty when the browser did not say. */
  device: z.string(),
  created_at: z.string(),
  last_pushed_at: z.string().nullable(),
  /** The push service it goes through, e.g. "https://fcm.googleapis.com". */
  endpoint_origin: z.string(),
});

export type PushDeviceView = z.infer<typeof pushDeviceView>;

export const pushDevicesResponse = z.object({ subscriptions: z.array(pushDeviceView) });

export const pushDeviceParams = z.object({ id: z.uuid() });
