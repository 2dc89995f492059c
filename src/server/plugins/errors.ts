import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import { NOT_STORED } from './cache-policy';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '../../shared/error-codes';
import { LIMITS } from '../../shared/limits';
import { VALIDATION_MESSAGES, type ValidationMessage } from '../../shared/validation';

const explain = (message: string) => VALIDATION_MESSAGES[message as ValidationMessage] ?? message;

/** Sends the wire error shape with the code's own status (`status` only for Fastify's own client errors). */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  body: Omit<ApiErrorBody, 'request_id'>,
  status: number = ERROR_STATUS[body.error],
) {
  return reply
    .status(status)
    .type('application/json')
    .header('cache-control', NOT_STORED)
    .send({ ...body, request_id: request.id });
}

/** Field errors from route schemas, or from bodies validated by hand (multipart forms). */
function validationDetails(error: unknown): { field: string; message: string }[] | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'Invalid value',
    }));
  }
  if (error instanceof ZodError) {
    return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  }
  return undefined;
}

/**
 * Refusals a route schema may name by their own stable code instead of `validation_failed`
 * (the field's message is the code), with the English message sent beside it.
 */
const SCHEMA_REFUSALS: Partial<Record<ErrorCode, string>> = {
  search_too_long: `The search text is too long: at most ${LIMITS.searchText.max} characters.`,
  near_required: 'A radius or an order by distance needs the place it is around (near).',
};

const schemaRefusal = (details: { message: string }[]) => {
  const code = details[0]?.message as ErrorCode | undefined;
  const message = code && SCHEMA_REFUSALS[code];
  return message && details.every((d) => d.message === code) ? { code, message } : undefined;
};

/** Framework errors a caller can cause, mapped to stable codes. */
const FRAMEWORK_ERRORS: Record<string, { error: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    error: 'unsupported_media_type',
    message: 'This content type is not accepted here.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    error: 'payload_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    error: 'invalid_json',
    message: 'The request body is empty.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    error: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
};

/**
 * The multipart parser (busboy, through @fastify/multipart) fails on a form that is cut off, has
 * no boundary, an empty or over-long one, or broken part headers, with plain errors known only by
 * their message: all the client's doing, so 400 `invalid_form_data`, never a 500.
 */
const BROKEN_FORM = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /unexpected end of multipart data$/i,
  /^Malformed part header$/,
  /^The needle cannot (be an empty|have a length bigger)/,
];

function isBrokenForm(error: FastifyError): boolean {
  if (error.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return BROKEN_FORM.some((pattern) => pattern.test(error.message));
}

/**
 * One place maps every error to the wire shape {error, message, request_id}.
 * Nothing from a stack trace or a database message ever leaves the server.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds)
        reply.header('Retry-After', String(error.options.retryAfterSeconds));
      return sendError(reply, request, { error: error.code, message: error.message });
    }
    const details = validationDetails(error);
    const refusal = details && schemaRefusal(details);
    if (refusal) {
      return sendError(reply, request, {
        error: refusal.code,
        message: refusal.message,
        details,
      });
    }
    if (details) {
      return sendError(reply, request, {
        error: 'validation_failed',
        message: details
          .map((d) => (d.field ? `${d.field}: ${explain(d.message)}` : explain(d.message)))
          .join(', '),
        details,
      });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, request, known);
    if (isBrokenForm(error)) {
      return sendError(reply, request, {
        error: 'invalid_form_data',
        message: 'The form could not be read: it is cut off or malformed. Send it again.',
      });
    }
    if (error instanceof SyntaxError) {
      return sendError(reply, request, {
        error: 'invalid_json',
        message: 'The request body is not valid JSON.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
      // Fastify's own client errors carry plain, safe messages.
      return sendError(reply, request, { error: 'bad_request', message: error.message }, status);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, {
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
