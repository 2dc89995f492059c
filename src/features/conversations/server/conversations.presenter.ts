import type { Actor } from '../../../shared/actor';
import {
  conversationActions,
  isHireOf,
  masksContacts,
  readOnlyReason,
  type ThreadFacts,
} from '../conversations.rules';
import type { ConversationSummary, ConversationView, MessageView } from '../conversations.schema';
import {
  threadFacts,
  type AttachmentRow,
  type MessageRow,
  type ThreadRow,
} from './conversations.repo';

/** Where a message's file is served (to the two people, and administrators handling a report). */
export const attachmentUrl = (conversationId: string, attachmentId: string) =>
  `/api/conversations/${conversationId}/attachments/${attachmentId}`;

/**
 * The other person of a thread. A provider's name is public (their profile); a client's name is
 * a contact detail, shown to the provider only once hired.
 */
function otherOf(row: ThreadRow, viewer: Actor, facts: ThreadFacts) {
  if (viewer.id === row.thread.clientId) {
    return { id: row.thread.providerId, name: row.providerName, role: 'provider' as const };
  }
  return {
    id: row.thread.clientId,
    name: isHireOf(facts) ? row.clientName : null,
    role: 'client' as const,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A thread as its lists show it: with the viewer's unread count and its last message. */
export type CountedThreadRow = ThreadRow & {
  unread: number;
  last: { body: string; sender_id: string; created_at: string } | null;
};

export function presentSummary(row: CountedThreadRow, viewer: Actor): ConversationSummary {
  const facts = threadFacts(row, viewer.id);
  return {
    id: row.thread.id,
    request: { id: row.thread.workRequestId, title: row.thread.requestTitle },
    other: otherOf(row, viewer, facts),
    last_message: row.last
      ? {
          text: row.last.body,
          mine: row.last.sender_id === viewer.id,
          created_at: iso(row.last.created_at),
        }
      : null,
    unread_count: row.unread,
    read_only: readOnlyReason(facts) !== null,
  };
}

export function presentThread(row: CountedThreadRow, viewer: Actor): ConversationView {
  const facts = threadFacts(row, viewer.id);
  return {
    ...presentSummary(row, viewer),
    read_only_reason: readOnlyReason(facts),
    masking: masksContacts(facts),
    allowed_actions: conversationActions(viewer, facts),
  };
}

/** When the other person of the thread last read it: the viewer's messages before are "seen". */
export const otherReadAt = (row: ThreadRow, viewer: Actor) =>
  viewer.id === row.thread.clientId ? row.thread.providerReadAt : row.thread.clientReadAt;

export function presentMessage(
  message: MessageRow,
  files: AttachmentRow[],
  viewer: Actor,
  seenUntil: Date | null,
): MessageView {
  const mine = message.senderId === viewer.id;
  return {
    id: message.id,
    sender_id: message.senderId,
    mine,
    text: message.body,
    masked: message.masked,
    created_at: iso(message.createdAt),
    seen: mine && seenUntil !== null && seenUntil >= message.createdAt,
    attachments: files.map((file) => ({
      id: file.id,
      filename: file.filename,
      mime_type: file.mimeType,
      size_bytes: file.sizeBytes,
      url: attachmentUrl(message.conversationId, file.id),
    })),
  };
}
