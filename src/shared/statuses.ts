/**
 * Lifecycle states (spec core §4, accounts §4; EXPIRED, DONE and DISPUTED: issue 32
 * "Finishing the job", requests.rules.ts). Stored exactly as written here.
 */
export const WORK_REQUEST_STATUSES = [
  'OPEN',
  'ASSIGNED',
  'COMPLETED',
  'CANCELLED',
  // Its time for bids ran out with no bid accepted (docs/decisions/0022-expired-requests.md).
  'EXPIRED',
  'DONE',
  'DISPUTED',
] as const;
export type WorkRequestStatus = (typeof WORK_REQUEST_STATUSES)[number];

export const BID_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const ACCOUNT_STATUSES = [
  'active',
  'disabled',
  'suspended',
  'pending_verification',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ROLES = ['client', 'provider', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

/** Alert types of the admin console (accounts §2 "Alerts tab"). */
export const ALERT_TYPES = ['csp', 'csrf', '4xx', '5xx', 'lockout', 'email'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
