import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Whether PostgreSQL text can hold this as it is: not with a NUL character (the insert fails),
 * nor with half of a UTF-16 surrogate pair (JSON may spell one, `"\ud800"`; the driver would store
 * it as U+FFFD, so the text saved would not be the text sent). A whole pair (an emoji) is well
 * formed. Both checks are native scans: a 2 KB description costs about 3 µs.
 */
export const storable = (text: string) => !text.includes('\u0000') && text.isWellFormed();

/** Whether any string in the value, key or value however deeply nested, cannot be stored as sent. */
function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !storable(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') {
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (!storable(key) || hasUnstorableText(fields[key])) return true;
    }
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
 * of the request chain, for every API route at once; a multipart form's fields are checked as
 * they are read (`fieldText`, forms.ts).
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
