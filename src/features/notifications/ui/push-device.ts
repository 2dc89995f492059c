import { api } from '../../../client/api/client';
import { registerServiceWorker, serviceWorkerSupported } from '../../../client/service-worker';

/**
 * Push on this browser: whether it can, the browser's own subscription, and turning it on and off
 * (docs/notifications.md "Push"). The server's side is the push subscriptions' routes.
 */

/** Why push could not be turned on, for the person (notifications:push.<reason>). */
export class PushRefusal extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'dismissed' | 'failed') {
    super(`push ${reason}`);
    this.name = 'PushRefusal';
  }
}

export const pushSupported = () =>
  serviceWorkerSupported() &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** The browser's answer to "may this site show notifications?" ('default': not asked yet). */
export const pushPermission = (): NotificationPermission | 'unsupported' =>
  pushSupported() ? Notification.permission : 'unsupported';

/**
 * Asks the browser for permission to show notifications. Call it in the person's click itself:
 * browsers ask only then. Older Safari answers through a callback instead of a promise.
 */
export function askPermission(): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    const answer = Notification.requestPermission(resolve);
    if (answer) answer.then(resolve, () => resolve(Notification.permission));
  });
}

/** A base64url string (the server's VAPID key) as bytes, as `applicationServerKey` takes them. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/** This browser's subscription, if it has one (no worker registered means none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this browser with the server's key. `permission` is the browser's answer, asked on
 * the person's click (browsers ask only then). A subscription made with another key (the server's
 * key pair changed) is replaced.
 */
export async function subscribeThisBrowser(
  permission: Promise<NotificationPermission>,
  publicKey: () => Promise<string>,
): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushRefusal('unsupported');
  const answer = await permission;
  if (answer === 'denied') throw new PushRefusal('denied');
  if (answer !== 'granted') throw new PushRefusal('dismissed');
  const registration = await registerServiceWorker();
  const key = base64UrlToBytes(await publicKey());
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  try {
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError')
      throw new PushRefusal('denied');
    throw new PushRefusal('failed');
  }
}

/** The subscription as the server takes it: its endpoint and its two keys, nothing else. */
export function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushRefusal('failed');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

const DEVICE_MARK = 'majstri.push-device';

/** The server's id of this browser's subscription, to find it in the person's list of devices. */
export const deviceMark = {
  get: (): string | null => {
    try {
      return localStorage.getItem(DEVICE_MARK);
    } catch {
      return null;
    }
  },
  set: (id: string | null) => {
    try {
      if (id) localStorage.setItem(DEVICE_MARK, id);
      else localStorage.removeItem(DEVICE_MARK);
    } catch {
      // Storage refused (a private window): the list just does not mark this device.
    }
  },
};

/**
 * Ends push on this browser: the server forgets its endpoint, and the browser its subscription.
 * Used by "turn off here" and before signing out, so that a shared computer does not keep
 * showing the last person's notifications. The server's refusal does not stop the browser's part.
 */
export async function endPushHere(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription().catch(() => null);
  deviceMark.set(null);
  if (!subscription) return;
  await api('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
