import { PAGE_PATHS, isPagePath } from './routes';

/** The query parameter that carries where a person was going through sign-in (`/auth?next=…`). */
export const RETURN_PARAM = 'next';

const MAX_LENGTH = 2000;
/** Control characters (C0, DEL, C1), spaces and backslashes: none belongs in a path of ours. */
const forbidden = (text: string) =>
  [...text].some((char) => {
    const code = char.codePointAt(0)!;
    return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\';
  });
/** Pages that only make sense on the way in: going back to them would start the sign-in again. */
const SIGN_IN_PAGES: string[] = [PAGE_PATHS.auth, PAGE_PATHS.googleCallback];
const BASE = 'https://majstri.invalid';

/**
 * The page to return to after sign-in, if `value` is one of this site's pages: a path starting
 * with one `/`, nothing that a browser could read as another host (`//evil.com`, `/\evil.com`,
 * `https://…`, `javascript:`), in plain or percent-encoded spelling, and no control characters.
 * Anything else answers undefined, and the caller goes home. Used by the browser (the sign-in
 * page) and the server (Google's return), so both refuse the same values.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return;
  if (!value.startsWith('/') || value.startsWith('//')) return;
  // Every spelling a browser or a later decoding could turn into something else is checked too.
  let decoded = value;
  for (let round = 0; round < 3; round += 1) {
    if (forbidden(decoded) || decoded.startsWith('//')) return;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (forbidden(decoded) || decoded.startsWith('//')) return;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return;
  }
  if (url.origin !== BASE) return;
  if (!isPagePath(url.pathname) || SIGN_IN_PAGES.includes(url.pathname)) return;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `safeReturnPath`, or the home page. */
export const returnPathOr = (value: unknown, fallback = PAGE_PATHS.home): string =>
  safeReturnPath(value) ?? fallback;

/** A link to the sign-in page that comes back to `path` (plain `/auth` for home or a refused path). */
export function signInPathFor(path: string | undefined): string {
  const back = safeReturnPath(path);
  if (!back || back === PAGE_PATHS.home) return PAGE_PATHS.auth;
  return `${PAGE_PATHS.auth}?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}
