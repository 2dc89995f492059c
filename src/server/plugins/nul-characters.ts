import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Whether any string in the value (however deeply nested) holds a NUL character. */
export function hasNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNulCharacter);
  if (value && typeof value === 'object') return Object.values(value).some(hasNulCharacter);
  return false;
}

export const nulCharacterRefusal = () =>
  new AppError('validation_failed', 'Text may not contain a NUL character.');

/**
 * PostgreSQL text cannot hold a NUL character, so a body, query or path holding one would fail
 * deep in a handler (or silently lose an audit entry). Refused here, at the validation step of
 * the request chain, for every API route at once; multipart forms check their fields themselves.
 */
export function registerNulCharacterGuard(api: FastifyInstance) {
  api.addHook('preValidation', (request, _reply, done) => {
    const refused =
      hasNulCharacter(request.body) ||
      hasNulCharacter(request.query) ||
      hasNulCharacter(request.params);
    done(refused ? nulCharacterRefusal() : undefined);
  });
}
