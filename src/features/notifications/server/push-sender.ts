import webpush from 'web-push';
import { PrivateAddressError, pushAgent } from './push-network';
import { endpointRefusal, hostOf, type AllowedOrigins } from './push.rules';
import type { PushMessage } from './push-texts';
import type { VapidKeys } from './push-vapid';

/** Where a push goes: a browser's subscription as it is stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the push for a device that is offline (RFC 8030 §5.2). */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a push of the same topic still waiting at the push service (RFC 8030 §5.4). */
  topic: string;
}

/**
 * What became of one push, when it need not be tried again:
 * - `sent`: the push service took it (2xx);
 * - `gone`: the subscription no longer exists (404 or 410): delete it;
 * - `refused`: the endpoint no longer passes the rules (PUSH_ALLOWED_ORIGINS changed): delete it;
 * - `blocked`: its name resolves to an address that is not public now: keep it, send nothing;
 * - `rejected`: the push service refused this push for good (another 4xx, such as 413 or 403).
 * A failure worth another try (429, 5xx, a network error or time-out) is thrown instead.
 */
export type PushOutcome =
  { kind: 'sent' } | { kind: 'gone' | 'refused' | 'blocked' | 'rejected'; detail: string };

export interface PushSender {
  send(target: PushTarget, message: PushMessage, options: PushOptions): Promise<PushOutcome>;
}

export interface PushSenderConfig {
  vapid: VapidKeys;
  allowedOrigins: AllowedOrigins;
  /** One more certificate authority to trust (tests' own push service). */
  trustedCa?: string | undefined;
  /** How long one push may take, connection included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Sends pushes with `web-push`: the payload encrypted for the browser's keys (RFC 8291,
 * `aes128gcm`) and signed with our VAPID key (RFC 8292), over connections to public addresses
 * only (push-network.ts). The endpoint is checked against the rules again before each send: the
 * operator's admitted origins may have changed since the browser subscribed.
 */
export function createPushSender(config: PushSenderConfig): PushSender {
  const trustedNames = new Set(
    [...config.allowedOrigins].map((origin) => hostOf(new URL(origin)).toLowerCase()),
  );
  const agent = pushAgent({ trustedNames, trustedCa: config.trustedCa });
  const vapidDetails = {
    subject: config.vapid.subject,
    publicKey: config.vapid.publicKey,
    privateKey: config.vapid.privateKey,
  };
  return {
    async send(target, message, options) {
      const refusal = endpointRefusal(target.endpoint, config.allowedOrigins);
      if (refusal) return { kind: 'refused', detail: refusal };
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            contentEncoding: 'aes128gcm',
            TTL: options.ttl,
            urgency: options.urgency,
            topic: options.topic,
            agent,
            timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          },
        );
        return { kind: 'sent' };
      } catch (error) {
        if (error instanceof PrivateAddressError) return { kind: 'blocked', detail: error.message };
        if (!(error instanceof webpush.WebPushError)) throw error;
        const status = error.statusCode;
        if (status === 404 || status === 410) return { kind: 'gone', detail: `HTTP ${status}` };
        if (status === 429 || status >= 500) throw error;
        return { kind: 'rejected', detail: `HTTP ${status}: ${String(error.body).slice(0, 200)}` };
      }
    },
  };
}
