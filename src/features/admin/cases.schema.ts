import { z } from 'zod';
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

/** One case: the request with both sides' contacts, the hired bid, both sides' words, the thread. */
export const caseDetailResponse = z.object({
  work_request: adminRequestDetail,
  /** The bid the job was given to (its revisions, when bids have them, beside it). */
  bid: adminBid.nullable(),
  completion: completionResponse,
  /** The last messages between the two, oldest first; null when they never wrote. */
  thread: z.object({ id: z.uuid(), messages: z.array(caseMessage) }).nullable(),
  /** The decisions open to the administrator now (none once it is decided). */
  allowed_actions: z.array(z.enum(DISPUTE_OUTCOMES)),
});
export type CaseDetail = z.infer<typeof caseDetailResponse>;

export { disputeDecisionBody };
