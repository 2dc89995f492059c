import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { money, notify } from '../../../server/mail/notify';
import type { NotificationType } from '../../../shared/notification-types';
import { PAGE_PATHS } from '../../../shared/routes';
import { findUserById } from '../../accounts/server';
import { readRequestFacts } from '../../requests/server';
import { pageLink, reader, requestLink, type MailContext } from './mail-recipients';

/**
 * The mail of bids and of a request's life (bid placed, changed, withdrawn, priced, accepted; a
 * request cancelled, expired, deleted, reopened), registered by registerMailHandlers.
 */
export function registerRequestMailHandlers(events: EventBus, ctx: MailContext) {
  /** The same mail about a request to each of these providers (the way to other open jobs). */
  const toProviders = async (
    tx: Db | Tx,
    providerIds: readonly string[],
    type: NotificationType,
    kind: 'bidNotChosen' | 'requestCancelled' | 'requestDeleted',
    title: string,
  ) => {
    for (const providerId of providerIds) {
      const provider = await reader(ctx, tx, providerId, type);
      if (!provider) continue;
      const { user, options } = provider;
      await notify(
        ctx,
        tx,
        user,
        kind,
        { name: user.name, title, link: pageLink(ctx, PAGE_PATHS.browse) },
        options,
      );
    }
  };

  events.on('bid.placed', async (tx, { payload }) => {
    const client = await reader(ctx, tx, payload.clientId, 'bid_received');
    if (!client) return;
    const { user, options } = client;
    const values = {
      name: user.name,
      title: payload.title,
      amount: money(payload.amountCents),
      link: requestLink(ctx, payload.workRequestId),
    };
    await notify(ctx, tx, user, 'newBid', values, options);
  });

  /** The client of the bid's request, told what a provider did with their bid. */
  const toClientOfBid = async (
    tx: Db | Tx,
    bid: { workRequestId: string; providerId: string; amountCents?: number },
    type: 'bid_changed' | 'bid_withdrawn',
    kind: 'bidChanged' | 'bidWithdrawn',
  ) => {
    const request = await readRequestFacts(tx, bid.workRequestId);
    const client = await reader(ctx, tx, request.clientId, type);
    if (!client) return;
    const { user, options } = client;
    const values = {
      name: user.name,
      provider: (await findUserById(tx, bid.providerId))?.name ?? '',
      title: request.title,
      ...(bid.amountCents === undefined ? {} : { amount: money(bid.amountCents) }),
      link: requestLink(ctx, bid.workRequestId),
    };
    await notify(ctx, tx, user, kind, values, options);
  };

  events.on('bid.changed', async (tx, { payload }) => {
    if (!payload.seenByClient) return;
    await toClientOfBid(tx, payload, 'bid_changed', 'bidChanged');
  });

  events.on('bid.withdrawn', async (tx, { payload }) => {
    await toClientOfBid(tx, payload, 'bid_withdrawn', 'bidWithdrawn');
  });

  // The price of a bid beyond its revisions (docs/bids.md "Priced lines"): one mail each way.
  const aboutPrice = async (
    tx: Db | Tx,
    userId: string,
    type: 'price_requested' | 'price_proposed' | 'price_accepted' | 'price_declined',
    kind: 'priceRequested' | 'priceProposed' | 'priceAccepted' | 'priceDeclined',
    payload: { workRequestId: string; title: string; amountCents?: number; previousCents?: number },
  ) => {
    const recipient = await reader(ctx, tx, userId, type);
    if (!recipient) return;
    const { user, options } = recipient;
    const values = {
      name: user.name,
      title: payload.title,
      ...(payload.amountCents === undefined ? {} : { amount: money(payload.amountCents) }),
      ...(payload.previousCents === undefined ? {} : { previous: money(payload.previousCents) }),
      link: requestLink(ctx, payload.workRequestId),
    };
    await notify(ctx, tx, user, kind, values, options);
  };

  events.on('bid.price_requested', async (tx, { payload }) => {
    await aboutPrice(tx, payload.providerId, 'price_requested', 'priceRequested', payload);
  });

  events.on('bid.price_proposed', async (tx, { payload }) => {
    await aboutPrice(tx, payload.clientId, 'price_proposed', 'priceProposed', payload);
  });

  events.on('bid.price_answered', async (tx, { payload }) => {
    await (payload.accepted
      ? aboutPrice(tx, payload.providerId, 'price_accepted', 'priceAccepted', payload)
      : aboutPrice(tx, payload.providerId, 'price_declined', 'priceDeclined', payload));
  });

  events.on('bid.accepted', async (tx, { payload }) => {
    const winner = await reader(ctx, tx, payload.providerId, 'bid_accepted');
    if (winner) {
      const { user, options } = winner;
      const values = {
        name: user.name,
        title: payload.title,
        amount: money(payload.amountCents),
        link: requestLink(ctx, payload.workRequestId),
      };
      await notify(ctx, tx, user, 'bidAccepted', values, options);
    }
    // A thank-you to each provider the client did not choose: the title and the way to other
    // open jobs, never the client's contact.
    await toProviders(
      tx,
      payload.rejectedProviderIds,
      'bid_rejected',
      'bidNotChosen',
      payload.title,
    );
  });

  events.on('request.cancelled', async (tx, { payload }) => {
    await toProviders(
      tx,
      payload.rejectedProviderIds,
      'request_cancelled',
      'requestCancelled',
      payload.title,
    );
  });

  events.on('request.deleted', async (tx, { payload }) => {
    await toProviders(tx, payload.bidderIds, 'request_deleted', 'requestDeleted', payload.title);
  });

  events.on('request.reopened', async (tx, { payload }) => {
    const link = requestLink(ctx, payload.workRequestId);
    const client = await reader(ctx, tx, payload.clientId, 'hire_released');
    if (client) {
      const { user, options } = client;
      const values = { name: user.name, title: payload.title, link };
      await notify(ctx, tx, user, 'hireReleased', values, options);
    }
    for (const providerId of payload.reopenedProviderIds) {
      const provider = await reader(ctx, tx, providerId, 'request_reopened');
      if (!provider) continue;
      const { user, options } = provider;
      const values = { name: user.name, title: payload.title, link };
      await notify(ctx, tx, user, 'requestReopened', values, options);
    }
  });
}
