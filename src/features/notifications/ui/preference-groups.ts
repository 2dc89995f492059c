import type { NotificationType } from '../../../shared/notification-types';
import type { Role } from '../../../shared/statuses';

export type PreferenceGroup =
  'client' | 'leads' | 'provider' | 'jobs' | 'checks' | 'messages' | 'account';

/**
 * The kinds by whom they concern: a client's requests, a provider's new jobs (lead alerts) and
 * bids, the end of a hired job (either side), anyone's account.
 */
export const TYPE_GROUPS: Record<PreferenceGroup, NotificationType[]> = {
  client: [
    'bid_received',
    'bid_changed',
    'bid_withdrawn',
    'price_proposed',
    'hire_released',
    'client_reviewed',
    'review_answered',
    'request_expired',
  ],
  leads: ['new_lead'],
  provider: [
    'bid_accepted',
    'bid_rejected',
    'price_requested',
    'price_accepted',
    'price_declined',
    'request_reopened',
    'request_cancelled',
    'request_deleted',
    'bidding_closed',
    'bidding_reopened',
    'review_received',
    'invited_to_bid',
  ],
  // Either side of a hire: how the job ends.
  jobs: ['job_marked_done', 'job_completed', 'completion_due', 'problem_reported', 'case_decided'],
  // A provider's checks of their business and insurance.
  checks: ['verification_decided', 'verification_expiring', 'verification_expired'],
  messages: ['message_received'],
  account: ['new_device_sign_in', 'password_changed', 'two_factor_changed'],
};

/** The groups of kinds a person of a role can receive, in the order the settings show them. */
export const groupsFor = (role: Role): PreferenceGroup[] =>
  role === 'client'
    ? ['client', 'jobs', 'messages', 'account']
    : role === 'provider'
      ? ['leads', 'provider', 'jobs', 'checks', 'messages', 'account']
      : ['account'];
