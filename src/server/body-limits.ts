/**
 * The most a route reads as its body, by what it takes (docs/security.md "Slow clients and large
 * bodies"). Files come as multipart and have their own limits (plugins/forms.ts).
 */
export const BODY_LIMITS = {
  /** Any JSON form: the largest, a provider's profile with a 2,000-character bio, even escaped. */
  json: 32 * 1024,
  /** Sign-in, registration, reset and other forms of a few short fields. */
  shortForm: 4 * 1024,
  /** A browser's CSP violation report. */
  cspReport: 16 * 1024,
} as const;
