import cs from '../../locales/cs/mail.json';
import en from '../../locales/en/mail.json';
import ru from '../../locales/ru/mail.json';
import sk from '../../locales/sk/mail.json';
import uk from '../../locales/uk/mail.json';
import type { Language } from '../../shared/languages';
import { PRODUCT_NAME } from '../../shared/brand';

const TEXTS: Record<Language, typeof sk> = { sk, en, uk, ru, cs };

/** The texts of mail.json that are pieces of mails, not mails. */
type MailPiece = 'signature' | 'unknownDevice' | 'aClient';

export type MailKind = Exclude<keyof typeof sk, MailPiece>;

/** A piece of a mail in the recipient's language (the name of a device not recognised, a client not named). */
export const mailPiece = (piece: Exclude<MailPiece, 'signature'>, language: Language) =>
  TEXTS[language][piece];

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

/** Subject and text of a mail in the recipient's language, signed by the product. */
export function renderMail(kind: MailKind, language: Language, values: Record<string, string>) {
  const texts = TEXTS[language];
  const all = { product: PRODUCT_NAME, ...values };
  return {
    subject: fill(texts[kind].subject, all),
    text: `${fill(texts[kind].body, all)}\n\n${fill(texts.signature, all)}\n`,
  };
}
