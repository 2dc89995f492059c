/**
 * What a notification can tell its reader. The names are the wire's `type` values; each has its
 * texts under `notifications:types.<type>` in every language.
 */
export const NOTIFICATION_TYPES = [
  // to the client
  'bid_received',
  'bid_changed',
  'bid_withdrawn',
  'hire_released',
  // to the client: the hired provider reviewed them; a provider answered their review; the time
  // for bids ran out
  'client_reviewed',
  'review_answered',
  'request_expired',
  'price_proposed',
  // to the provider
  'review_received',
  'bid_accepted',
  'bid_rejected',
  'request_reopened',
  'request_cancelled',
  'request_deleted',
  'bidding_closed',
  'bidding_reopened',
  'price_requested',
  'price_accepted',
  'price_declined',
  // to a provider: a client invited them to bid on an open request (docs/invitations.md)
  'invited_to_bid',
  // to either side of a hire: how the job ends (docs/requests.md "Completion")
  'job_marked_done',
  'job_completed',
  'completion_due',
  'problem_reported',
  'case_decided',
  // to a provider: a new request matched one of their lead alerts
  'new_lead',
  // to a provider: an administrator decided about a document of theirs; a check lapses in 30
  // days; a check lapsed (docs/verifications.md)
  'verification_decided',
  'verification_expiring',
  'verification_expired',
  // to either side of a conversation: a message unread for 10 minutes
  'message_received',
  // to anyone, about their account
  'new_device_sign_in',
  'password_changed',
  'two_factor_changed',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Mail about account security is essential (spec: essential mail only), so it cannot be turned
 * off; the in-app inbox is always on for every type.
 */
export const ESSENTIAL_TYPES: readonly NotificationType[] = [
  'new_device_sign_in',
  'password_changed',
  'two_factor_changed',
];

/** The kinds about a provider's checks (docs/verifications.md): about no request. */
export const CHECK_TYPES: readonly NotificationType[] = [
  'verification_decided',
  'verification_expiring',
  'verification_expired',
];

export const isNotificationType = (value: unknown): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly unknown[]).includes(value);
