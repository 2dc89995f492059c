/**
 * Stable error codes on the wire ({error, message, request_id}), each with the one HTTP status it
 * is sent with. Services throw a code (`new AppError('request_not_open', …)`); this table alone
 * decides the status. The browser translates each code through the `errors` locale namespace;
 * the server's English message is a fallback. `network_error` never leaves a server (status 0):
 * the browser's API client uses it when no answer arrived.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  invalid_json: 400,
  invalid_form_data: 400,
  /** Search words or a town filter longer than LIMITS.searchText.max. */
  search_too_long: 400,
  /** A radius or an order by distance without the place it is around (`near`). */
  near_required: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
  service_unavailable: 503,
  network_error: 0,
  csrf_invalid: 403,
  rate_limited: 429,
  /** Too many password checks waiting server-wide (docs/security.md "Sign-in under flood"). */
  busy: 429,
  not_authenticated: 401,
  insufficient_permissions: 403,
  challenge_required: 400,
  challenge_failed: 400,
  challenge_expired: 400,
  email_exists: 409,
  invalid_credentials: 401,
  account_locked: 423,
  email_verification_required: 403,
  account_disabled: 403,
  account_disabled_by_self: 403,
  reenable_not_allowed: 403,
  token_expired: 400,
  invalid_token: 400,
  password_common: 400,
  current_password_incorrect: 400,
  password_not_set: 400,
  second_factor_invalid: 401,
  second_factor_expired: 401,
  two_factor_code_invalid: 400,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  client_only: 403,
  email_not_verified: 403,
  too_many_files: 400,
  file_too_large: 413,
  unsupported_file_type: 415,
  file_type_mismatch: 415,
  empty_file: 400,
  request_not_found: 404,
  request_not_open: 409,
  attachment_not_found: 404,
  request_not_assigned: 409,
  request_expired: 409,
  request_already_extended: 409,
  /** Marking done or reporting a problem: the hired job is no longer under way (or not yet). */
  request_not_in_progress: 409,
  /** An administrator's decision about a request that is not (or no longer) disputed. */
  request_not_disputed: 409,
  provider_only: 403,
  provider_mismatch: 403,
  client_disabled: 409,
  bid_already_exists: 409,
  bid_not_found: 404,
  bid_not_pending: 409,
  /** Past its `valid_until`: the client may ask for a new price instead (docs/bids.md). */
  bid_expired: 409,
  /** Revised since the revision the client accepted: they are shown the new one first. */
  bid_revised: 409,
  /** A new price is asked only of an expired bid. */
  bid_not_expired: 409,
  price_already_requested: 409,
  /** After the hire, one price proposal waits at a time. */
  price_proposal_pending: 409,
  price_proposal_not_found: 409,
  provider_not_found: 404,
  provider_disabled: 403,
  picture_type: 415,
  picture_not_found: 404,
  /** Photos of past work (docs/work-photos.md). */
  work_photo_type: 415,
  work_photo_not_found: 404,
  /** A profile holds at most 24 photos of past work. */
  work_photo_limit: 409,
  /** A new order of the photos that does not name each of them exactly once. */
  work_photo_order_mismatch: 400,
  review_not_allowed: 403,
  review_exists: 409,
  /** The hired provider reviews the client only once the job is COMPLETED. */
  request_not_completed: 409,
  /** A provider answers a review of themselves once; then they may edit it (docs/reviews.md). */
  answer_exists: 409,
  answer_not_found: 404,
  /** An answer is editable for 48 hours after it was first written. */
  answer_edit_closed: 409,
  review_not_found: 404,
  user_not_found: 404,
  cannot_change_own_account: 403,
  last_administrator: 409,
  invalid_provider: 400,
  /** Mail about account security cannot be turned off (docs/notifications.md "Preferences"). */
  essential_email_required: 400,
  /** More than LEAD_ALERT_LIMIT lead alerts in one PUT (docs/leads.md). */
  too_many_alerts: 400,
  trust_summary_unavailable: 503,
  ai_api_key: 424,
  ai_permission_denied: 424,
  ai_unknown: 424,
  /** A push endpoint the server will not call (docs/notifications.md "Push"). */
  push_endpoint_refused: 400,
  push_keys_invalid: 400,
  push_subscription_limit: 409,
  push_subscription_not_found: 404,
  /** A place id that names no town or village of the gazetteer (docs/places.md). */
  unknown_place: 400,
  /** Conversations (docs/conversations.md). */
  conversation_not_found: 404,
  conversation_not_allowed: 403,
  conversation_read_only: 409,
  conversation_blocked: 409,
  attachments_after_hire: 403,
  message_not_found: 404,
  report_not_found: 404,
  idempotency_key_invalid: 400,
  /** Checked business and insurance (docs/verifications.md). */
  verification_not_found: 404,
  verification_already_decided: 409,
  file_required: 400,
  expiry_required: 400,
  expiry_invalid: 400,
  expiry_past: 400,
  expiry_too_far: 400,
  /** Inviting a provider to bid (docs/invitations.md). */
  provider_unavailable: 409,
  category_mismatch: 409,
  already_invited: 409,
  already_bid: 409,
  invitation_limit_reached: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  request_id: string;
  details?: { field: string; message: string }[];
}
