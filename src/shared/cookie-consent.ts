/**
 * The cookie notice's answer is kept in local storage (spec core §1) and mirrored in this cookie,
 * which the server reads to render a page with or without the notice, as the browser will.
 */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_COOKIE_DAYS = 365;

export function consentCookieSet(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).includes(`${CONSENT_COOKIE}=accepted`);
}
