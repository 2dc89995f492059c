import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether two secrets (tokens, signatures) are the same text, compared in constant time. Their
 * SHA-256 digests are compared, which have one length whatever the texts hold: neither a length
 * nor a character that takes more bytes than it looks (`é`) can make the comparison throw or
 * show in its time.
 */
export function sameText(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
