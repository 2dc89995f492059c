import cs from '../../../locales/cs/unsubscribe.json';
import en from '../../../locales/en/unsubscribe.json';
import ru from '../../../locales/ru/unsubscribe.json';
import sk from '../../../locales/sk/unsubscribe.json';
import uk from '../../../locales/uk/unsubscribe.json';
import { PRODUCT_NAME } from '../../../shared/brand';
import type { Language } from '../../../shared/languages';
import { PAGE_PATHS } from '../../../shared/routes';
import { UNSUBSCRIBE_PATH } from './unsubscribe-link';

const TEXTS: Record<Language, typeof sk> = { sk, en, uk, ru, cs };

/** The types whose mail an unsubscribe link can turn off (every type but account security). */
export type UnsubscribableType = keyof typeof sk.kinds;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');

/**
 * A small page of its own, without script or style (the API's strict CSP holds; form-action
 * 'self' lets its one button post), never indexed.
 */
function page(language: Language, title: string, body: string[]) {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(`${title} · ${PRODUCT_NAME}`)}</title>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...body,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}

/**
 * What the unsubscribe link opens (GET): what will be turned off, in the person's language, and a
 * button that posts it, as RFC 8058's one-click body. Opening it changes nothing: mail scanners
 * fetch links.
 */
export function confirmationPage(language: Language, type: UnsubscribableType, token: string) {
  const texts = TEXTS[language];
  const kind = texts.kinds[type];
  const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  return page(language, texts.title, [
    `<p>${escapeHtml(fill(texts.question, { kind }))}</p>`,
    `<p>${escapeHtml(texts.stays)}</p>`,
    `<form method="post" action="${escapeHtml(action)}">`,
    '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
    `<button type="submit">${escapeHtml(texts.button)}</button>`,
    '</form>',
  ]);
}

/** The answer to the POST: that type's mail is off, and where to turn it on again. */
export function turnedOffPage(language: Language, type: UnsubscribableType) {
  const texts = TEXTS[language];
  const kind = texts.kinds[type];
  return page(language, texts.doneTitle, [
    `<p>${escapeHtml(fill(texts.done, { kind }))}</p>`,
    `<p>${escapeHtml(texts.stays)}</p>`,
    `<p><a href="${PAGE_PATHS.profile}">${escapeHtml(texts.profile)}</a></p>`,
  ]);
}
