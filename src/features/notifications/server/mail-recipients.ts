import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/types';
import type { NotificationType } from '../../../shared/notification-types';
import { findUserById } from '../../accounts/server';
import { isEssential } from '../notifications.rules';
import { channelsFor } from './preferences.service';
import { unsubscribeUrl } from './unsubscribe-link';

/** What the mail handlers (`*mail.handlers.ts`) share: their context, links and readers. */
export type MailContext = Pick<
  ServerContext,
  'queueMail' | 'publicUrl' | 'supportEmail' | 'supportLanguage' | 'signer'
>;

export const pageLink = (ctx: MailContext, path: string, query?: Record<string, string>) =>
  `${ctx.publicUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

export const requestLink = (ctx: MailContext, workRequestId: string) =>
  pageLink(ctx, `/request/${workRequestId}`);

/**
 * The person as the recipient of the mail of a notification type, read in the event's
 * transaction: only if they kept that type's mail on (mail about account security is always
 * on). Every mail they may turn off carries its one-click unsubscribe link (RFC 8058).
 */
export async function reader(
  ctx: MailContext,
  tx: Db | Tx,
  userId: string,
  type: NotificationType,
) {
  const user = await findUserById(tx, userId);
  if (!user || !(await channelsFor(tx, userId, type)).email) return undefined;
  const options = isEssential(type) ? {} : { unsubscribeUrl: unsubscribeUrl(ctx, user.id, type) };
  return { user, options };
}
