import type { ServerContext } from '../../../server/context';
import { addressKey } from '../../../server/address-key';
import type { Tx } from '../../../server/db/database';
import type { UserRow } from './accounts.repo';
import { openSession, type Browser, type NewSession } from './sessions';
import { emailKeyOf } from './sign-in-failures';
import { rememberSignInDevice } from './sign-in-devices.repo';
import { describeUserAgent } from './user-agent';

const DEVICE_PURPOSE = 'sign-in-device';
const DEVICE_SECONDS = 365 * 24 * 60 * 60;

/** A signed note, for a long-lived HttpOnly cookie, that this browser signed in to the account. */
export interface DeviceProof {
  token: string;
  maxAgeSeconds: number;
}

/** The note a browser keeps once it has proved it belongs to the person with this email. */
export function deviceProof(ctx: Pick<ServerContext, 'signer'>, email: string): DeviceProof {
  const key = emailKeyOf(ctx.signer, email);
  return {
    token: ctx.signer.sign(DEVICE_PURPOSE, { key }, DEVICE_SECONDS),
    maxAgeSeconds: DEVICE_SECONDS,
  };
}

/** Whether the browser holds the note that it signed in to the account with this email before. */
export function carriesDeviceProof(
  ctx: Pick<ServerContext, 'signer'>,
  email: string,
  browser: Browser,
): boolean {
  const proof = ctx.signer.verify<{ key: string }>(DEVICE_PURPOSE, browser.deviceProof);
  return proof?.key === emailKeyOf(ctx.signer, email);
}

/** How long an account remembers a device it signed in from. */
const DEVICE_MEMORY_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The network of an address: an IPv4 address's /24, an IPv6 address's /64 (one subscriber's).
 * A person's own line keeps its network across the changes of address their provider makes.
 */
export function networkOf(address: string | undefined): string {
  if (!address) return '';
  const key = addressKey(address);
  const ipv4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(key);
  return ipv4 ? `${ipv4[1]}.0/24` : key;
}

/**
 * Opens the session of a sign-in (a password, Google, a second factor, or an account enabled
 * again) and tells of it (`account.signed_in`) in the same transaction, saying whether it came
 * from a new device (docs/notifications.md "Kinds"). It did not when:
 * - it is the account's first sign-in (nothing to compare with: the person just made it);
 * - the browser is replacing a live session of this account (signing in again);
 * - the browser holds the account's sign-in note (`sign_in_device`, a password sign-in's, a year
 *   long; SameSite=Strict, so a Google callback never carries it);
 * - the account signed in from the same User-Agent on the same network within 180 days
 *   (`sign_in_devices`, keyed hashes only).
 */
export async function openSignInSession(
  ctx: ServerContext,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email'>,
  browser: Browser,
): Promise<NewSession> {
  const session = await openSession(tx, user.id, browser);
  const now = new Date();
  const deviceKey = ctx.signer.mac(
    `sign-in-device.${browser.userAgent ?? ''}.${networkOf(browser.address)}`,
  );
  const seenBefore = await rememberSignInDevice(
    tx,
    user.id,
    deviceKey,
    now,
    new Date(now.getTime() - DEVICE_MEMORY_DAYS * DAY_MS),
  );
  const newDevice =
    !session.firstSignIn &&
    !session.replacedOwnSession &&
    !carriesDeviceProof(ctx, user.email, browser) &&
    seenBefore === undefined;
  await ctx.events.publish(tx, 'account.signed_in', {
    userId: user.id,
    newDevice,
    ...describeUserAgent(browser.userAgent),
  });
  return session;
}
