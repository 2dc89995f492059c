import type { Actor } from '../../shared/actor';
import type { Category } from '../../shared/categories';
import type { AccountStatus } from '../../shared/statuses';
import { canOpenRequest, isPastBidding, isRequestOwner, type RequestFacts } from './requests.rules';

/**
 * Inviting a provider to bid (docs/invitations.md): the client of an OPEN request asks one
 * provider to look at it. The one place that says who may be invited; the dialog's list and the
 * invitation itself both ask it, so the screen never re-derives it.
 */

/** Invitations a request may send at most (issue 33): enough to compare, too few to spam. */
export const MAX_INVITATIONS_PER_REQUEST = 10;

/** The provider as the rule sees them: their account and the jobs they take on. */
export interface InvitedProvider {
  accountStatus: AccountStatus;
  /** Their trade and the other categories of their service area. */
  categories: readonly Category[];
}

/** What the rule needs to know about the request, beyond its lifecycle facts. */
export interface InvitationFacts {
  request: Pick<RequestFacts, 'clientId' | 'status' | 'bidsUntil' | 'clientActive'> & {
    category: Category;
  };
  provider: InvitedProvider;
  /** Invitations the request has sent so far. */
  invitedCount: number;
  /** This provider is already invited to this request. */
  alreadyInvited: boolean;
  /** This provider already has a bid on the request (in any state). */
  providerHasBid: boolean;
}

export type InvitationRefusal =
  | 'client_only'
  | 'request_not_found'
  | 'insufficient_permissions'
  | 'request_not_open'
  | 'provider_unavailable'
  | 'category_mismatch'
  | 'already_invited'
  | 'already_bid'
  | 'invitation_limit_reached';

/**
 * Why the actor may not invite this provider to this request, or null. In order: only a client
 * invites; a request the actor may not open is answered as missing, another client's as not
 * theirs; the request takes bids (OPEN, its time not run out, its client active); the provider's
 * account is active and they take on the request's category; not twice, not once they bid;
 * at most MAX_INVITATIONS_PER_REQUEST.
 */
export function inviteRefusal(
  actor: Actor,
  facts: InvitationFacts,
  now: Date,
): InvitationRefusal | null {
  const { request, provider } = facts;
  if (actor.role !== 'client') return 'client_only';
  if (!canOpenRequest(actor, request, false)) return 'request_not_found';
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  if (request.status !== 'OPEN' || isPastBidding(request, now) || !request.clientActive) {
    return 'request_not_open';
  }
  if (provider.accountStatus !== 'active') return 'provider_unavailable';
  if (!provider.categories.includes(request.category)) return 'category_mismatch';
  if (facts.alreadyInvited) return 'already_invited';
  if (facts.providerHasBid) return 'already_bid';
  if (facts.invitedCount >= MAX_INVITATIONS_PER_REQUEST) return 'invitation_limit_reached';
  return null;
}

/** The categories a provider takes on: their trade and their service area's, each once. */
export const categoriesOf = (profile: {
  serviceCategory: Category | null;
  serviceCategories: readonly Category[] | null;
}): Category[] => [
  ...new Set([
    ...(profile.serviceCategory ? [profile.serviceCategory] : []),
    ...(profile.serviceCategories ?? []),
  ]),
];
