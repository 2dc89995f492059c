import type { ServerResponse } from 'node:http';
import type { LiveChange } from '../../live.schema';
import { LIVE_EVENTS } from '../../live.schema';
import type { NotificationView } from '../../notifications.schema';
import { SSE_HEARTBEAT, sseEvent, sseOpening, sseRetry } from './sse';

/** How many sent ids a stream remembers to send no notification twice. */
const REMEMBERED_IDS = 1_000;

/** Why a stream ended, for the log and the metrics. */
export type EndReason =
  /** The session ended: signed out (here or on another device), expired, account disabled or gone. */
  | 'session_ended'
  /** The person opened more streams than one instance keeps; the oldest made room. */
  | 'replaced'
  /** The reader did not take what was sent; the connection was cut. */
  | 'slow_reader'
  /** The database's LISTEN connection came back: the browser resumes to read what it missed. */
  | 'catch_up'
  /** The instance is stopping. */
  | 'shutdown'
  /** The stream could not be opened (the database failed while it read the missed ones). */
  | 'failed'
  /** The browser went away (a tab closed, a network lost). */
  | 'gone';

/**
 * One person's open event stream on one connection. While it opens (the missed notifications
 * are read), live notifications wait in `pending`; then each is sent once, by id.
 */
export class EventStream {
  readonly openedAt = Date.now();
  private readonly sent = new Set<number>();
  /** The highest notification id the reader has: what it resumes after. */
  private cursor = 0;
  private pending: (() => void)[] | undefined = [];
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    readonly userId: string,
    readonly sessionId: string,
    private readonly maxBufferBytes: number,
    private readonly onEnd: (stream: EventStream, reason: EndReason) => void,
  ) {}

  get open() {
    return !this.ended && !this.res.destroyed;
  }

  /** The first words and what the reader missed, then whatever arrived meanwhile. */
  start(retryMs: number, cursor: number, missed: NotificationView[]) {
    this.cursor = cursor;
    this.write(sseOpening(retryMs, cursor));
    const waiting = this.pending ?? [];
    this.pending = undefined;
    for (const view of missed) this.notification(view);
    for (const send of waiting) send();
  }

  notification(view: NotificationView) {
    if (this.pending) {
      this.pending.push(() => this.notification(view));
      return;
    }
    if (this.sent.has(view.id)) return;
    this.sent.add(view.id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value!);
    // The event's id is the notification's; should one commit after a newer one was sent, the
    // reader keeps the newer cursor, so a resumption does not send that newer one again.
    this.cursor = Math.max(this.cursor, view.id);
    this.write(sseEvent(LIVE_EVENTS.notification, view, this.cursor));
  }

  changed(change: LiveChange) {
    if (this.pending) {
      this.pending.push(() => this.changed(change));
      return;
    }
    this.write(sseEvent(LIVE_EVENTS.changed, change));
  }

  heartbeat() {
    if (!this.pending) this.write(SSE_HEARTBEAT);
  }

  /** Ends the stream; the browser comes back after `retryMs` (then with a session, or to a 401). */
  end(reason: EndReason, retryMs?: number) {
    if (!this.open) return;
    if (retryMs !== undefined && !this.pending) this.res.write(sseRetry(retryMs));
    this.ended = true;
    this.res.end();
    this.onEnd(this, reason);
  }

  /** Cuts the connection: nothing more can be written to it. */
  drop(reason: EndReason) {
    if (this.ended) return;
    this.ended = true;
    this.res.destroy();
    this.onEnd(this, reason);
  }

  /**
   * A reader that does not take what is sent must not make the server hold it: past the bound,
   * the connection is cut, and the browser reconnects with its Last-Event-ID.
   */
  private write(text: string) {
    if (!this.open) return;
    this.res.write(text);
    if (this.res.writableLength > this.maxBufferBytes) this.drop('slow_reader');
  }
}
