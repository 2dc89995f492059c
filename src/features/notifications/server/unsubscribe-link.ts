import type { ServerContext } from '../../../server/context';
import { isNotificationType, type NotificationType } from '../../../shared/notification-types';
import { isEssential } from '../notifications.rules';

const PURPOSE = 'unsubscribe';
/**
 * How long a mail's unsubscribe link works. Long: people unsubscribe from mail they kept for
 * months, and the link only ever turns mail off.
 */
const LINK_SECONDS = 2 * 365 * 24 * 60 * 60;

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * The one-click unsubscribe link of a mail (RFC 8058): signed with SESSION_SECRET (so every
 * instance reads it), naming the person and the type whose mail it turns off. Never made for
 * mail about account security, which cannot be turned off.
 */
export function unsubscribeUrl(
  ctx: Pick<ServerContext, 'signer' | 'publicUrl'>,
  userId: string,
  type: NotificationType,
): string {
  if (isEssential(type)) throw new Error(`Mail of type ${type} cannot be turned off.`);
  const token = ctx.signer.sign(PURPOSE, { u: userId, t: type }, LINK_SECONDS);
  return `${ctx.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** Whom and what a link names, if we signed it, it has not expired and it names a type one may turn off. */
export function readUnsubscribeToken(
  ctx: Pick<ServerContext, 'signer'>,
  token: string | undefined,
): { userId: string; type: NotificationType } | undefined {
  const payload = ctx.signer.verify<{ u?: unknown; t?: unknown }>(PURPOSE, token);
  if (!payload || typeof payload.u !== 'string' || !isNotificationType(payload.t)) return undefined;
  if (isEssential(payload.t)) return undefined;
  return { userId: payload.u, type: payload.t };
}
