import type { EventBus } from '../../../server/events/bus';
import { notify } from '../../../server/mail/notify';
import { mailPiece } from '../../../server/mail/templates';
import { PAGE_PATHS, threadPath } from '../../../shared/routes';
import { findUserById } from '../../accounts/server';
import { readRequestFacts } from '../../requests/server';
import { registerAccountMailHandlers } from './account-mail.handlers';
import { categoryLabel, digestLines, placeNames, wholeKm } from './lead-texts';
import { pageLink, reader, requestLink, type MailContext } from './mail-recipients';
import { channelsFor } from './preferences.service';
import { hasSubscription } from './push.repo';
import { registerRequestMailHandlers } from './request-mail.handlers';

/**
 * The mail the product sends, as handlers of the domain events (src/server/events/catalogue.ts):
 * written in the recipient's language and queued in the transaction of the change it tells of.
 * Each mail of a notification type goes only to people who kept that type's mail on
 * (docs/notifications.md "Preferences"); links to confirm an address or reset a password always.
 * The one entry: bids and requests (request-mail.handlers.ts), one's account and the contact form
 * (account-mail.handlers.ts), reviews, leads and messages (here). A hired job's end has its own
 * (completion-mail.handlers.ts).
 */
export function registerMailHandlers(events: EventBus, ctx: MailContext) {
  registerRequestMailHandlers(events, ctx);

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
    const nameOf = placeNames([payload.placeId]);
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
    const nameOf = placeNames(payload.leads.map((lead) => lead.placeId));
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

  registerAccountMailHandlers(events, ctx);

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
