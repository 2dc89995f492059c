import type { ServerContext } from '../../../server/context';
import type { Actor } from '../../../shared/actor';
import type { Language } from '../../../shared/languages';
import { threadOfCase } from '../../conversations/server';
import { caseActions } from '../../requests/requests.rules';
import {
  completionFor,
  disputedRequests,
  presentCompletion,
  pricedBidOf,
  resolveDispute,
} from '../../requests/server';
import type { CaseDetail } from '../cases.schema';
import type { DisputeDecision } from '../../requests/completion.schema';
import { bidsForAdministrator, requestForAdministrator } from './admin-requests.service';

export const CASES_PAGE = 20;

const instant = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The bid's price as it now stands, without its history (answered beside it). */
const withoutRevisions = <T extends { revisions: unknown }>({ revisions: _, ...price }: T) => price;

/** Disputed jobs, the longest waiting first (when the client reported the problem). */
export async function listCases(ctx: ServerContext, page: number) {
  const { rows, total } = await disputedRequests(ctx.db, CASES_PAGE, (page - 1) * CASES_PAGE);
  return {
    cases: rows.map((row) => ({
      id: row.id,
      title: row.title,
      reported_at: instant(row.reportedAt),
    })),
    pagination: { page, total_pages: Math.max(1, Math.ceil(total / CASES_PAGE)), total },
  };
}

/**
 * One case as an administrator reads it: the request with both sides' contacts, the bid it was
 * given to with its priced lines and every version of its price, both sides' words with their
 * photos, and their thread when they wrote. Reading a thread is looking into two people's
 * conversation: every look is audited (`case.view`).
 */
export async function openCase(
  ctx: ServerContext,
  admin: Actor,
  id: string,
  language: Language,
  audit = true,
): Promise<CaseDetail> {
  const request = await requestForAdministrator(ctx, admin, id, language);
  const completion = await completionFor(ctx, admin, id);
  const providerId = completion.facts.acceptedProviderId;
  const bids = await bidsForAdministrator(ctx, admin, id);
  const hired = request.accepted_bid_id
    ? bids.find((bid) => bid.id === request.accepted_bid_id)
    : undefined;
  const price = hired ? await pricedBidOf(ctx.db, hired.id) : undefined;
  const thread = providerId
    ? await threadOfCase(ctx.db, id, request.client_id, providerId)
    : undefined;
  if (audit) {
    await ctx.writeAudit({
      action: 'case.view',
      outcome: 'success',
      actorType: admin.role,
      actorId: admin.id,
      targetType: 'work_request',
      targetUserId: request.client_id,
      message: `case of request ${id} (${completion.facts.status})${thread ? `, thread ${thread.id}` : ''}`,
    });
  }
  return {
    work_request: request,
    bid: hired && price ? { ...hired, ...withoutRevisions(price) } : null,
    bid_revisions: price?.revisions ?? [],
    completion: presentCompletion(completion),
    thread: thread
      ? {
          id: thread.id,
          messages: thread.messages.map((message) => ({
            id: message.id,
            sender_role: message.senderRole,
            text: message.text,
            created_at: message.createdAt.toISOString(),
          })),
        }
      : null,
    allowed_actions: caseActions(admin, completion.facts),
  };
}

/** An administrator decides a case (audited and told to both sides by the requests feature). */
export async function decideCase(
  ctx: ServerContext,
  admin: Actor,
  id: string,
  decision: DisputeDecision,
  language: Language,
) {
  await resolveDispute(ctx, admin, id, decision);
  return openCase(ctx, admin, id, language, false);
}
