import { z } from 'zod';

/**
 * The live stream's wire contract (`GET /api/live`, Server-Sent Events), shared by the server and
 * the browser's EventSource. docs/notifications.md "Live streams" tells the whole of it.
 *
 * - `notification`: `data` is one notification in the inbox's shape (`notificationView`), and the
 *   event's `id` is that notification's id, so that a reconnection resumes after it.
 * - `changed`: `data` is `{ kind, id }`: something the reader's open pages show has changed; the
 *   page refetches it. It carries no content.
 */
export const LIVE_EVENTS = { notification: 'notification', changed: 'changed' } as const;

/**
 * What a `changed` event can name:
 * - `work_request`: a request and its bids (the request's page, its lists), by the request's id;
 * - `bid`: one bid of the reader's own (a provider's list of bids), by the bid's id;
 * - `conversation`: a thread of the reader's (a new message, read by the other person, blocked),
 *   by the thread's id; the thread, its messages and the list of threads are fetched again.
 */
export const LIVE_CHANGE_KINDS = ['work_request', 'bid', 'conversation'] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

export const liveChange = z.object({ kind: z.enum(LIVE_CHANGE_KINDS), id: z.uuid() });
export type LiveChange = z.infer<typeof liveChange>;

/** A cursor as the stream sends it (`id:`): a notification id, or 0 before the first one. */
export const liveCursor = z
  .string()
  .regex(/^\d{1,15}$/, { message: 'must be a notification id' })
  .transform(Number);

/**
 * Resuming after a dropped stream: `Last-Event-ID` (the browser's own), or `?lastEventId=`. The
 * other headers pass untouched (a headers schema replaces what the request holds).
 */
export const liveHeaders = z.looseObject({ 'last-event-id': liveCursor.optional() });
export const liveQuery = z.object({ lastEventId: liveCursor.optional() });
