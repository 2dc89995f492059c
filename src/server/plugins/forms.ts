import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../shared/limits';
import { AppError } from '../errors';
import { storable, unstorableTextRefusal } from './storable-text';

/** What a multipart form may hold (docs/security.md "Slow clients and large bodies"). */
export const FORM_LIMITS = {
  fileSize: LIMITS.attachments.maxBytes,
  files: LIMITS.attachments.maxFiles,
  fields: 30,
  fieldSize: 10_000,
};

/**
 * Routes that read multipart forms (files), in a scope of their own with the multipart parser:
 * `await app.register(formRoutes(async (forms) => { forms.post(...) }))`. Elsewhere a multipart
 * body is refused (415), and the parser's hooks (a listener and a clean-up of saved files on
 * every answer) do not run for every request of the site.
 */
export function formRoutes(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (forms, options) => {
    await forms.register(multipart, { limits: FORM_LIMITS });
    await routes(forms, options);
  };
}

/**
 * The parts of the request's multipart form, as `request.parts` reads them. A part without a
 * name (`Content-Disposition: form-data` alone, or with only a filename) belongs to no field:
 * no browser sends one, so the form is refused (400 invalid_form_data) rather than read as a
 * field called `undefined`.
 */
export async function* formParts(
  request: FastifyRequest,
  limits: { files: number; fileSize: number },
): AsyncGenerator<Multipart> {
  for await (const part of request.parts({ limits })) {
    if (!part.fieldname) {
      if (part.type === 'file') part.file.resume();
      throw new AppError('invalid_form_data', 'Every part of the form must have a name.');
    }
    yield part;
  }
}

/**
 * A form field's text. The multipart parser hands a field part sent as `application/json` over
 * parsed, as an object or a number; a browser's form fields are text, so anything else is
 * refused (400 invalid_form_data) before it reaches a handler. A name or text PostgreSQL cannot
 * keep as sent is refused as in any other body (400 validation_failed, storable-text.ts).
 */
export function fieldText(part: { fieldname: string; value: unknown }): string {
  if (typeof part.value !== 'string') {
    throw new AppError('invalid_form_data', `The form field ${part.fieldname} must be text.`);
  }
  if (!storable(part.fieldname) || !storable(part.value)) throw unstorableTextRefusal();
  return part.value;
}
