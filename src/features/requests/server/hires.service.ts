import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { HIRED_STATUSES, nextRequestStatus, type RequestFacts } from '../requests.rules';
import { reopenRejectedBids } from './bids.repo';
import {
  assignRequestRow,
  bidsOnRequestsOf,
  countWonRequests,
  hiredRequestIds,
  lockRequestsBidOn,
} from './hires.repo';
import { refuse } from './refusals';

/** The request is assigned to the accepted bid (caller holds the row lock and checked the rules). */
export async function assignRequest(tx: Tx, facts: RequestFacts & { id: string }, bidId: string) {
  const to = nextRequestStatus(facts.status, 'assign');
  if (!to) throw refuse('request_not_open');
  await assignRequestRow(tx, facts.id, to, bidId);
}

/** The client's requests this provider won and that still stand: what makes a hire real. */
export async function hiresOf(db: Db, clientId: string, providerId: string) {
  return hiredRequestIds(db, clientId, providerId, HIRED_STATUSES);
}

/** How many jobs this provider won and finished (requests COMPLETED on their accepted bid). */
export async function completedJobsOf(db: Db, providerId: string) {
  return countWonRequests(db, providerId, 'COMPLETED');
}

/**
 * Before a provider's account is deleted (in the same transaction): every request they won and
 * have not finished goes back to OPEN with its other bids pending again, so the client can choose
 * someone else instead of waiting on nobody. Completed jobs stay completed. Each reopened request
 * is published (`request.reopened`), so its client and the providers bidding again are told.
 */
export async function releaseHiresOf(ctx: ServerContext, tx: Tx, providerId: string) {
  const won = (await lockRequestsBidOn(tx, providerId)).filter((request) => request.hired);
  for (const request of won) {
    await assignRequestRow(tx, request.id, nextRequestStatus(request.status, 'winner_gone')!, null);
    const reopenedProviderIds = await reopenRejectedBids(tx, request.id);
    await ctx.events.publish(tx, 'request.reopened', {
      workRequestId: request.id,
      clientId: request.clientId,
      title: request.title,
      reason: 'winner_gone',
      reopenedProviderIds,
    });
  }
}

/**
 * Before a client's account is deleted (in the same transaction), which takes their requests and
 * the bids on them along: each request that had bids is published as deleted
 * (`request.deleted`), so the providers who bid on it are told, as when the client deletes it.
 */
export async function announceRequestsOfLeavingClient(
  ctx: ServerContext,
  tx: Tx,
  clientId: string,
) {
  const requests = new Map<string, { title: string; bidderIds: string[] }>();
  for (const bid of await bidsOnRequestsOf(tx, clientId)) {
    const request = requests.get(bid.workRequestId) ?? { title: bid.title, bidderIds: [] };
    request.bidderIds.push(bid.providerId);
    requests.set(bid.workRequestId, request);
  }
  for (const [workRequestId, { title, bidderIds }] of requests) {
    await ctx.events.publish(tx, 'request.deleted', { workRequestId, clientId, title, bidderIds });
  }
}
