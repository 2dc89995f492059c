import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { PAGE_PATHS } from '../../../shared/routes';
import { findUserById } from '../../accounts/server';
import { deliver } from './inbox.service';

const requestPath = (workRequestId: string) => `/request/${workRequestId}`;

/** A provider's public name, as their profile shows it; never their contact details. */
async function publicName(tx: Db | Tx, userId: string) {
  return (await findUserById(tx, userId))?.name ?? '';
}

/**
 * The in-app inbox as handlers of the domain events (docs/notifications.md "Kinds"): each event
 * writes a notification for exactly the people it concerns, with only what they may see — a
 * request's title, an amount, a provider's public name.
 */
export function registerInboxHandlers(events: EventBus) {
  events.on('bid.placed', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.clientId,
      type: 'bid_received',
      data: {
        title: payload.title,
        amount_cents: payload.amountCents,
        provider_name: await publicName(tx, payload.providerId),
      },
      link: requestPath(payload.workRequestId),
    });
  });

  events.on('bid.changed', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.clientId,
      type: 'bid_changed',
      data: {
        title: payload.title,
        amount_cents: payload.amountCents,
        provider_name: await publicName(tx, payload.providerId),
      },
      link: requestPath(payload.workRequestId),
    });
  });

  events.on('bid.withdrawn', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.clientId,
      type: 'bid_withdrawn',
      data: { title: payload.title, provider_name: await publicName(tx, payload.providerId) },
      link: requestPath(payload.workRequestId),
    });
  });

  events.on('bid.accepted', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.providerId,
      type: 'bid_accepted',
      data: { title: payload.title, amount_cents: payload.amountCents },
      link: requestPath(payload.workRequestId),
    });
    // The others learn only that someone else was chosen: the request is no longer theirs to open.
    for (const providerId of payload.rejectedProviderIds) {
      await deliver(events, tx, {
        userId: providerId,
        type: 'bid_rejected',
        data: { title: payload.title },
        link: PAGE_PATHS.browse,
      });
    }
  });

  events.on('request.cancelled', async (tx, { payload }) => {
    for (const providerId of payload.rejectedProviderIds) {
      await deliver(events, tx, {
        userId: providerId,
        type: 'request_cancelled',
        data: { title: payload.title },
        link: PAGE_PATHS.browse,
      });
    }
  });

  events.on('request.deleted', async (tx, { payload }) => {
    for (const providerId of payload.bidderProviderIds) {
      await deliver(events, tx, {
        userId: providerId,
        type: 'request_deleted',
        data: { title: payload.title },
        link: PAGE_PATHS.browse,
      });
    }
  });

  events.on('request.reopened', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.clientId,
      type: 'hire_released',
      data: { title: payload.title },
      link: requestPath(payload.workRequestId),
    });
    for (const providerId of payload.reopenedProviderIds) {
      await deliver(events, tx, {
        userId: providerId,
        type: 'request_reopened',
        data: { title: payload.title },
        link: requestPath(payload.workRequestId),
      });
    }
  });

  events.on('review.posted', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.providerId,
      type: 'review_received',
      data: { title: payload.title, rating: payload.rating },
      link: `/provider/${payload.providerId}`,
    });
  });

  events.on('account.password_changed', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.userId,
      type: 'password_changed',
      data: {},
      link: PAGE_PATHS.profile,
    });
  });

  events.on('account.two_factor_changed', async (tx, { payload }) => {
    await deliver(events, tx, {
      userId: payload.userId,
      type: 'two_factor_changed',
      data: { enabled: payload.enabled },
      link: PAGE_PATHS.profile,
    });
  });
}
