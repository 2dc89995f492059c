import { describe, expect, it } from 'vitest';
import {
  conversationOf,
  lastSeenOfMine,
  messagesOf,
  olderCursor,
  withConversation,
  withSentMessage,
  withSummary,
  type Conversation,
  type ConversationList,
  type Message,
  type ThreadPage,
  type ThreadPages,
} from './conversation-cache';

const THREAD = '0b8f5e0a-1c2d-4e3f-9a8b-7c6d5e4f3a2b';

const message = (id: string, extra: Partial<Message> = {}): Message => ({
  id,
  senderId: 'someone',
  mine: false,
  text: `text ${id}`,
  masked: false,
  createdAt: '2026-05-01T10:00:00.000Z',
  seen: false,
  attachments: [],
  ...extra,
});

const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: THREAD,
  request: { id: 'r1', title: 'Leaking tap' },
  other: { id: 'p1', name: 'Ján', role: 'provider' },
  lastMessage: null,
  unreadCount: 2,
  readOnly: false,
  readOnlyReason: null,
  masking: true,
  allowedActions: ['write', 'report', 'block'],
  ...extra,
});

const page = (ids: string[], hasMore: boolean, extra: Partial<Conversation> = {}): ThreadPage => ({
  conversation: conversation(extra),
  messages: ids.map((id) => message(id)),
  hasMore,
});

const pages = (...list: ThreadPage[]): ThreadPages => ({
  pages: list,
  pageParams: list.map((_, index) => (index === 0 ? undefined : `cursor-${index}`)),
});

describe('a thread’s pages', () => {
  it('ask for older messages before the oldest loaded, while there are any', () => {
    expect(olderCursor(page(['c', 'd'], true))).toBe('c');
    expect(olderCursor(page(['c', 'd'], false))).toBeUndefined();
    expect(olderCursor(page([], true))).toBeUndefined();
  });

  it('list every message oldest first, once, and the thread from the newest page', () => {
    const loaded = pages(page(['c', 'd'], true, { unreadCount: 0 }), page(['a', 'b', 'c'], false));
    expect(messagesOf(loaded).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(conversationOf(loaded)?.unreadCount).toBe(0);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('take a sent message at the end, once, with the thread of the answer', () => {
    const loaded = pages(page(['c', 'd'], true), page(['a', 'b'], false));
    const sent = { conversation: conversation({ unreadCount: 0 }), message: message('e') };
    const after = withSentMessage(loaded, sent);
    expect(messagesOf(after).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(conversationOf(after)?.unreadCount).toBe(0);
    // The same message answered again (a retry with the same key) is not added twice.
    expect(messagesOf(withSentMessage(after, sent)).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    // A thread not loaded stays unloaded (it is fetched when opened).
    expect(withSentMessage(undefined, sent)).toBeUndefined();
  });

  it('take a new state of the thread without touching the messages', () => {
    const loaded = pages(page(['a'], false));
    const blocked = conversation({ readOnly: true, readOnlyReason: 'blocked', allowedActions: [] });
    const after = withConversation(loaded, blocked);
    expect(conversationOf(after)).toBe(blocked);
    expect(after?.pages[0]?.messages).toBe(loaded.pages[0]?.messages);
  });
});

describe('the list of threads', () => {
  const list: ConversationList = {
    conversations: [
      { ...conversation({ unreadCount: 2 }) },
      { ...conversation({ unreadCount: 1 }), id: 'another' },
    ].map(({ readOnlyReason: _r, masking: _m, allowedActions: _a, ...summary }) => summary),
    unreadTotal: 3,
    pagination: { page: 1, totalPages: 1, total: 2 },
  };

  it('shows a thread read at once, and the header’s total with it', () => {
    const after = withSummary(list, conversation({ unreadCount: 0 }));
    expect(after.conversations.map((c) => c.unreadCount)).toEqual([0, 1]);
    expect(after.unreadTotal).toBe(1);
    expect(after.conversations[0]).not.toHaveProperty('allowedActions');
  });

  it('is left alone by a thread it does not show', () => {
    expect(withSummary(list, { ...conversation({ unreadCount: 0 }), id: 'elsewhere' })).toBe(list);
  });
});

describe('“Seen”', () => {
  it('goes under the last of my messages the other person has read', () => {
    const thread = [
      message('a', { mine: true, seen: true }),
      message('b', { mine: true, seen: true }),
      message('c'),
      message('d', { mine: true, seen: false }),
    ];
    expect(lastSeenOfMine(thread)).toBe('b');
    expect(lastSeenOfMine([message('a'), message('b', { mine: true })])).toBeUndefined();
  });
});
