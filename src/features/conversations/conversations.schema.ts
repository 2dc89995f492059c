import { z } from 'zod';
import { LIMITS } from '../../shared/limits';

/**
 * The wire contract of conversations (docs/conversations.md), shared by the server and the
 * browser: one thread per request and provider, its messages, reports and blocks.
 */

/** Why a thread takes no more messages; null while both may write. */
export const READ_ONLY_REASONS = [
  /** The client hired another provider for the request. */
  'request_assigned',
  'request_cancelled',
  'request_deleted',
  /** The provider withdrew their bid. */
  'bid_withdrawn',
  /** One of the two accounts is disabled or gone. */
  'account_disabled',
  /** One of the two blocked the other. */
  'blocked',
] as const;
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number];

/** What the viewer may do in a thread (from conversations.rules.ts), sent as `allowed_actions`. */
export const CONVERSATION_ACTIONS = ['write', 'attach', 'report', 'block', 'unblock'] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

export const REPORT_REASONS = ['spam', 'abuse', 'fraud', 'contact_outside', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const messageLimits = LIMITS.messages;

/** A message's text: 1 to 2000 characters once trimmed (a NUL byte is refused for every route). */
export const messageText = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(messageLimits.textMax, { message: 'message_text_length' });

export const conversationIdParams = z.object({ id: z.uuid({ message: 'not_found' }) });
export const messageAttachmentParams = z.object({
  id: z.uuid({ message: 'not_found' }),
  attachmentId: z.uuid({ message: 'not_found' }),
});

export const listConversationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Only the threads of this request (a request's page finds the thread it would open). */
  work_request_id: z.uuid({ message: 'not_found' }).optional(),
});

/** `before`: a message id of this thread; the page holds the messages written before it. */
export const messagesQuery = z.object({ before: z.uuid({ message: 'not_found' }).optional() });

export const startConversationBody = z.object({
  work_request_id: z.uuid({ message: 'not_found' }),
  /** The client names the provider they write to; a provider writes as themselves. */
  provider_id: z.uuid({ message: 'not_found' }).optional(),
  text: messageText,
});

/** A JSON message (no files); with files the same field comes as multipart form data. */
export const sendMessageBody = z.object({ text: messageText });

export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(messageLimits.reportNoteMax, { message: 'too_long' }).optional(),
});

/** A file of a message: served to the two people, and to administrators handling a report. */
export const messageAttachmentView = z.object({
  id: z.uuid(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});

export const messageView = z.object({
  id: z.uuid(),
  sender_id: z.uuid().nullable(),
  mine: z.boolean(),
  /** As stored: before the hire, contact details in it were masked (`masked`). */
  text: z.string(),
  masked: z.boolean(),
  created_at: z.string(),
  /** For the sender's own messages: the other person has read it. */
  seen: z.boolean(),
  attachments: z.array(messageAttachmentView),
});
export type MessageView = z.infer<typeof messageView>;

/** The other person of a thread. Before the hire a client has no name (their contact is private). */
export const conversationPerson = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  role: z.enum(['client', 'provider']),
});

export const conversationSummary = z.object({
  id: z.uuid(),
  /** `id` is null once the request was deleted; its title stays. */
  request: z.object({ id: z.uuid().nullable(), title: z.string() }),
  other: conversationPerson,
  last_message: z
    .object({ text: z.string(), mine: z.boolean(), created_at: z.string() })
    .nullable(),
  unread_count: z.number().int(),
  read_only: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationsResponse = z.object({
  conversations: z.array(conversationSummary),
  /** Unread messages over all of the viewer's threads (the header's count). */
  unread_total: z.number().int(),
  pagination: z.object({
    page: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});

export const conversationView = conversationSummary.extend({
  read_only_reason: z.enum(READ_ONLY_REASONS).nullable(),
  /** Contact details are masked in new messages until the client hires this provider. */
  masking: z.boolean(),
  allowed_actions: z.array(z.enum(CONVERSATION_ACTIONS)),
});
export type ConversationView = z.infer<typeof conversationView>;

export const messagesResponse = z.object({
  conversation: conversationView,
  /** Oldest first; `has_more`: older messages exist (ask with `before` = the first one's id). */
  messages: z.array(messageView),
  has_more: z.boolean(),
});

export const sentMessageResponse = z.object({
  conversation: conversationView,
  message: messageView,
});

export const reportResponse = z.object({ report_id: z.uuid(), message: z.string() });

/* Reports, as the administration console reads them (`/api/admin/reports`). */

export const REPORT_STATUSES = ['open', 'closed'] as const;

export const reportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const reportIdParams = z.object({ id: z.uuid({ message: 'not_found' }) });

/** A person of a report; null once their account is gone. */
const reportPerson = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(['client', 'provider']),
    account_status: z.string(),
  })
  .nullable();

export const reportView = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  reporter: reportPerson,
  reported: reportPerson,
  request_title: z.string(),
  /** Null once the thread is gone (its people's accounts deleted); the report keeps its copy. */
  conversation_id: z.uuid().nullable(),
});
export type ReportView = z.infer<typeof reportView>;

export const reportsResponse = z.object({
  reports: z.array(reportView),
  pagination: z.object({
    page: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});

/** A reported message, as copied into the report when it was made. */
export const reportedMessage = z.object({
  id: z.uuid(),
  sender_role: z.enum(['client', 'provider']),
  text: z.string(),
  created_at: z.string(),
  attachments: z.array(messageAttachmentView),
});

/** Opening a report shows the reported messages; each look is audited. */
export const reportDetailResponse = z.object({
  report: reportView,
  messages: z.array(reportedMessage),
});

export const reportResponseForAdmin = z.object({ report: reportView });
