import cs from '../../../locales/cs/verifications.json';
import en from '../../../locales/en/verifications.json';
import ru from '../../../locales/ru/verifications.json';
import sk from '../../../locales/sk/verifications.json';
import uk from '../../../locales/uk/verifications.json';
import type { EventBus } from '../../../server/events/bus';
import { notify } from '../../../server/mail/notify';
import { formatDay } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { pageLink, reader, type MailContext } from './mail-recipients';

const TEXTS: Record<Language, typeof sk> = { sk, en, uk, ru, cs };

/** A rejection's reason in the provider's language, and the administrator's note as written. */
const reasonText = (
  language: Language,
  { reason, note }: { reason: keyof typeof sk.reasons | null; note: string | null },
) => [reason ? TEXTS[language].reasons[reason] : '', note ?? ''].filter(Boolean).join('\n');

/**
 * The mail of a provider's checks (docs/verifications.md), beside their inbox notifications
 * (verification.handlers.ts): the decision (with a rejection's reason in their language and the
 * administrator's note), and the notices 30 days before a check lapses and when it lapsed; each only if the
 * provider kept that type's mail on, queued in the change's transaction.
 */
export function registerVerificationMailHandlers(events: EventBus, ctx: MailContext) {
  const values = (
    language: Language,
    name: string,
    check: { kind: 'trade_register' | 'insurance'; expiresOn: string | null },
  ) => ({
    name,
    document: TEXTS[language].kinds[check.kind],
    date: check.expiresOn ? formatDay(check.expiresOn, language) : '',
    link: pageLink(ctx, '/profile'),
  });

  events.on('verification.decided', async (tx, { payload }) => {
    const found = await reader(ctx, tx, payload.providerId, 'verification_decided');
    if (!found) return;
    const { user, options } = found;
    const language = user.preferredLanguage;
    await notify(
      ctx,
      tx,
      user,
      payload.approved ? 'verificationApproved' : 'verificationRejected',
      { ...values(language, user.name, payload), reason: reasonText(language, payload) },
      options,
    );
  });

  events.on('verification.expiring', async (tx, { payload }) => {
    const found = await reader(ctx, tx, payload.providerId, 'verification_expiring');
    if (!found) return;
    const { user, options } = found;
    const mail = values(user.preferredLanguage, user.name, payload);
    await notify(ctx, tx, user, 'verificationExpiring', mail, options);
  });

  events.on('verification.expired', async (tx, { payload }) => {
    const found = await reader(ctx, tx, payload.providerId, 'verification_expired');
    if (!found) return;
    const { user, options } = found;
    const mail = values(user.preferredLanguage, user.name, payload);
    await notify(ctx, tx, user, 'verificationExpired', mail, options);
  });
}
