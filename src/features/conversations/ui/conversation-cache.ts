import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CamelCased } from '../../../client/api/types';
import type {
  ConversationView,
  conversationsResponse,
  MessageView,
  messagesResponse,
  sentMessageResponse,
} from '../conversations.schema';

/**
 * The browser's side of the conversations' cache, pure: its keys, the shapes it holds, and how
 * they change when a message is sent or a thread is read. The hooks (conversations.api.ts) and
 * the live stream (notifications/ui/live-events.ts) apply these; the tests check them.
 */

export type ConversationList = CamelCased<z.infer<typeof conversationsResponse>>;
export type ConversationSummary = ConversationList['conversations'][number];
export type Conversation = CamelCased<ConversationView>;
export type Message = CamelCased<MessageView>;
export type MessageAttachment = Message['attachments'][number];
/** One page of a thread: the thread as it is now, and a run of its messages, oldest first. */
export type ThreadPage = CamelCased<z.infer<typeof messagesResponse>>;
export type SentMessage = CamelCased<z.infer<typeof sentMessageResponse>>;
/** A thread's pages as loaded: the newest first, each older one after it ("Load older"). */
export type ThreadPages = InfiniteData<ThreadPage>;

/**
 * Cache keys, broad to narrow. A thread's messages sit under the thread, so a live change to
 * the thread reaches them; the lists (every page, and the header's count) sit apart.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  /** Every page of "My messages"; the first one also feeds the header's unread count. */
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (page: number) => [...conversationKeys.lists(), page] as const,
  /** The viewer's threads of one request (a request's page), refreshed with every list. */
  ofRequest: (workRequestId: string) =>
    [...conversationKeys.lists(), 'request', workRequestId] as const,
  thread: (id: string) => [...conversationKeys.all, 'thread', id] as const,
  messages: (id: string) => [...conversationKeys.thread(id), 'messages'] as const,
};

/** The `before` of the page older than `page`, or undefined when there is none. */
export const olderCursor = (page: ThreadPage): string | undefined =>
  page.hasMore ? page.messages[0]?.id : undefined;

/** Every loaded message, oldest first, each once (a page fetched again may overlap another). */
export function messagesOf(pages: ThreadPages | undefined): Message[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const all: Message[] = [];
  for (const page of [...pages.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all;
}

/** The thread as the newest page tells it (every fetch or write brings it up to date). */
export const conversationOf = (pages: ThreadPages | undefined): Conversation | undefined =>
  pages?.pages[0]?.conversation;

/** The thread's pages with the thread as the server now tells it. */
export function withConversation(
  pages: ThreadPages | undefined,
  conversation: Conversation,
): ThreadPages | undefined {
  if (!pages?.pages[0]) return pages;
  const [newest, ...older] = pages.pages;
  return { ...pages, pages: [{ ...newest, conversation }, ...older] };
}

/** A sent message joins the newest page at its end, once (a retry answers the same message). */
export function withSentMessage(
  pages: ThreadPages | undefined,
  { conversation, message }: SentMessage,
): ThreadPages | undefined {
  const updated = withConversation(pages, conversation);
  if (!updated?.pages[0] || messagesOf(updated).some((known) => known.id === message.id))
    return updated;
  const [newest, ...older] = updated.pages;
  return {
    ...updated,
    pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older],
  };
}

/** A list page with the thread's summary as the server now tells it, and the total to match. */
export function withSummary(list: ConversationList, conversation: Conversation): ConversationList {
  const before = list.conversations.find((summary) => summary.id === conversation.id);
  if (!before) return list;
  const {
    readOnlyReason: _reason,
    masking: _masking,
    allowedActions: _actions,
    ...summary
  } = conversation;
  return {
    ...list,
    unreadTotal: Math.max(0, list.unreadTotal - before.unreadCount + summary.unreadCount),
    conversations: list.conversations.map((known) =>
      known.id === conversation.id ? summary : known,
    ),
  };
}

/** The last of the viewer's own messages the other person has read: "Seen" goes under it. */
export function lastSeenOfMine(messages: readonly Message[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.mine && message.seen) return message.id;
  }
  return undefined;
}
