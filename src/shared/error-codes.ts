/**
 * Stable error codes on the wire ({error, message, request_id}). The browser translates each
 * code through the `errors` locale namespace; the server's English message is a fallback.
 */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'not_found',
  'method_not_allowed',
  'internal_error',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  message: string;
  request_id: string;
  details?: { field: string; message: string }[];
}
