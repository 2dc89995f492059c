import type { QueryKey } from '@tanstack/react-query';
import { conversationKeys } from '../../conversations/ui/conversation-cache';
import { providerKeys } from '../../providers/ui/providers.api';
import { bidKeys } from '../../requests/ui/bids.api';
import { requestKeys } from '../../requests/ui/requests.api';
import { notificationKeys, type Notification } from './notification-cache';

/**
 * What the live stream's events mean for the browser's cache, pure (the connection itself is
 * useLiveUpdates.ts). The stream carries ids and small facts; pages refetch what they show
 * through TanStack Query (docs/architecture.md "Beyond the spec").
 */

/** `changed`: something the person sees changed; `kind` names what, `id` which one. */
export interface LiveChange {
  kind: string;
  id: string;
}

export function changeFromEvent(text: string): LiveChange | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const { kind, id } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || (typeof id !== 'string' && typeof id !== 'number'))
    return undefined;
  return { kind, id: String(id) };
}

/**
 * The cache entries a change makes stale (the server's kinds: live.schema.ts). Only the entries a
 * page shows are fetched again at once; the others are fetched when next shown.
 * - a work request (a bid on it placed, changed, withdrawn or accepted; the request cancelled,
 *   completed, reopened or posted): its page with its bids, the client's "My requests", the public
 *   lists it may join or leave, and the providers' "My bids" (their bid's status shows there);
 * - a bid of the reader's own: the provider's "My bids" (its request, when it changed, comes as a
 *   `work_request` change of its own);
 * - a thread of the reader's (a message written or read, a block): the thread with its messages
 *   (an open thread shows the new message) and the lists of threads with the header's count.
 * An unknown kind (from a newer server) changes nothing.
 */
export function staleKeysOf(change: LiveChange): QueryKey[] {
  switch (change.kind) {
    case 'work_request':
      return [requestKeys.detail(change.id), requestKeys.mine(), requestKeys.lists(), bidKeys.all];
    case 'bid':
      return [bidKeys.all];
    case 'conversation':
      return [conversationKeys.thread(change.id), conversationKeys.lists()];
    default:
      return [];
  }
}

const REQUEST_LINK = /^\/request\/([^/?#]+)\/?(?:[?#].*)?$/;
const THREAD_LINK = /^\/messages\/([^/?#]+)\/?(?:[?#].*)?$/;
const PROVIDER_LINK = /^\/provider\/([^/?#]+)\/?(?:[?#].*)?$/;

/**
 * The cache entries a new notification makes stale: the inbox (every page and the bell's count)
 * and what it links to, which tells of the same change: a request's page, a thread (an
 * unread message) with the lists of threads, or a provider's page with its reviews (a review, an
 * answer to one).
 */
export function staleKeysOfNotification(notification: Notification): QueryKey[] {
  const request = notification.link && REQUEST_LINK.exec(notification.link)?.[1];
  const thread = notification.link && THREAD_LINK.exec(notification.link)?.[1];
  const provider = notification.link && PROVIDER_LINK.exec(notification.link)?.[1];
  return [
    notificationKeys.all,
    ...(request ? [requestKeys.detail(request)] : []),
    ...(thread ? [conversationKeys.thread(thread), conversationKeys.lists()] : []),
    ...(provider ? [providerKeys.detail(provider)] : []),
  ];
}
