import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * What PostgreSQL text cannot hold: a NUL character (the insert fails), or half of a UTF-16
 * surrogate pair (JSON may spell one, `"\ud800"`; the driver would store it as U+FFFD, so the
 * text saved would not be the text sent). In unicode mode a whole pair is one code point and does
 * not match `\p{Cs}`; only a lone half does.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Whether any string in the value, key or value however deeply nested, cannot be stored as sent. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item),
    );
  }
  return false;
}

export const unstorableTextRefusal = () =>
  new AppError(
    'validation_failed',
    'Text may not contain a NUL character or half of a surrogate pair.',
  );

/**
 * A body, query or path holding text PostgreSQL cannot keep as sent would fail deep in a handler
 * (or silently lose an audit entry, or be stored altered). Refused here, at the validation step
 * of the request chain, for every API route at once; multipart forms check their fields themselves.
 */
export function registerStorableTextGuard(api: FastifyInstance) {
  api.addHook('preValidation', (request, _reply, done) => {
    const refused =
      hasUnstorableText(request.body) ||
      hasUnstorableText(request.query) ||
      hasUnstorableText(request.params);
    done(refused ? unstorableTextRefusal() : undefined);
  });
}
