import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { conversationKeys } from '../../conversations/ui/conversation-cache';
import { requestKeys } from '../../requests/ui/requests.api';
import { changeFromEvent, staleKeysOf, staleKeysOfNotification } from './live-events';
import {
  notificationFromEvent,
  notificationKeys,
  withNewNotification,
  type NotificationPage,
} from './notification-cache';

export const LIVE_PATH = '/api/live';

/**
 * After a refused stream (503 when the instance is full, with `Retry-After: 30`, which
 * EventSource cannot read), the next try waits this long, doubling up to the maximum, each spread
 * by up to a third so that many pages refused together do not come back together.
 */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 5 * 60_000;
const spread = (ms: number) => ms + Math.round(Math.random() * (ms / 3));

/**
 * The signed-in person's live stream (`GET /api/live`, Server-Sent Events), for one tab. A new
 * notification joins the inbox and the bell at once; a `changed` event makes the pages that show
 * that thing fetch it again, so an open request page shows a new bid, or its acceptance, without
 * a reload.
 *
 * The browser reconnects by itself after a dropped connection, resuming with `Last-Event-ID`.
 * A refused one (401 once the session has ended, 503 when the instance is full) closes the
 * stream for good: `stillSignedIn` then asks the session again. Signed out, nothing reconnects
 * (the shell opens a new stream when someone signs in); still signed in, it tries again later.
 * Answers the function that closes it.
 */
export function openLiveConnection({
  queryClient,
  stillSignedIn,
}: {
  queryClient: QueryClient;
  stillSignedIn: () => Promise<boolean>;
}): () => void {
  let source: EventSource | undefined;
  let retry: number | undefined;
  let delay = FIRST_RETRY_MS;
  let opened = false;
  let ended = false;

  const stale = (keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const onNotification = (event: MessageEvent<string>) => {
    const notification = notificationFromEvent(event.data);
    if (!notification) return;
    queryClient.setQueryData<NotificationPage>(
      notificationKeys.page(1),
      (page) => page && withNewNotification(page, notification),
    );
    stale(staleKeysOfNotification(notification));
  };

  const onChanged = (event: MessageEvent<string>) => {
    const change = changeFromEvent(event.data);
    if (change) stale(staleKeysOf(change));
  };

  const onOpen = () => {
    delay = FIRST_RETRY_MS;
    // Back after a gap: what changed meanwhile without a notification is fetched again.
    if (opened) stale([notificationKeys.all, requestKeys.all, conversationKeys.all]);
    opened = true;
  };

  const onError = () => {
    if (!source || source.readyState !== EventSource.CLOSED) return;
    source.close();
    // Not knowing (the server is unreachable) counts as still signed in: try again later.
    void stillSignedIn()
      .catch(() => true)
      .then((signedIn) => {
        if (ended || !signedIn) return;
        retry = window.setTimeout(connect, spread(delay));
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      });
  };

  function connect() {
    source = new EventSource(LIVE_PATH);
    source.addEventListener('open', onOpen);
    source.addEventListener('notification', onNotification);
    source.addEventListener('changed', onChanged);
    source.addEventListener('error', onError);
  }

  connect();
  return () => {
    ended = true;
    window.clearTimeout(retry);
    source?.close();
  };
}
