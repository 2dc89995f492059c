import { z } from 'zod';
import { WORK_REQUEST_STATUSES } from '../../shared/statuses';
import { attachmentInfo } from './requests.schema';
import { DISPUTE_OUTCOMES } from './requests.rules';

/** The longest note of a step (the provider's "done", a problem, a decision). */
export const COMPLETION_NOTE_MAX = 2000;
/** A problem says what happened in at least this many characters. */
export const PROBLEM_TEXT_MIN = 10;

/** Why a client reports a problem with a hired job; its text says the rest. */
export const PROBLEM_REASONS = [
  'not_finished',
  'poor_quality',
  'damage',
  'no_show',
  'price',
  'other',
] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

const note = z
  .string({ message: 'required' })
  .trim()
  .max(COMPLETION_NOTE_MAX, { message: 'too_long' });

/** The provider's "done" (multipart fields beside the photos): an optional note. */
export const markDoneFields = z.object({
  note: z.preprocess((value) => (value === '' ? undefined : value), note.optional()),
});

/** The client's problem (multipart fields beside the photos): a reason and what happened. */
export const reportProblemFields = z.object({
  reason: z.enum(PROBLEM_REASONS, { message: 'required' }),
  text: note.min(PROBLEM_TEXT_MIN, { message: 'message_length' }),
});
export type ReportProblemFields = z.infer<typeof reportProblemFields>;

/** An administrator's decision about a disputed job, with a note to both sides. */
export const disputeDecisionBody = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES),
  note: note.min(1, { message: 'required' }),
});
export type DisputeDecision = z.infer<typeof disputeDecisionBody>;

/** One step of a job's end as both sides and administrators read it. */
export const completionStepView = z.object({
  id: z.uuid(),
  kind: z.enum(['done', 'problem', 'decision']),
  /** Who wrote it, by their side of the hire: never a name or contact detail. */
  author_role: z.enum(['client', 'provider', 'administrator']).nullable(),
  /** A problem's reason code or a decision's outcome; null for "done". */
  reason: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  files: z.array(attachmentInfo),
});
export type CompletionStepView = z.infer<typeof completionStepView>;

/** GET /api/work-requests/:id/completion: the steps, oldest first, and when it completes itself. */
export const completionResponse = z.object({
  status: z.enum(WORK_REQUEST_STATUSES),
  /** While DONE: when the job completes by itself unless the client answers. */
  auto_completes_at: z.iso.datetime({ offset: true }).nullable(),
  steps: z.array(completionStepView),
});
export type CompletionResponse = z.infer<typeof completionResponse>;

export const completionFileParams = z.object({
  id: z.uuid({ message: 'request_not_found' }),
  fileId: z.uuid(),
});
