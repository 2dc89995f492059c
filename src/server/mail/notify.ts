import type { ServerContext } from '../context';
import type { Db, Tx } from '../db/database';
import { formatEuro } from '../../shared/format';
import type { Language } from '../../shared/languages';
import { renderMail, type MailKind } from './templates';

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
 * way ("1 250,50 €" in Slovak, "€1,250.50" in English).
 *
 * The mail is written out now and queued through `tx`, the transaction of the change it tells
 * of: it is sent only if that change commits, and nobody waits for SMTP. It is rendered here, not
 * by the worker, so that what waits in the queue is exactly what will be sent, in the language
 * and with the facts of the moment the change was made, whatever happens until it is sent.
 */
export async function notify(
  ctx: Pick<ServerContext, 'queueMail'>,
  tx: Db | Tx,
  recipient: Recipient,
  kind: MailKind,
  values: MailValues,
  options?: { replyTo?: string; ref?: string; unsubscribeUrl?: string | undefined },
): Promise<void> {
  const language = recipient.preferredLanguage;
  const texts = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : formatEuro(value.cents, language),
    ]),
  );
  await ctx.queueMail(tx, {
    kind,
    to: recipient.email,
    ...renderMail(kind, language, texts),
    ...(options?.replyTo ? { replyTo: options.replyTo } : {}),
    ...(options?.ref ? { ref: options.ref } : {}),
    ...(options?.unsubscribeUrl ? { unsubscribeUrl: options.unsubscribeUrl } : {}),
  });
}

/** Support as a recipient: SUPPORT_EMAIL, read in SUPPORT_LANGUAGE. */
export const supportRecipient = (
  ctx: Pick<ServerContext, 'supportEmail' | 'supportLanguage'>,
): Recipient => ({ email: ctx.supportEmail, preferredLanguage: ctx.supportLanguage });
