import type { ErrorCode } from '../../shared/error-codes';
import { isAdministratorOrSelf, type Actor } from '../../shared/actor';
import type { WorkRequestStatus } from '../../shared/statuses';

/**
 * The life of a work request (spec core §4, and beyond it where serious marketplaces go):
 *
 *   OPEN ──assign──▶ ASSIGNED ──complete──▶ COMPLETED
 *     │                 │
 *   cancel          winner_gone (the winning provider deleted their account)
 *     ▼                 ▼
 *   CANCELLED          OPEN (the other bids are pending again)
 *
 *   OPEN ──expire──▶ EXPIRED ──extend (once)──▶ OPEN;  EXPIRED ──assign / cancel──▶ as from OPEN
 *
 * EXPIRED (docs/decisions/0022-expired-requests.md): its `bids_until` passed with no bid accepted.
 * It takes no bids; its pending bids stay pending, so the client may still hire one of them
 * (assign), withdraw it (cancel), or extend it once (extend, back to OPEN).
 *
 * The end of a hired job both sides agree on (docs/requests.md "Completion"):
 *
 *   ASSIGNED ──mark_done (the hired provider)──▶ DONE ──confirm (the client)──▶ COMPLETED
 *                                                  └───auto_complete (7 days without an answer)──▶ COMPLETED
 *   ASSIGNED | DONE ──report_problem (the client)──▶ DISPUTED
 *   DISPUTED ──resolve_complete | resolve_cancel | resolve_reopen (an administrator)──▶
 *            COMPLETED | CANCELLED | OPEN (the other bids pending again, the hired one rejected)
 *   DONE | DISPUTED ──winner_gone──▶ OPEN, as from ASSIGNED.
 *
 * The client may still complete an ASSIGNED job directly (`complete`), as before DONE existed.
 *
 * Pure: no I/O. Services apply these rules inside their transactions, under the row locks they
 * take; presenters turn them into `allowed_actions`; screens show buttons from those alone.
 * Each action has one function saying why it is refused (a stable error code) or null.
 */
export const REQUEST_TRANSITIONS = {
  OPEN: { assign: 'ASSIGNED', cancel: 'CANCELLED', expire: 'EXPIRED', extend: 'OPEN' },
  ASSIGNED: {
    complete: 'COMPLETED',
    mark_done: 'DONE',
    report_problem: 'DISPUTED',
    winner_gone: 'OPEN',
  },
  DONE: {
    confirm: 'COMPLETED',
    auto_complete: 'COMPLETED',
    report_problem: 'DISPUTED',
    winner_gone: 'OPEN',
  },
  DISPUTED: {
    resolve_complete: 'COMPLETED',
    resolve_cancel: 'CANCELLED',
    resolve_reopen: 'OPEN',
    winner_gone: 'OPEN',
  },
  COMPLETED: {},
  CANCELLED: {},
  EXPIRED: { assign: 'ASSIGNED', cancel: 'CANCELLED', extend: 'OPEN' },
} as const satisfies Record<WorkRequestStatus, Partial<Record<string, WorkRequestStatus>>>;

export type RequestEvent =
  | 'assign'
  | 'cancel'
  | 'complete'
  | 'winner_gone'
  | 'mark_done'
  | 'confirm'
  | 'auto_complete'
  | 'report_problem'
  | 'expire'
  | 'extend'
  | DisputeOutcomeEvent;

/** What an administrator may decide about a disputed job (the console's Cases tab). */
export const DISPUTE_OUTCOMES = ['complete', 'cancel', 'reopen'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
type DisputeOutcomeEvent = `resolve_${DisputeOutcome}`;

/** The state an event leads to, or undefined when the event cannot happen in this state. */
export function nextRequestStatus(
  status: WorkRequestStatus,
  event: RequestEvent,
): WorkRequestStatus | undefined {
  const transitions: Partial<Record<RequestEvent, WorkRequestStatus>> = REQUEST_TRANSITIONS[status];
  return transitions[event];
}

/**
 * States in which a provider is hired: their bid was accepted and the hire stands (contact
 * details stay visible to both sides, reviews are allowed).
 */
export const HIRED_STATUSES = [
  'ASSIGNED',
  'DONE',
  'DISPUTED',
  'COMPLETED',
] as const satisfies WorkRequestStatus[];

/** States in which the hired job is under way: nothing is decided about its end yet. */
export const IN_PROGRESS_STATUSES = [
  'ASSIGNED',
  'DONE',
  'DISPUTED',
] as const satisfies WorkRequestStatus[];

/** A DONE job nobody answered completes by itself this long after the provider said "done". */
export const AUTO_COMPLETE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** Both sides are told this long before it completes by itself. */
export const AUTO_COMPLETE_WARNING_MS = 24 * 60 * 60 * 1000;

export const isHired = (status: WorkRequestStatus) =>
  (HIRED_STATUSES as readonly WorkRequestStatus[]).includes(status);

/** What a rule needs to know about a request. */
export interface RequestFacts {
  clientId: string;
  status: WorkRequestStatus;
  /** The client's account is active (a disabled client's requests take no bids). */
  clientActive: boolean;
  /** The provider whose bid was accepted, if any. */
  acceptedProviderId: string | null;
  /** Until when the request takes bids (set at posting, moved once by an extension). */
  bidsUntil: Date;
  /** The client has used their one extension. */
  extended: boolean;
}

/** Why an action is refused: a stable error code, or null when it is allowed. */
export type Refusal = ErrorCode | null;

export const isRequestOwner = (actor: Actor, request: Pick<RequestFacts, 'clientId'>) =>
  actor.id === request.clientId;

const isAdministrator = (actor: Actor) => actor.role === 'administrator';

/**
 * Its time for bids is over: expired already, or open with `bids_until` passed and the expiry
 * job not yet run (the rule reads the clock, so that minute's gap takes no bid either).
 */
export const isPastBidding = (request: Pick<RequestFacts, 'status' | 'bidsUntil'>, now: Date) =>
  request.status === 'EXPIRED' ||
  (request.status === 'OPEN' && request.bidsUntil.getTime() <= now.getTime());

/** A provider places one bid on an open request of an active client (spec core §4), in time. */
export function placeBidRefusal(
  actor: Actor,
  request: RequestFacts,
  hasBid: boolean,
  now: Date,
): Refusal {
  if (actor.role !== 'provider') return 'provider_only';
  if (isPastBidding(request, now)) return 'request_expired';
  if (request.status !== 'OPEN') return 'request_not_open';
  if (!request.clientActive) return 'client_disabled';
  if (hasBid) return 'bid_already_exists';
  return null;
}

/**
 * The client closes a hired job as done: directly while ASSIGNED (`complete`), or by confirming
 * the provider's "done" (`confirm`). Which of the two it is: `completionEvent`.
 */
export function completeRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  return completionEvent(request.status) ? null : 'request_not_assigned';
}

/** The event by which the client's "complete" closes a job in this state, if any. */
export const completionEvent = (status: WorkRequestStatus): 'complete' | 'confirm' | undefined =>
  nextRequestStatus(status, 'complete')
    ? 'complete'
    : nextRequestStatus(status, 'confirm')
      ? 'confirm'
      : undefined;

const isHiredProvider = (actor: Actor, request: RequestFacts) =>
  actor.role === 'provider' && request.acceptedProviderId === actor.id;

/** The hired provider says the job is done (ASSIGNED → DONE), once. */
export function markDoneRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (!isHiredProvider(actor, request)) return 'insufficient_permissions';
  return nextRequestStatus(request.status, 'mark_done') ? null : 'request_not_in_progress';
}

/** The client reports a problem with the hired job (ASSIGNED or DONE → DISPUTED). */
export function reportProblemRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  return nextRequestStatus(request.status, 'report_problem') ? null : 'request_not_in_progress';
}

/** An administrator decides a disputed job: complete it, cancel it, or reopen it for bids. */
export function resolveRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (!isAdministrator(actor)) return 'insufficient_permissions';
  return nextRequestStatus(request.status, 'resolve_complete') ? null : 'request_not_disputed';
}

/**
 * Who reads how a hired job ended (the provider's "done", the client's problem, an
 * administrator's decision, with their photos): the two sides of the hire and administrators.
 * Never another bidder: the words of a dispute are between the two and the platform.
 */
export const canSeeCompletion = (actor: Actor, request: RequestFacts) =>
  isAdministratorOrSelf(actor, request.clientId) ||
  (request.acceptedProviderId !== null && request.acceptedProviderId === actor.id);

/** What an administrator may decide about this request (the Cases tab's buttons). */
export const caseActions = (actor: Actor, request: RequestFacts): DisputeOutcome[] =>
  resolveRefusal(actor, request) === null ? [...DISPUTE_OUTCOMES] : [];

/** The client withdraws an open request; its pending bids are rejected. */
export function cancelRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  return nextRequestStatus(request.status, 'cancel') ? null : 'request_not_open';
}

/**
 * The owner while the request is open (spec core §4) or expired (nobody is hired either way);
 * an administrator in any state.
 */
export function deleteRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (isAdministrator(actor)) return null;
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  return request.status === 'OPEN' || request.status === 'EXPIRED' ? null : 'request_not_open';
}

/** The longest extension of the time for bids, in days; the client has one. */
export const MAX_EXTENSION_DAYS = 14;

/** The choices of time for bids at posting, in days, and the one given when none is chosen. */
export const BIDDING_DAYS = [3, 7, 14, 30] as const;
export type BiddingDays = (typeof BIDDING_DAYS)[number];
export const DEFAULT_BIDDING_DAYS: BiddingDays = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A request that opens again after a hire ended (the hired provider left, or an administrator
 * reopened a dispute) takes bids for at least this many more days, so its time has not run out
 * before anyone could bid again.
 */
export const REOPENED_BIDDING_DAYS = 7;

/** When a request posted at `now` stops taking bids. */
export const bidsUntilAt = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * The client extends the time for bids once, by 1 to 14 days, while the request is open or
 * expired (an expired one opens again).
 */
export function extendRefusal(actor: Actor, request: RequestFacts): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  if (!nextRequestStatus(request.status, 'extend')) return 'request_not_open';
  if (!request.clientActive) return 'client_disabled';
  return request.extended ? 'request_already_extended' : null;
}

/**
 * The end after an extension: counted from the old end while it is still ahead, else from now,
 * so an expired request gets its whole extension.
 */
export function extendedBidsUntil(
  request: Pick<RequestFacts, 'bidsUntil'>,
  days: number,
  now: Date,
) {
  const from = Math.max(request.bidsUntil.getTime(), now.getTime());
  return new Date(from + days * DAY_MS);
}

/** The expiry job ends the time for bids of an open request whose `bids_until` has passed. */
export const shouldExpire = (request: Pick<RequestFacts, 'status' | 'bidsUntil'>, now: Date) =>
  nextRequestStatus(request.status, 'expire') !== undefined &&
  request.bidsUntil.getTime() <= now.getTime();

/** The client reviews the provider they hired for this request, once (`reviewed`). */
export function reviewRefusal(actor: Actor, request: RequestFacts, reviewed: boolean): Refusal {
  const hired =
    isRequestOwner(actor, request) &&
    isHired(request.status) &&
    request.acceptedProviderId !== null;
  if (!hired) return 'review_not_allowed';
  return reviewed ? 'review_exists' : null;
}

/**
 * Who may open a request, its bids and its attachments (beyond the spec, docs/requests.md
 * "Who may open a request"). An open request: anyone signed in (spec core: viewing details
 * requires being logged in). Once it is no longer open: its client, providers who bid on it
 * (`hasBid`: in any state, a rejected bid too; a withdrawn bid is deleted, and that access with
 * it) and administrators. Everybody else is answered as if it did not exist.
 */
export const canOpenRequest = (
  actor: Actor,
  request: Pick<RequestFacts, 'status' | 'clientId'>,
  hasBid: boolean,
) =>
  request.status === 'OPEN' ||
  isAdministratorOrSelf(actor, request.clientId) ||
  (actor.role === 'provider' && hasBid);

/**
 * The client's contact name, email and phone (spec core §4 "Contact visibility"): the owner,
 * administrators, and the provider whose bid was accepted while the hire stands.
 */
export const canSeeClientContact = (actor: Actor, request: RequestFacts) =>
  isAdministratorOrSelf(actor, request.clientId) ||
  (request.acceptedProviderId === actor.id && isHired(request.status));

/**
 * A provider's contact (email, phone, website): administrators, the provider, and a client who
 * hired them. `hiredByActor`: the actor has a request this provider won (HIRED_STATUSES).
 */
export const canSeeProviderContact = (
  actor: Actor | undefined,
  providerId: string,
  hiredByActor: boolean,
) =>
  actor !== undefined &&
  (isAdministratorOrSelf(actor, providerId) || (actor.role === 'client' && hiredByActor));

/** Which bids of a request the actor sees (spec core §6): owner and administrators all, a provider their own. */
export function bidsVisibleTo(
  actor: Actor,
  request: Pick<RequestFacts, 'clientId'>,
): 'all' | 'own' | 'none' {
  if (isAdministratorOrSelf(actor, request.clientId)) return 'all';
  if (actor.role === 'provider') return 'own';
  return 'none';
}

/**
 * `view_bids`: the request page has bids to show this viewer: all of them, or the provider's own
 * once there is one (no empty "Your bid", and no call that can only be refused).
 */
export const REQUEST_ACTIONS = [
  'place_bid',
  'complete',
  'mark_done',
  'report_problem',
  'cancel',
  'delete',
  'review',
  'view_bids',
  'extend',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

function viewBidsRefusal(actor: Actor, request: RequestFacts, hasBid: boolean): Refusal {
  const visible = bidsVisibleTo(actor, request);
  return visible === 'all' || (visible === 'own' && hasBid) ? null : 'insufficient_permissions';
}

/** What the viewer may do next with this request: sent as `allowed_actions`. */
export function requestActions(
  actor: Actor,
  request: RequestFacts,
  facts: { hasBid: boolean; reviewed: boolean; now: Date },
): RequestAction[] {
  const refusals: Record<RequestAction, Refusal> = {
    place_bid: placeBidRefusal(actor, request, facts.hasBid, facts.now),
    complete: completeRefusal(actor, request),
    mark_done: markDoneRefusal(actor, request),
    report_problem: reportProblemRefusal(actor, request),
    cancel: cancelRefusal(actor, request),
    delete: deleteRefusal(actor, request),
    review: reviewRefusal(actor, request, facts.reviewed),
    view_bids: viewBidsRefusal(actor, request, facts.hasBid),
    extend: extendRefusal(actor, request),
  };
  return REQUEST_ACTIONS.filter((action) => refusals[action] === null);
}

/**
 * A bid deadline must not lie in the past. "Today" is that of the earliest time zone on Earth
 * (UTC−12), so a person whose calendar is still on yesterday is never refused their today.
 * Dates are ISO `YYYY-MM-DD`, which compare as text.
 */
export function isDeadlineInPast(deadline: string, now: Date): boolean {
  const earliestToday = new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return deadline < earliestToday;
}
