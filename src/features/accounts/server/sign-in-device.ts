import type { ServerContext } from '../../../server/context';
import type { Tx } from '../../../server/db/database';
import type { UserRow } from './accounts.repo';
import { openSession, type Browser, type NewSession } from './sessions';
import { emailKeyOf } from './sign-in-failures';
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

/**
 * Opens the session of a sign-in (a password, Google, a second factor, or an account enabled
 * again) and tells of it (`account.signed_in`) in the same transaction. The device is new when
 * the account signed in before, the browser holds no sign-in note for it (`sign_in_device`, a
 * year long, sent to /api/auth only) and none of the account's live sessions came from it (its
 * previous session, or the same User-Agent). The first sign-in of an account is not "new": there
 * is nothing to compare it with, and the person has just made the account.
 */
export async function openSignInSession(
  ctx: ServerContext,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email'>,
  browser: Browser,
): Promise<NewSession> {
  const session = await openSession(tx, user.id, browser);
  const newDevice =
    !session.firstSignIn && !session.knownBrowser && !carriesDeviceProof(ctx, user.email, browser);
  await ctx.events.publish(tx, 'account.signed_in', {
    userId: user.id,
    newDevice,
    ...describeUserAgent(browser.userAgent),
  });
  return session;
}
