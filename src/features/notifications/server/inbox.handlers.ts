import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import type { NotificationType } from '../../../shared/notification-types';
import { PAGE_PATHS, threadPath } from '../../../shared/routes';
import { findUserById } from '../../accounts/server';
import { readRequestFacts } from '../../requests/server';
import { forgetRequest, writeNotification, type NewNotification } from './inbox.service';
import { placeNames } from './lead-texts';

/** The pages a notification links to (paths of this site, PAGE_PATHS). */
const requestPage = (workRequestId: string) => `/request/${workRequestId}`;
const providerPage = (providerId: string) => `/provider/${providerId}`;
const SECURITY_PAGE = `${PAGE_PATHS.profile}?tab=security`;

/** The start of a message, as the inbox lists it. */
const EXCERPT_MAX = 140;
const excerpt = (text: string) =>
  text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text;

/** A provider's name as their public page shows it (never a contact detail). */
async function nameOf(tx: Db | Tx, userId: string) {
  return (await findUserById(tx, userId))?.name ?? '';
}

/**
 * The in-app inbox, as handlers of the domain events (docs/notifications.md "Kinds"): each writes
 * the notification of exactly the people the change concerns, in the change's transaction, with
 * only what each of them may see. A notification about a request carries its id (`workRequestId`),
 * so it goes when the request goes; a provider who withdraws their bid loses theirs about it.
 */
export function registerInboxHandlers(events: EventBus) {
  const write = <Type extends NotificationType>(tx: Db | Tx, notification: NewNotification<Type>) =>
    writeNotification(events, tx, notification);

  /** The same kind, about a request, to each of these providers. */
  const toProviders = async (
    tx: Db | Tx,
    providerIds: readonly string[],
    type:
      | 'bid_rejected'
      | 'request_cancelled'
      | 'request_reopened'
      | 'bidding_closed'
      | 'bidding_reopened',
    request: { workRequestId: string; title: string },
  ) => {
    for (const userId of providerIds) {
      await write(tx, {
        userId,
        type,
        data: { work_request_id: request.workRequestId, title: request.title },
        link: requestPage(request.workRequestId),
        workRequestId: request.workRequestId,
      });
    }
  };

  // To the client: their request's bids.
  const toClientOfBid = async (
    tx: Db | Tx,
    type: 'bid_received' | 'bid_changed',
    request: { clientId: string; title: string },
    bid: { workRequestId: string; bidId: string; amountCents: number; providerId: string },
  ) =>
    write(tx, {
      userId: request.clientId,
      type,
      data: {
        work_request_id: bid.workRequestId,
        title: request.title,
        bid_id: bid.bidId,
        amount_cents: bid.amountCents,
        provider_id: bid.providerId,
        provider_name: await nameOf(tx, bid.providerId),
      },
      link: requestPage(bid.workRequestId),
      workRequestId: bid.workRequestId,
    });

  events.on('bid.placed', async (tx, { payload }) => {
    await toClientOfBid(tx, 'bid_received', payload, payload);
  });

  // A revision before the client first saw the bid tells nothing new: they will see it revised.
  events.on('bid.changed', async (tx, { payload }) => {
    if (!payload.seenByClient) return;
    const request = await readRequestFacts(tx, payload.workRequestId);
    await toClientOfBid(tx, 'bid_changed', request, payload);
  });

  // The price of a bid beyond its revisions (docs/bids.md "Priced lines").
  events.on('bid.price_requested', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.providerId,
      type: 'price_requested',
      data: { work_request_id: payload.workRequestId, title: payload.title, bid_id: payload.bidId },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
  });

  events.on('bid.price_proposed', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.clientId,
      type: 'price_proposed',
      data: {
        work_request_id: payload.workRequestId,
        title: payload.title,
        bid_id: payload.bidId,
        amount_cents: payload.amountCents,
        previous_cents: payload.previousCents,
        provider_id: payload.providerId,
        provider_name: await nameOf(tx, payload.providerId),
      },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
  });

  events.on('bid.price_answered', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.providerId,
      type: payload.accepted ? 'price_accepted' : 'price_declined',
      data: {
        work_request_id: payload.workRequestId,
        title: payload.title,
        bid_id: payload.bidId,
        amount_cents: payload.amountCents,
      },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
  });

  events.on('bid.withdrawn', async (tx, { payload }) => {
    const request = await readRequestFacts(tx, payload.workRequestId);
    // The provider gave the request up: once it is no longer open, they may not open it.
    await forgetRequest(tx, payload.workRequestId, payload.providerId);
    await write(tx, {
      userId: request.clientId,
      type: 'bid_withdrawn',
      data: {
        work_request_id: payload.workRequestId,
        title: request.title,
        provider_id: payload.providerId,
        provider_name: await nameOf(tx, payload.providerId),
      },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
  });

  // To the providers who bid: what became of their bid and the request.
  events.on('bid.accepted', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.providerId,
      type: 'bid_accepted',
      data: {
        work_request_id: payload.workRequestId,
        title: payload.title,
        bid_id: payload.bidId,
        amount_cents: payload.amountCents,
      },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
    // A rejected bidder may still open the request (requests.rules.ts `canOpenRequest`).
    await toProviders(tx, payload.rejectedProviderIds, 'bid_rejected', payload);
  });

  events.on('request.cancelled', async (tx, { payload }) => {
    await toProviders(tx, payload.rejectedProviderIds, 'request_cancelled', payload);
  });

  events.on('request.reopened', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.clientId,
      type: 'hire_released',
      data: { work_request_id: payload.workRequestId, title: payload.title },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
    await toProviders(tx, payload.reopenedProviderIds, 'request_reopened', payload);
  });

  // The time for bids ended: the client chooses among the bids or extends; a provider whose bid
  // is still pending hears that no more bids come, and that theirs may still be chosen.
  events.on('request.expired', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.clientId,
      type: 'request_expired',
      data: {
        work_request_id: payload.workRequestId,
        title: payload.title,
        bid_count: payload.bidCount,
      },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
    await toProviders(tx, payload.pendingProviderIds, 'bidding_closed', payload);
  });

  // An expired request was extended and takes bids again: the providers whose bids wait hear it
  // (theirs may change again). An extension of a request still open tells nobody: nothing changed
  // for them but a later end.
  events.on('request.extended', async (tx, { payload }) => {
    if (!payload.reopened) return;
    await toProviders(tx, payload.pendingProviderIds, 'bidding_reopened', payload);
  });

  events.on('request.deleted', async (tx, { payload }) => {
    // Nobody may open it any more: what the inboxes said about it goes, and each bidder keeps
    // only its title, with the way to other open jobs.
    await forgetRequest(tx, payload.workRequestId);
    for (const userId of payload.bidderIds) {
      await write(tx, {
        userId,
        type: 'request_deleted',
        data: { title: payload.title },
        link: PAGE_PATHS.browse,
      });
    }
  });

  events.on('review.posted', async (tx, { payload }) => {
    const request = await readRequestFacts(tx, payload.workRequestId);
    await write(tx, {
      userId: payload.providerId,
      type: 'review_received',
      data: {
        work_request_id: payload.workRequestId,
        title: request.title,
        rating: payload.rating,
        author_name: payload.anonymous ? null : await nameOf(tx, payload.clientId),
      },
      link: providerPage(payload.providerId),
      workRequestId: payload.workRequestId,
    });
  });

  // To the client: the hired provider reviewed them (not how: that is for providers only).
  events.on('client_review.posted', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.clientId,
      type: 'client_reviewed',
      data: {
        work_request_id: payload.workRequestId,
        title: payload.title,
        provider_name: await nameOf(tx, payload.providerId),
      },
      link: requestPage(payload.workRequestId),
      workRequestId: payload.workRequestId,
    });
  });

  // To the review's author: the provider answered it, under the review on their page.
  events.on('review.answered', async (tx, { payload }) => {
    if (!payload.clientId) return;
    const request = payload.workRequestId
      ? await readRequestFacts(tx, payload.workRequestId)
      : undefined;
    await write(tx, {
      userId: payload.clientId,
      type: 'review_answered',
      data: {
        work_request_id: payload.workRequestId,
        title: request?.title ?? '',
        provider_id: payload.providerId,
        provider_name: await nameOf(tx, payload.providerId),
      },
      link: providerPage(payload.providerId),
      ...(payload.workRequestId ? { workRequestId: payload.workRequestId } : {}),
    });
  });

  // To anyone: their account's security.
  events.on('account.signed_in', async (tx, { payload }) => {
    if (!payload.newDevice) return;
    await write(tx, {
      userId: payload.userId,
      type: 'new_device_sign_in',
      data: { browser: payload.browser, os: payload.os },
      link: SECURITY_PAGE,
    });
  });

  events.on('account.password_changed', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.userId,
      type: 'password_changed',
      data: {},
      link: SECURITY_PAGE,
    });
  });

  events.on('account.two_factor_changed', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.userId,
      type: 'two_factor_changed',
      data: { enabled: payload.enabled },
      link: SECURITY_PAGE,
    });
  });

  // A new request matched a provider's lead alert: in the inbox (and so the bell and the live
  // stream) at once; a daily alert's push waits for 7:00 with its mail.
  events.on('lead.matched', async (tx, { payload }) => {
    const nameOf = placeNames([payload.placeId]);
    for (const lead of payload.providers) {
      const reader = await findUserById(tx, lead.providerId);
      if (!reader) continue;
      await write(tx, {
        userId: lead.providerId,
        type: 'new_lead',
        data: {
          work_request_id: payload.workRequestId,
          title: payload.title,
          category: payload.category,
          place_name: nameOf(payload.placeId, reader.preferredLanguage),
          distance_km: Math.round(lead.distanceKm),
        },
        link: requestPage(payload.workRequestId),
        workRequestId: payload.workRequestId,
        withholdPush: lead.frequency === 'daily',
      });
    }
  });

  // A message unread for 10 minutes (its push follows from this notification, if wanted).
  events.on('message.unread', async (tx, { payload }) => {
    await write(tx, {
      userId: payload.recipientId,
      type: 'message_received',
      data: {
        conversation_id: payload.conversationId,
        work_request_id: payload.workRequestId,
        title: payload.title,
        sender_name: payload.senderName,
        excerpt: excerpt(payload.text),
      },
      link: threadPath(payload.conversationId),
    });
  });
}
