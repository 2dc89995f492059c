import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { notify, supportRecipient } from '../../../server/mail/notify';
import { mailPiece } from '../../../server/mail/templates';
import { RETURN_PARAM, safeReturnPath } from '../../../shared/return-path';
import { PAGE_PATHS } from '../../../shared/routes';
import { findUserById } from '../../accounts/server';
import { pageLink, reader, type MailContext } from './mail-recipients';

/** An account mail that tells of no notification (a link to confirm, to reset): always sent. */
const accountHolder = (tx: Db | Tx, userId: string) => findUserById(tx, userId);

/**
 * The mail of one's account (links to confirm an address or reset a password, always sent; the
 * security mail) and of the contact form, registered by registerMailHandlers.
 */
export function registerAccountMailHandlers(events: EventBus, ctx: MailContext) {
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
}
