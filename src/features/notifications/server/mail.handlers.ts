import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { money, notify, supportRecipient } from '../../../server/mail/notify';
import { RETURN_PARAM, safeReturnPath } from '../../../shared/return-path';
import { PAGE_PATHS } from '../../../shared/routes';
import type { NotificationType } from '../../../shared/notification-types';
import { findUserById } from '../../accounts/server';
import { wantsEmail } from './inbox.service';

type MailContext = Pick<
  ServerContext,
  'queueMail' | 'publicUrl' | 'supportEmail' | 'supportLanguage'
>;

const pageLink = (ctx: MailContext, path: string, query?: Record<string, string>) =>
  `${ctx.publicUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

const requestLink = (ctx: MailContext, workRequestId: string) =>
  pageLink(ctx, `/request/${workRequestId}`);

/**
 * The person as a mail's recipient, read in the event's transaction. Mail that tells of a
 * notification type goes only to people who want that type by mail (notification preferences;
 * bid mail also needs the older `bid_emails` switch on); account mail always.
 */
async function recipient(tx: Db | Tx, userId: string, type: NotificationType | 'account') {
  const user = await findUserById(tx, userId);
  if (!user || type === 'account') return user;
  if (type.startsWith('bid_') && !user.bidEmails) return undefined;
  return (await wantsEmail(tx, userId, type)) ? user : undefined;
}

/**
 * The mail the product sends, as handlers of the domain events (src/server/events/catalogue.ts):
 * written in the recipient's language and queued in the transaction of the change it tells of.
 * Bid mails go only to people who kept them on (`bid_emails`); account mails always.
 */
export function registerMailHandlers(events: EventBus, ctx: MailContext) {
  events.on('bid.placed', async (tx, { payload }) => {
    const client = await recipient(tx, payload.clientId, 'bid_received');
    if (!client) return;
    await notify(ctx, tx, client, 'newBid', {
      name: client.name,
      title: payload.title,
      amount: money(payload.amountCents),
      link: requestLink(ctx, payload.workRequestId),
    });
  });

  events.on('bid.accepted', async (tx, { payload }) => {
    const winner = await recipient(tx, payload.providerId, 'bid_accepted');
    if (winner) {
      await notify(ctx, tx, winner, 'bidAccepted', {
        name: winner.name,
        title: payload.title,
        amount: money(payload.amountCents),
        link: requestLink(ctx, payload.workRequestId),
      });
    }
    // A thank-you to each provider the client did not choose: the title and the way to other
    // open jobs, never the client's contact.
    for (const providerId of payload.rejectedProviderIds) {
      const provider = await recipient(tx, providerId, 'bid_rejected');
      if (!provider) continue;
      await notify(ctx, tx, provider, 'bidNotChosen', {
        name: provider.name,
        title: payload.title,
        link: pageLink(ctx, PAGE_PATHS.browse),
      });
    }
  });

  events.on('request.reopened', async (tx, { payload }) => {
    const client = await recipient(tx, payload.clientId, 'hire_released');
    if (!client) return;
    await notify(ctx, tx, client, 'hireReleased', {
      name: client.name,
      title: payload.title,
      link: requestLink(ctx, payload.workRequestId),
    });
  });

  events.on('account.verification_requested', async (tx, { payload }) => {
    const user = await recipient(tx, payload.userId, 'account');
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
    const user = await recipient(tx, payload.userId, 'account');
    if (!user) return;
    await notify(ctx, tx, user, 'reset', {
      name: user.name,
      link: pageLink(ctx, '/password-reset', { token: payload.token }),
    });
  });

  events.on('account.password_changed', async (tx, { payload }) => {
    const user = await recipient(tx, payload.userId, 'password_changed');
    if (!user) return;
    await notify(ctx, tx, user, 'passwordChanged', {
      name: user.name,
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
}
