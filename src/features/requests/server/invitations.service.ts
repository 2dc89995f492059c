import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/types';
import { AppError, refusalError } from '../../../server/errors';
import { holdAccount } from '../../accounts/server';
import type { Actor } from '../../../shared/actor';
import { inviteRefusal, type InvitationRefusal, type InvitedProvider } from '../invitations.rules';
import {
  categoryOfRequest,
  insertInvitation,
  invitationFactsOf,
  invitedProviderIds,
  openRequestsOfClient,
} from './invitations.repo';
import { lockRequestFacts } from './requests.service';

const REFUSALS: Record<InvitationRefusal, string> = {
  client_only: 'Only clients invite providers to bid.',
  request_not_found: 'Work request not found.',
  insufficient_permissions: 'You can invite providers only to your own requests.',
  request_not_open: 'Only an open request that still takes bids can have invitations.',
  provider_unavailable: 'This provider cannot take invitations now.',
  category_mismatch: 'This provider does not take on jobs of the request’s category.',
  already_invited: 'This provider is already invited to the request.',
  already_bid: 'This provider has already bid on the request.',
  invitation_limit_reached: 'A request can invite at most 10 providers.',
};

export const refuseInvitation = (code: InvitationRefusal) => refusalError(code, REFUSALS);

/** The open requests a client lists in the dialog, at most this many (the newest). */
const INVITABLE_LIST_MAX = 50;

/**
 * Invites a provider to bid on the actor's request (docs/invitations.md). The request's row is
 * locked, so two invitations at once count each other: the tenth is the last. `request.invited`
 * is published in the same transaction: the provider is told of an invitation that stands.
 */
export async function inviteProvider(
  ctx: ServerContext,
  actor: Actor,
  workRequestId: string,
  provider: InvitedProvider & { id: string },
) {
  if (actor.role !== 'client') throw refuseInvitation('client_only');
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const request = await lockRequestFacts(tx, workRequestId, 'update');
    const category = await categoryOfRequest(tx, workRequestId);
    const facts = (await invitationFactsOf(tx, [workRequestId], provider.id)).get(workRequestId)!;
    const refusal = inviteRefusal(
      actor,
      { request: { ...request, category: category! }, provider, ...facts },
      now,
    );
    if (refusal) throw refuseInvitation(refusal);
    // The provider's account may be being deleted at this moment: then there is nobody to invite.
    if (!(await holdAccount(tx, provider.id))) {
      throw new AppError('provider_not_found', 'Provider not found.');
    }
    const invitedAt = await insertInvitation(tx, workRequestId, provider.id, now);
    if (!invitedAt) throw refuseInvitation('already_invited');
    await ctx.events.publish(tx, 'request.invited', {
      workRequestId,
      clientId: actor.id,
      providerId: provider.id,
      title: request.title,
    });
    return {
      workRequestId,
      providerId: provider.id,
      invitedAt,
      invitedCount: facts.invitedCount + 1,
    };
  });
}

/**
 * The client's open requests, each with whether this provider may be invited to it and, if not,
 * why (the dialog shows the reason instead of a choice).
 */
export async function invitableRequests(
  db: Db,
  actor: Actor,
  provider: InvitedProvider & { id: string },
) {
  if (actor.role !== 'client') throw refuseInvitation('client_only');
  const now = new Date();
  const rows = await openRequestsOfClient(db, actor.id, INVITABLE_LIST_MAX);
  const facts = await invitationFactsOf(
    db,
    rows.map((row) => row.id),
    provider.id,
  );
  return rows.map((row) => {
    const known = facts.get(row.id)!;
    return {
      row,
      ...known,
      refusal: inviteRefusal(actor, { request: row, provider, ...known }, now),
    };
  });
}

/** The request's bids, each saying whether its provider was invited: for the request's client. */
export async function markInvited<Row extends { bid: { providerId: string } }>(
  db: Db,
  workRequestId: string,
  rows: Row[],
) {
  if (rows.length === 0) return rows.map((row) => ({ ...row, invited: false }));
  const invited = new Set(await invitedProviderIds(db, workRequestId));
  return rows.map((row) => ({ ...row, invited: invited.has(row.bid.providerId) }));
}
