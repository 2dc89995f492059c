import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { money, notify, supportRecipient } from '../../../server/mail/notify';
import { mailPiece } from '../../../server/mail/templates';
import type { NotificationType } from '../../../shared/notification-types';
import { RETURN_PARAM, safeReturnPath } from '../../../shared/return-path';
import { PAGE_PATHS, threadPath } from '../../../shared/routes';
import { findUserById } from '../../accounts/server';
import { readRequestFacts } from '../../requests/server';
import { isEssential } from '../notifications.rules';
import { categoryLabel, digestLines, placeNames, wholeKm } from './lead-texts';
import { channelsFor } from './preferences.service';
import { hasSubscription } from './push.repo';
import { unsubscribeUrl } from './unsubscribe-link';

export type MailContext = Pick<
  ServerContext,
  'queueMail' | 'publicUrl' | 'supportEmail' | 'supportLanguage' | 'signer'
>;

const pageLink = (ctx: MailContext, path: string, query?: Record<string, string>) =>
  `${ctx.publicUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

export const requestLink = (ctx: MailContext, workRequestId: string) =>
  pageLink(ctx, `/request/${workRequestId}`);

/** An account mail that tells of no notification (a link to confirm, to reset): always sent. */
const accountHolder = (tx: Db | Tx, userId: string) => findUserById(tx, userId);

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

/**
 * The mail the product sends, as handlers of the domain events (src/server/events/catalogue.ts):
 * written in the recipient's language and queued in the transaction of the change it tells of.
 * Each mail of a notification type goes only to people who kept that type's mail on
 * (docs/notifications.md "Preferences"); links to confirm an address or reset a password always.
 */
export function registerMailHandlers(events: EventBus, ctx: MailContext) {
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

  events.on('review.posted', async (tx, { payload }) => {
    const provider = await reader(ctx, tx, payload.providerId, 'review_received');
    if (!provider) return;
    const { user, options } = provider;
    const request = await readRequestFacts(tx, payload.workRequestId);
    const values = {
      name: user.name,
      title: request.title,
      rating: String(payload.rating),
      link: pageLink(ctx, `/provider/${payload.providerId}`),
    };
    await notify(ctx, tx, user, 'reviewReceived', values, options);
  });

  events.on('client_review.posted', async (tx, { payload }) => {
    const client = await reader(ctx, tx, payload.clientId, 'client_reviewed');
    if (!client) return;
    const { user, options } = client;
    const values = {
      name: user.name,
      title: payload.title,
      provider: (await findUserById(tx, payload.providerId))?.name ?? '',
      link: requestLink(ctx, payload.workRequestId),
    };
    await notify(ctx, tx, user, 'clientReviewed', values, options);
  });

  events.on('review.answered', async (tx, { payload }) => {
    if (!payload.clientId) return;
    const client = await reader(ctx, tx, payload.clientId, 'review_answered');
    if (!client) return;
    const { user, options } = client;
    const values = {
      name: user.name,
      provider: (await findUserById(tx, payload.providerId))?.name ?? '',
      link: pageLink(ctx, `/provider/${payload.providerId}`),
    };
    await notify(ctx, tx, user, 'reviewAnswered', values, options);
  });

  // A new lead: mailed at once for an instant alert; a daily alert's waits for the 7:00 mail.
  events.on('lead.matched', async (tx, { payload }) => {
    const nameOf = await placeNames(tx, [payload.placeId]);
    for (const lead of payload.providers) {
      if (lead.frequency !== 'instant') continue;
      const provider = await reader(ctx, tx, lead.providerId, 'new_lead');
      if (!provider) continue;
      const { user, options } = provider;
      const language = user.preferredLanguage;
      const values = {
        name: user.name,
        title: payload.title,
        category: categoryLabel(payload.category, language),
        town: nameOf(payload.placeId, language),
        distance: String(wholeKm(lead.distanceKm)),
        link: requestLink(ctx, payload.workRequestId),
      };
      await notify(ctx, tx, user, 'newLead', values, options);
    }
  });

  events.on('lead.digest_due', async (tx, { payload }) => {
    const provider = await reader(ctx, tx, payload.userId, 'new_lead');
    if (!provider) return;
    const { user, options } = provider;
    const language = user.preferredLanguage;
    const nameOf = await placeNames(
      tx,
      payload.leads.map((lead) => lead.placeId),
    );
    const lines = digestLines(
      payload.leads.map((lead) => ({
        title: lead.title,
        category: lead.category,
        town: nameOf(lead.placeId, language),
        link: requestLink(ctx, lead.workRequestId),
      })),
      language,
    );
    const values = {
      name: user.name,
      count: String(payload.leads.length),
      leads: lines,
      settings: pageLink(ctx, PAGE_PATHS.profile, { tab: 'leads' }),
    };
    await notify(ctx, tx, user, 'newLeadsDigest', values, options);
  });

  events.on('account.verification_requested', async (tx, { payload }) => {
    const user = await accountHolder(tx, payload.userId);
    if (!user) return;
    const back = safeReturnPath(payload.returnTo);
    await notify(ctx, tx, user, 'verify', {
      name: user.name,
      link: pageLink(ctx, '/verify-email', {
        token: payload.token,
        email: user.email,
        ...(back && back !== '/' && { [RETURN_PARAM]: back }),
      }),
    });
  });

  events.on('account.password_reset_requested', async (tx, { payload }) => {
    const user = await accountHolder(tx, payload.userId);
    if (!user) return;
    await notify(ctx, tx, user, 'reset', {
      name: user.name,
      link: pageLink(ctx, '/password-reset', { token: payload.token }),
    });
  });

  // Account security: essential mail, never turned off and never with an unsubscribe link.
  events.on('account.password_changed', async (tx, { payload }) => {
    const person = await reader(ctx, tx, payload.userId, 'password_changed');
    if (!person) return;
    await notify(ctx, tx, person.user, 'passwordChanged', {
      name: person.user.name,
      link: pageLink(ctx, '/password-reset'),
      support: ctx.supportEmail,
    });
  });

  events.on('account.signed_in', async (tx, { payload }) => {
    if (!payload.newDevice) return;
    const person = await reader(ctx, tx, payload.userId, 'new_device_sign_in');
    if (!person) return;
    const { user } = person;
    const named = [payload.browser, payload.os].filter(Boolean).join(', ');
    await notify(ctx, tx, user, 'newDeviceSignIn', {
      name: user.name,
      device: named || mailPiece('unknownDevice', user.preferredLanguage),
      link: pageLink(ctx, PAGE_PATHS.profile, { tab: 'security' }),
      support: ctx.supportEmail,
    });
  });

  events.on('account.two_factor_changed', async (tx, { payload }) => {
    const person = await reader(ctx, tx, payload.userId, 'two_factor_changed');
    if (!person) return;
    await notify(ctx, tx, person.user, payload.enabled ? 'twoFactorOn' : 'twoFactorOff', {
      name: person.user.name,
      link: pageLink(ctx, '/password-reset'),
      support: ctx.supportEmail,
    });
  });

  events.on('contact.message_received', async (tx, { payload }) => {
    const { name, email, subject, message, language } = payload;
    await notify(
      ctx,
      tx,
      supportRecipient(ctx),
      'contact',
      { name, email, subject, message, language },
      { replyTo: email, ref: payload.messageId },
    );
  });

  // A message unread for 10 minutes: by push when its reader gets this type's push on a device,
  // or else by mail (docs/conversations.md). The text as stored: masked before the hire.
  events.on('message.unread', async (tx, { payload }) => {
    const channels = await channelsFor(tx, payload.recipientId, 'message_received');
    if (channels.push && (await hasSubscription(tx, payload.recipientId))) return;
    const recipient = await reader(ctx, tx, payload.recipientId, 'message_received');
    if (!recipient) return;
    const { user, options } = recipient;
    const values = {
      name: user.name,
      sender: payload.senderName ?? mailPiece('aClient', user.preferredLanguage),
      title: payload.title,
      text: payload.text,
      link: pageLink(ctx, threadPath(payload.conversationId)),
    };
    await notify(ctx, tx, user, 'messageReceived', values, options);
  });
}
