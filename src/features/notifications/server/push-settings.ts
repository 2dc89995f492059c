import { DEFAULT_PUSH_RETRY, type PushRetry } from './push-queue';
import type { AllowedOrigins } from './push.rules';
import { generateVapidKeys, type VapidKeys } from './push-vapid';

/** How the server sends push (docs/notifications.md "Push"; env.ts VAPID_*, PUSH_ALLOWED_ORIGINS). */
export interface PushSettings {
  /** The key pair every instance signs with; without it, one made for this app alone (tests). */
  vapid?: VapidKeys;
  /** Origins admitted beside public https push services (PUSH_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Tests only: their push service's certificate authority, trusted by the sender alone. */
  trustedCa?: string;
  /** Tests shorten the waits between a failed push's attempts. */
  retry?: PushRetry;
  /** How long one push may take (10 s). */
  timeoutMs?: number;
}

export interface ResolvedPushSettings {
  vapid: VapidKeys;
  allowedOrigins: AllowedOrigins;
  trustedCa: string | undefined;
  retry: PushRetry;
  timeoutMs: number | undefined;
}

export function resolvePushSettings(
  settings: PushSettings | undefined,
  supportEmail: string,
): ResolvedPushSettings {
  return {
    vapid: settings?.vapid ?? generateVapidKeys(`mailto:${supportEmail}`),
    allowedOrigins: new Set(
      (settings?.allowedOrigins ?? []).map((origin) => new URL(origin).origin),
    ),
    trustedCa: settings?.trustedCa,
    retry: settings?.retry ?? DEFAULT_PUSH_RETRY,
    timeoutMs: settings?.timeoutMs,
  };
}
