import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { notify } from '../../../server/mail/notify';
import type { MailKind } from '../../../server/mail/templates';
import type { NotificationType } from '../../../shared/notification-types';
import { reader, requestLink, type MailContext } from './mail-recipients';

/**
 * The mail of a request's time for bids (docs/requests.md "Time for bids"), beside its inbox
 * notifications (inbox.handlers.ts): it ran out (the client, and the providers whose bids wait),
 * and an expired request was extended and takes bids again (those providers). Each only if they
 * kept that type's mail on, queued in the change's transaction; never anybody's contact.
 */
export function registerRequestEndingMailHandlers(events: EventBus, ctx: MailContext) {
  const send = async (
    tx: Db | Tx,
    userId: string,
    type: NotificationType,
    kind: MailKind,
    request: { workRequestId: string; title: string },
  ) => {
    const found = await reader(ctx, tx, userId, type);
    if (!found) return;
    const { user, options } = found;
    const values = {
      name: user.name,
      title: request.title,
      link: requestLink(ctx, request.workRequestId),
    };
    await notify(ctx, tx, user, kind, values, options);
  };

  events.on('request.expired', async (tx, { payload }) => {
    const kind = payload.bidCount > 0 ? 'requestExpired' : 'requestExpiredNoBids';
    await send(tx, payload.clientId, 'request_expired', kind, payload);
    for (const providerId of payload.pendingProviderIds) {
      await send(tx, providerId, 'bidding_closed', 'biddingClosed', payload);
    }
  });

  events.on('request.extended', async (tx, { payload }) => {
    if (!payload.reopened) return;
    for (const providerId of payload.pendingProviderIds) {
      await send(tx, providerId, 'bidding_reopened', 'biddingReopened', payload);
    }
  });
}
