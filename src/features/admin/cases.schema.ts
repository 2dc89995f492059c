import { z } from 'zod';
import { lineView, revisionView } from '../requests/bids.schema';
import { completionResponse, disputeDecisionBody } from '../requests/completion.schema';
import { DISPUTE_OUTCOMES } from '../requests/requests.rules';
import { adminBid, adminRequestDetail } from './admin.schema';

/**
 * The console's Cases tab (docs/admin.md "Cases"): disputed jobs, the longest waiting first, and
 * what an administrator reads and decides about one.
 */
export const casesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const caseRow = z.object({
  id: z.uuid(),
  title: z.string(),
  /** When the client reported the problem. */
  reported_at: z.iso.datetime({ offset: true }).nullable(),
});

export const casesResponse = z.object({
  cases: z.array(caseRow),
  pagination: z.object({ page: z.number(), total_pages: z.number(), total: z.number() }),
});
export type CasesResponse = z.infer<typeof casesResponse>;

export const caseMessage = z.object({
  id: z.uuid(),
  sender_role: z.enum(['client', 'provider']),
  text: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});

/**
 * The bid the job was given to, with its price as it now stands: its priced lines (totals by the
 * server), its validity and how many times it changed (`revision`, 1 as placed).
 */
export const caseBid = adminBid.extend({
  amount_cents: z.number().int(),
  lines: z.array(lineView),
  revision: z.number().int(),
  revised_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  earliest_start: z.string().nullable(),
});

/**
 * One case: the request with both sides' contacts, the hired bid with every version of its price,
 * both sides' words, the thread.
 */
export const caseDetailResponse = z.object({
  work_request: adminRequestDetail,
  /** The bid the job was given to, null if there is none (any more). */
  bid: caseBid.nullable(),
  /**
   * Every version of that bid's price, oldest first (the last is the current one): as placed, each
   * revision before the hire, each price agreed after it. Empty without a bid.
   */
  bid_revisions: z.array(revisionView),
  completion: completionResponse,
  /** The last messages between the two, oldest first; null when they never wrote. */
  thread: z.object({ id: z.uuid(), messages: z.array(caseMessage) }).nullable(),
  /** The decisions open to the administrator now (none once it is decided). */
  allowed_actions: z.array(z.enum(DISPUTE_OUTCOMES)),
});
export type CaseDetail = z.infer<typeof caseDetailResponse>;

export { disputeDecisionBody };
