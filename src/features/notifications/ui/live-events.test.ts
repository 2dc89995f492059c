import { describe, expect, it } from 'vitest';
import { conversationKeys } from '../../conversations/ui/conversation-cache';
import { bidKeys } from '../../requests/ui/bids.api';
import { requestKeys } from '../../requests/ui/requests.api';
import { providerKeys } from '../../providers/ui/providers.api';
import { changeFromEvent, staleKeysOf, staleKeysOfNotification } from './live-events';
import {
  notificationFromEvent,
  notificationKeys,
  unreadAmong,
  withNewNotification,
  withRead,
  type Notification,
  type NotificationPage,
} from './notification-cache';
import { completePreferences } from './notifications.api';
import { base64UrlToBytes } from './push-device';

const REQUEST = '3f1c2b9e-8d4a-4c1e-9f2b-7a6d5e4c3b2a';
const THREAD = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const note = (id: number, readAt: string | null = null): Notification => ({
  id,
  type: 'bid_received',
  createdAt: '2026-05-01T10:00:00.000Z',
  readAt,
  data: {},
  link: `/request/${REQUEST}`,
});

const pageOf = (notifications: Notification[], unreadCount: number): NotificationPage => ({
  notifications,
  unreadCount,
  pagination: { page: 1, totalPages: 1, total: notifications.length },
});

/** Whether invalidating `key` reaches the entry `entry` (TanStack matches by prefix). */
const reaches = (key: readonly unknown[], entry: readonly unknown[]) =>
  key.every((part, index) => JSON.stringify(part) === JSON.stringify(entry[index]));

describe('a `changed` event', () => {
  it('is read from the stream, and anything else is ignored', () => {
    expect(changeFromEvent('{"kind":"work_request","id":"abc"}')).toEqual({
      kind: 'work_request',
      id: 'abc',
    });
    expect(changeFromEvent('{"kind":"bid","id":42}')).toEqual({ kind: 'bid', id: '42' });
    for (const text of ['', 'not json', 'null', '{"kind":"bid"}', '{"id":"x"}', '[1]'])
      expect(changeFromEvent(text)).toBeUndefined();
  });

  it('to a work request refreshes its page with its bids, My requests, the lists and My bids', () => {
    const keys = staleKeysOf({ kind: 'work_request', id: REQUEST });
    expect(keys).toEqual(
      expect.arrayContaining([
        requestKeys.detail(REQUEST),
        requestKeys.mine(),
        requestKeys.lists(),
        bidKeys.all,
      ]),
    );
    // The request page's bids live under it: the client's open page shows a new bid.
    expect(keys.some((key) => reaches(key, bidKeys.ofRequest(REQUEST)))).toBe(true);
    expect(keys.some((key) => reaches(key, bidKeys.ofProvider('p1')))).toBe(true);
    // Another request's page is left alone.
    expect(keys.some((key) => reaches(key, requestKeys.detail('other')))).toBe(false);
  });

  it('to a bid refreshes the provider’s own list of bids', () => {
    const keys = staleKeysOf({ kind: 'bid', id: 'b1' });
    expect(keys.some((key) => reaches(key, bidKeys.ofProvider('p1')))).toBe(true);
    expect(keys.some((key) => reaches(key, requestKeys.detail(REQUEST)))).toBe(false);
    expect(keys.some((key) => reaches(key, requestKeys.lists()))).toBe(false);
  });

  it('to a thread refreshes that thread with its messages, and the lists of threads', () => {
    const keys = staleKeysOf({ kind: 'conversation', id: THREAD });
    // The open thread shows the new message; the header's count comes with the first list page.
    expect(keys.some((key) => reaches(key, conversationKeys.messages(THREAD)))).toBe(true);
    expect(keys.some((key) => reaches(key, conversationKeys.list(1)))).toBe(true);
    expect(keys.some((key) => reaches(key, conversationKeys.list(4)))).toBe(true);
    // Another thread, and the requests and bids, are left alone.
    expect(keys.some((key) => reaches(key, conversationKeys.messages('other')))).toBe(false);
    expect(keys.some((key) => reaches(key, requestKeys.detail(REQUEST)))).toBe(false);
    expect(keys.some((key) => reaches(key, bidKeys.ofProvider('p1')))).toBe(false);
  });

  it('of a kind this browser does not know changes nothing', () => {
    expect(staleKeysOf({ kind: 'message_reaction', id: '1' })).toEqual([]);
  });
});

describe('a `notification` event', () => {
  it('is read from the stream in the inbox shape, and anything else is ignored', () => {
    const sent = JSON.stringify({
      id: 7,
      type: 'bid_received',
      created_at: '2026-05-01T10:00:00.000Z',
      read_at: null,
      data: { title: 'Batéria', amount_cents: 8950 },
      link: `/request/${REQUEST}`,
    });
    expect(notificationFromEvent(sent)).toEqual({
      id: 7,
      type: 'bid_received',
      createdAt: '2026-05-01T10:00:00.000Z',
      readAt: null,
      data: { title: 'Batéria', amountCents: 8950 },
      link: `/request/${REQUEST}`,
    });
    for (const text of ['', '{}', '{"id":"7","type":"bid_received","created_at":"x"}'])
      expect(notificationFromEvent(text)).toBeUndefined();
    expect(
      notificationFromEvent('{"id":7,"type":"no_such_type","created_at":"2026-05-01"}'),
    ).toBeUndefined();
  });

  it('refreshes the inbox and the bell, and the request it links to', () => {
    const keys = staleKeysOfNotification(note(1));
    expect(keys).toEqual([notificationKeys.all, requestKeys.detail(REQUEST)]);
    expect(keys.some((key) => reaches(key, notificationKeys.page(3)))).toBe(true);
    expect(staleKeysOfNotification({ ...note(1), link: null })).toEqual([notificationKeys.all]);
    expect(staleKeysOfNotification({ ...note(1), link: '/profile' })).toEqual([
      notificationKeys.all,
    ]);
  });

  it('of an answer to a review refreshes the inbox and the provider with their reviews', () => {
    const keys = staleKeysOfNotification({
      ...note(1),
      type: 'review_answered',
      link: `/provider/${REQUEST}`,
    });
    expect(keys).toEqual([notificationKeys.all, providerKeys.detail(REQUEST)]);
  });

  it('of an unread message refreshes the inbox, that thread and the lists of threads', () => {
    const keys = staleKeysOfNotification({
      ...note(1),
      type: 'message_received',
      link: `/messages/${THREAD}`,
    });
    expect(keys).toEqual([
      notificationKeys.all,
      conversationKeys.thread(THREAD),
      conversationKeys.lists(),
    ]);
  });

  it('joins the first page at its top, counted once even when the stream sends it again', () => {
    const page = pageOf([note(2), note(1, '2026-05-01T11:00:00.000Z')], 1);
    const once = withNewNotification(page, note(3));
    expect(once.notifications.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(once.unreadCount).toBe(2);
    expect(withNewNotification(once, note(3))).toBe(once);
    // The page keeps its size.
    expect(withNewNotification(once, note(4), 3).notifications.map((n) => n.id)).toEqual([4, 3, 2]);
  });
});

describe('reading', () => {
  const read = '2026-05-02T08:00:00.000Z';
  const first = pageOf([note(3), note(2), note(1, read)], 5);
  const second = pageOf([note(9)], 5);

  it('counts each unread notification once over the cached pages', () => {
    expect(unreadAmong([first, second, undefined], { ids: [3, 1, 9, 9] })).toBe(2);
    expect(unreadAmong([first, second], { all: true })).toBe(3);
  });

  it('marks the notifications read and lowers the count, or takes the server’s', () => {
    const guessed = withRead(first, { ids: [3] }, read, { newlyRead: 1 });
    expect(guessed.notifications.map((n) => n.readAt)).toEqual([read, null, read]);
    expect(guessed.unreadCount).toBe(4);
    expect(withRead(first, { all: true }, read, { newlyRead: 3 }).unreadCount).toBe(0);
    expect(withRead(first, { ids: [2] }, read, { unreadCount: 7 }).unreadCount).toBe(7);
    expect(withRead(first, { ids: [3] }, read, { newlyRead: 9 }).unreadCount).toBe(0);
  });
});

describe('preferences', () => {
  it('fill every type (both on when unlisted), keep essential mail on, and undo camelCase', () => {
    const preferences = completePreferences({
      bidReceived: { email: false, push: true },
      bidAccepted: { email: true, push: false },
      passwordChanged: { email: false, push: false },
      noSuchType: { email: false, push: false },
    });
    expect(preferences.bid_received).toEqual({ email: false, push: true });
    expect(preferences.bid_accepted).toEqual({ email: true, push: false });
    expect(preferences.password_changed).toEqual({ email: true, push: false });
    expect(preferences.review_received).toEqual({ email: true, push: true });
    expect(Object.keys(preferences)).not.toContain('no_such_type');
  });
});

describe('push key', () => {
  it('decodes base64url as the browser needs it', () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 62, 63]);
    const text = Buffer.from(bytes).toString('base64url');
    expect(text).toMatch(/[-_]/);
    expect([...base64UrlToBytes(text)]).toEqual([...bytes]);
  });
});
