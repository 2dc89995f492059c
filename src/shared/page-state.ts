import type { Language } from './languages';

/**
 * What a server-rendered page hands the browser to hydrate with, in a non-executing
 * `<script type="application/json" id="page-state">` (no inline script under our CSP): the
 * language and the texts its first render used, and the data its queries were rendered with.
 */
export interface PageState {
  language: Language;
  /** Namespace → texts, for the namespaces the server's render asked for. */
  texts: Record<string, Record<string, unknown>>;
  /** TanStack Query's dehydrated cache (`dehydrate`), opaque here. */
  queries: unknown;
}

export const PAGE_STATE_ID = 'page-state';

/** JSON that can sit inside a `<script>` element: nothing in it can close the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
