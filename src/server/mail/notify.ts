import type { ServerContext } from '../context';
import { formatEuro } from '../../shared/format';
import type { Language } from '../../shared/languages';
import type { MailKind } from './templates';

/** A money amount in a mail, in integer cents; written out in the recipient's language. */
export interface MailMoney {
  cents: number;
}

export const money = (cents: number): MailMoney => ({ cents });

export type MailValues = Record<string, string | MailMoney>;

/** Whoever receives a product mail: an account (its saved language) or support. */
export interface Recipient {
  email: string;
  preferredLanguage: Language;
}

/**
 * The one place that picks a mail's language and formats what depends on it: the mail is
 * written in the recipient's preferred language, and every money amount in that language's
 * way ("1 250,50 €" in Slovak, "€1,250.50" in English). Never throws: a failed send answers
 * false and raises an `email` alert (see `mailSender`).
 */
export function notify(
  ctx: Pick<ServerContext, 'sendMail'>,
  recipient: Recipient,
  kind: MailKind,
  values: MailValues,
  options?: { replyTo?: string },
): Promise<boolean> {
  const language = recipient.preferredLanguage;
  const texts = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : formatEuro(value.cents, language),
    ]),
  );
  return ctx.sendMail(kind, recipient.email, language, texts, options);
}

/** Support as a recipient: SUPPORT_EMAIL, read in SUPPORT_LANGUAGE. */
export const supportRecipient = (
  ctx: Pick<ServerContext, 'supportEmail' | 'supportLanguage'>,
): Recipient => ({ email: ctx.supportEmail, preferredLanguage: ctx.supportLanguage });
