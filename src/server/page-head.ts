import cs from '../locales/cs/meta.json';
import en from '../locales/en/meta.json';
import ru from '../locales/ru/meta.json';
import sk from '../locales/sk/meta.json';
import uk from '../locales/uk/meta.json';
import { PRODUCT_NAME } from '../shared/brand';
import type { Language } from '../shared/languages';
import { pageKeyOf } from '../shared/page-meta';

const META: Record<Language, typeof sk> = { sk, en, uk, ru, cs };

export interface PageHeadText {
  title: string;
  description: string;
  canonicalPath: string;
}

/** A page's own head from its address (the directory's trade and town), when it has one. */
export type PageHeadFor = (
  pathname: string,
  search: URLSearchParams,
  language: Language,
) => Promise<PageHeadText | undefined>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with the page's language, title, description and canonical address written in,
 * so that crawlers and the first paint see them before the app runs (the app keeps them up to
 * date as the person moves around: useDocumentTitle, PageDescription).
 */
export function withPageHead(
  html: string,
  page: { pathname: string; language: Language; publicUrl: string },
  /** A page's own title, description and canonical path and query, read from its address. */
  own?: PageHeadText,
): string {
  const key = pageKeyOf(page.pathname);
  const meta = META[page.language];
  const title = `${PRODUCT_NAME} — ${own?.title ?? meta.title[key]}`;
  const path = own?.canonicalPath ?? page.pathname.replace(/(.)\/$/, '$1');
  const canonical = `${page.publicUrl.replace(/\/+$/, '')}${path}`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(own?.description ?? meta.description[key])}" />`,
    ...(key === 'notFound' ? [] : [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]),
  ].join('\n    ');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace(/<title>[^<]*<\/title>/, head);
}
