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
  'network_error',
  'csrf_invalid',
  'rate_limited',
  'not_authenticated',
  'insufficient_permissions',
  'challenge_required',
  'challenge_failed',
  'challenge_expired',
  'email_exists',
  'invalid_credentials',
  'account_locked',
  'email_verification_required',
  'account_disabled',
  'account_disabled_by_self',
  'reenable_not_allowed',
  'token_expired',
  'invalid_token',
  'password_common',
  'current_password_incorrect',
  'password_not_set',
  'contact_delivery_failed',
  'client_only',
  'email_not_verified',
  'too_many_files',
  'file_too_large',
  'unsupported_file_type',
  'file_type_mismatch',
  'empty_file',
  'request_not_found',
  'request_not_open',
  'attachment_not_found',
  'request_not_assigned',
  'provider_only',
  'provider_mismatch',
  'client_disabled',
  'bid_already_exists',
  'bid_not_found',
  'bid_not_pending',
  'provider_not_found',
  'provider_disabled',
  'picture_type',
  'picture_not_found',
  'review_not_allowed',
  'review_exists',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  message: string;
  request_id: string;
  details?: { field: string; message: string }[];
}
