import type { Actor } from '../../shared/actor';
import type { ErrorCode } from '../../shared/error-codes';
import type { WorkRequestStatus } from '../../shared/statuses';
import { isHired } from '../requests/requests.rules';
import {
  CONVERSATION_ACTIONS,
  type ConversationAction,
  type ReadOnlyReason,
} from './conversations.schema';

/**
 * Who may talk about a request, and when (docs/conversations.md). Pure: no I/O.
 *
 * One thread per request and provider.
 * - Before the hire: a provider asks on an OPEN request of an active client; the client answers,
 *   or writes first to a provider who bid. Contact details are masked in every message.
 * - After the hire: only the client and the hired provider write; they may attach files, and
 *   nothing is masked. The request's other threads are read-only ("assigned").
 * - A withdrawn bid, a cancelled or deleted request, a disabled account or a block makes the
 *   thread read-only.
 */

/** What a rule needs to know of a thread's request; null when the request was deleted. */
export interface ThreadRequestFacts {
  status: WorkRequestStatus;
  clientId: string;
  clientActive: boolean;
  acceptedProviderId: string | null;
}

export interface ThreadFacts {
  clientId: string;
  providerId: string;
  request: ThreadRequestFacts | null;
  /** The provider withdrew their bid (and has not bid again). */
  bidWithdrawn: boolean;
  /** Both accounts are active. */
  bothActive: boolean;
  /** One of the two blocked the other. */
  blocked: boolean;
  /** The viewer is the one who blocked (and so may unblock). */
  blockedByViewer: boolean;
}

export type Refusal = ErrorCode | null;

export const isParticipant = (actor: Actor, thread: Pick<ThreadFacts, 'clientId' | 'providerId'>) =>
  actor.id === thread.clientId || actor.id === thread.providerId;

/** The client hired this thread's provider for its request: contacts are open between them. */
export const isHireOf = (thread: Pick<ThreadFacts, 'providerId' | 'request'>) =>
  thread.request !== null &&
  isHired(thread.request.status) &&
  thread.request.acceptedProviderId === thread.providerId;

/** Why nobody may write in the thread any more, or null. Checked in this order. */
export function readOnlyReason(thread: ThreadFacts): ReadOnlyReason | null {
  if (thread.blocked) return 'blocked';
  if (!thread.bothActive) return 'account_disabled';
  const request = thread.request;
  if (!request) return 'request_deleted';
  if (request.status === 'CANCELLED') return 'request_cancelled';
  if (isHired(request.status)) return isHireOf(thread) ? null : 'request_assigned';
  if (thread.bidWithdrawn) return 'bid_withdrawn';
  return null;
}

/** Contact details in a new message are masked until the client hires this provider. */
export const masksContacts = (thread: Pick<ThreadFacts, 'providerId' | 'request'>) =>
  !isHireOf(thread);

/** The request as seen when someone opens a thread about it. */
export interface OpeningFacts {
  request: ThreadRequestFacts;
  /** The provider the thread is with (the actor, or the one the client names). */
  providerId: string;
  /** That provider has a bid on the request (any status). */
  providerHasBid: boolean;
  /** That provider's account is active. */
  providerActive: boolean;
}

/**
 * Opening a thread (or writing the first message of one that exists):
 * - a provider, as themselves, on an open request of an active client (they could bid on it), or
 *   on a request they were hired for;
 * - the request's client, to a provider who bid on it while it is open, or to the provider they
 *   hired.
 * Anyone else is answered as if the request were not there for them (`conversation_not_allowed`).
 */
export function openRefusal(actor: Actor, facts: OpeningFacts): Refusal {
  const { request, providerId } = facts;
  const hired = isHired(request.status) && request.acceptedProviderId === providerId;
  if (actor.role === 'provider') {
    if (actor.id !== providerId) return 'conversation_not_allowed';
    if (hired) return null;
    if (request.status !== 'OPEN') return 'request_not_open';
    return request.clientActive ? null : 'client_disabled';
  }
  if (actor.role === 'client' && actor.id === request.clientId) {
    if (!facts.providerActive) return 'provider_disabled';
    if (hired) return null;
    if (request.status !== 'OPEN') return 'request_not_open';
    return facts.providerHasBid ? null : 'conversation_not_allowed';
  }
  return 'conversation_not_allowed';
}

/** Writing in a thread the actor is part of. */
export function writeRefusal(actor: Actor, thread: ThreadFacts): Refusal {
  if (!isParticipant(actor, thread)) return 'conversation_not_found';
  const reason = readOnlyReason(thread);
  if (reason === 'blocked') return 'conversation_blocked';
  return reason ? 'conversation_read_only' : null;
}

/** Files go with a message only between the client and the provider they hired. */
export function attachRefusal(actor: Actor, thread: ThreadFacts): Refusal {
  return writeRefusal(actor, thread) ?? (isHireOf(thread) ? null : 'attachments_after_hire');
}

/** What the viewer may do in the thread: sent as `allowed_actions`. */
export function conversationActions(actor: Actor, thread: ThreadFacts): ConversationAction[] {
  if (!isParticipant(actor, thread)) return [];
  const allowed: Record<ConversationAction, boolean> = {
    write: writeRefusal(actor, thread) === null,
    attach: attachRefusal(actor, thread) === null,
    report: true,
    block: !thread.blocked,
    unblock: thread.blocked && thread.blockedByViewer,
  };
  return CONVERSATION_ACTIONS.filter((action) => allowed[action]);
}
