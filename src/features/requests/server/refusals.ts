import { refusalError } from '../../../server/errors';
import type { Refusal } from '../requests.rules';

/**
 * The messages of the refusals of requests, bids and hires (the codes come from
 * requests.rules.ts and bids.rules.ts): one wording for each code, whichever action met it.
 */
const REFUSALS: Partial<Record<NonNullable<Refusal>, string>> = {
  insufficient_permissions: 'Insufficient permissions.',
  provider_only: 'Only providers can bid.',
  request_not_open: 'This request is no longer open.',
  request_not_assigned: 'Only an assigned request can be completed.',
  request_expired: 'The time for bids on this request is over.',
  request_already_extended: 'The time for bids can be extended only once.',
  client_disabled: "The client's account is disabled, so the request takes no new bids.",
  bid_already_exists: 'You have already bid on this request.',
  bid_not_pending: 'Only a pending bid on an open request can be accepted, changed or withdrawn.',
};

export const refuse = (code: NonNullable<Refusal>) => refusalError(code, REFUSALS);
