import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { describeUserAgent, type SessionUser } from '../../accounts/server';
import type { PushSubscriptionBody } from '../push.schema';
import {
  countSubscriptionsOf,
  deleteSubscriptionOfByEndpoint,
  deleteSubscriptionOfById,
  findSubscriptionByEndpoint,
  listSubscriptionsOf,
  lockSubscriptionsOf,
  saveSubscription,
  type PushSubscriptionRow,
} from './push.repo';
import {
  endpointRefusal,
  PUSH_SUBSCRIPTION_LIMIT,
  readKeys,
  type AllowedOrigins,
} from './push.rules';

/** The device's name as the list shows it: "Firefox · Android", from its User-Agent. */
function deviceName(userAgent: string | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  return [browser, os].filter(Boolean).join(' · ');
}

/**
 * This browser gets the person's push from now on (issue 29 §3). The endpoint must pass the
 * rules of push.rules.ts and the keys must be usable; a browser subscribing again updates its
 * keys, and an endpoint another account held moves to this one (the browser is the person's now).
 */
export async function subscribe(
  ctx: Pick<ServerContext, 'db'>,
  allowedOrigins: AllowedOrigins,
  me: SessionUser,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
): Promise<PushSubscriptionRow> {
  const refusal = endpointRefusal(body.endpoint, allowedOrigins);
  if (refusal) {
    throw new AppError(
      'push_endpoint_refused',
      'This push endpoint is not accepted: only https addresses of public push services are.',
    );
  }
  const read = readKeys(body.keys);
  if ('refused' in read) {
    throw new AppError(
      'push_keys_invalid',
      `The subscription's ${read.refused} key is not valid: p256dh must be a P-256 public key and auth 16 bytes, both base64url.`,
    );
  }
  return ctx.db.transaction(async (tx) => {
    await lockSubscriptionsOf(tx, me.id);
    const existing = await findSubscriptionByEndpoint(tx, body.endpoint);
    if (
      existing?.userId !== me.id &&
      (await countSubscriptionsOf(tx, me.id)) >= PUSH_SUBSCRIPTION_LIMIT
    ) {
      throw new AppError(
        'push_subscription_limit',
        `Push is on for ${PUSH_SUBSCRIPTION_LIMIT} devices already: turn it off on one first.`,
      );
    }
    return saveSubscription(tx, {
      userId: me.id,
      endpoint: body.endpoint,
      ...read.keys,
      device: deviceName(userAgent),
    });
  });
}

/**
 * This browser no longer gets the person's push. Only the person's own subscription goes; an
 * endpoint that is not theirs (or no longer exists) leaves everything as it is, and the answer is
 * the same, so that turning push off twice is not an error.
 */
export async function unsubscribe(
  ctx: Pick<ServerContext, 'db'>,
  me: SessionUser,
  endpoint: string,
): Promise<void> {
  await deleteSubscriptionOfByEndpoint(ctx.db, me.id, endpoint);
}

export async function listDevices(ctx: Pick<ServerContext, 'db'>, me: SessionUser) {
  return listSubscriptionsOf(ctx.db, me.id);
}

/** Turns push off for one of the person's devices; another person's is "not found" alike. */
export async function removeDevice(
  ctx: Pick<ServerContext, 'db'>,
  me: SessionUser,
  id: string,
): Promise<void> {
  if (!(await deleteSubscriptionOfById(ctx.db, me.id, id))) {
    throw new AppError('push_subscription_not_found', 'No such device gets your push.');
  }
}
