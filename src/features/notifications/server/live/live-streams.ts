import type { OutgoingHttpHeaders } from 'node:http';
import type { ClientConfig } from 'pg';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../../../server/db/types';
import { AppError } from '../../../../server/errors';
import { findLiveSessionIds } from '../../../accounts/server';
import { presentNotification } from '../notifications.presenter';
import { EventStream, type EndReason } from './event-stream';
import { liveListener } from './live-listener';
import { findNewestNotificationId, findNotificationsAfter, findNotifications } from './live.repo';
import type { LiveSignal } from './live-signal';

/** The bounds and rhythms of the live streams (docs/notifications.md "Live streams"). */
export interface LiveSettings {
  /** Streams one instance holds at most (LIVE_MAX_STREAMS); past it, 503 with Retry-After. */
  maxStreams: number;
  /** Streams of one person on one instance; a new one past it ends that person's oldest. */
  perPerson: number;
  /** A comment line this often keeps proxies and idle time-outs from cutting a quiet stream. */
  heartbeatMs: number;
  /** How often the sessions of every open stream are checked, in one query. */
  sessionCheckMs: number;
  /** Bytes a stream may have waiting for a slow reader before its connection is cut. */
  maxBufferBytes: number;
  /** Missed notifications sent at most on a resumption; the inbox holds the rest. */
  backlogLimit: number;
  /** The browser's wait before reconnecting (`retry:`). */
  retryMs: number;
  /** How long a new stream waits for the database's LISTEN connection before a 503. */
  connectWaitMs: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  maxStreams: 1_000,
  perPerson: 10,
  heartbeatMs: 20_000,
  sessionCheckMs: 2_000,
  maxBufferBytes: 64 * 1024,
  backlogLimit: 100,
  retryMs: 3_000,
  connectWaitMs: 5_000,
};

/** A stream's owner: the person and the session it was opened with. */
export interface StreamViewer {
  userId: string;
  sessionId: string;
}

export interface LiveStreams {
  /**
   * Answers the request with this person's stream (the reply is hijacked), resuming after the
   * notification id `after` when given. Throws 503 `service_unavailable` when the instance is
   * full or the database cannot be listened to.
   */
  open(viewer: StreamViewer, after: number | undefined, reply: FastifyReply): Promise<void>;
  /** Streams open now, and how many ended by each reason (for /metrics). */
  figures(): { open: number; ended: Record<EndReason, number> };
  /** Ends every stream (the browsers come back to another instance) and stops listening. */
  close(): Promise<void>;
}

/** Seconds a refused browser is asked to wait. */
const FULL_RETRY_AFTER_SECONDS = 30;
/** A stream ended for a newer one of the same person waits this long before it comes back. */
const REPLACED_RETRY_MS = 60_000;
/** Sessions checked per query. */
const SESSIONS_PER_CHECK = 1_000;

const unavailable = () =>
  new AppError('service_unavailable', 'Live updates are not available right now.', {
    retryAfterSeconds: FULL_RETRY_AFTER_SECONDS,
  });

/** A wait spread between `from` and `to` ms, so that many browsers do not come back at once. */
const spread = (from: number, to: number) => Math.round(from + Math.random() * (to - from));

/**
 * The live streams of this instance: who holds which, what each is sent, and when each ends.
 * Changes reach it from every instance through PostgreSQL (live-listener.ts), by ids; the
 * notifications are read here, once per signal, and sent to their reader's streams alone.
 */
export function createLiveStreams(deps: {
  db: Db;
  connection: ClientConfig;
  log: FastifyBaseLogger;
  settings?: Partial<LiveSettings>;
}): LiveStreams {
  const { db, log } = deps;
  const settings = { ...DEFAULT_LIVE_SETTINGS, ...deps.settings };
  const all = new Set<EventStream>();
  const byUser = new Map<string, Set<EventStream>>();
  const ended: Record<EndReason, number> = {
    session_ended: 0,
    replaced: 0,
    slow_reader: 0,
    catch_up: 0,
    shutdown: 0,
    failed: 0,
    gone: 0,
  };
  let opening = 0;
  let closed = false;
  let timers: NodeJS.Timeout[] = [];

  const forget = (stream: EventStream, reason: EndReason) => {
    if (!all.delete(stream)) return;
    ended[reason]++;
    const mine = byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) byUser.delete(stream.userId);
  };

  // Signals are handled in the order they arrive (PostgreSQL's commit order), a batch at a time:
  // one query reads the notifications of a batch.
  const queue: LiveSignal[] = [];
  let draining = false;
  const deliverBatch = async (batch: LiveSignal[]) => {
    const heard = batch.filter((signal) => signal.users.some((user) => byUser.has(user)));
    const ids = heard.flatMap((signal) =>
      'notificationId' in signal ? [signal.notificationId] : [],
    );
    const rows = new Map((await findNotifications(db, ids)).map((row) => [row.id, row]));
    for (const signal of heard) {
      if ('change' in signal) {
        for (const user of signal.users) {
          for (const stream of byUser.get(user) ?? []) stream.changed(signal.change);
        }
        continue;
      }
      const row = rows.get(signal.notificationId);
      if (!row) continue;
      // Only its reader's streams, whoever the signal named.
      const view = presentNotification(row);
      for (const stream of byUser.get(row.userId) ?? []) stream.notification(view);
    }
  };
  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, queue.length);
        await deliverBatch(batch).catch((err: unknown) =>
          log.error({ err }, 'live streams: a change could not be delivered'),
        );
      }
    } finally {
      draining = false;
    }
  };

  const listener = liveListener({
    connection: deps.connection,
    log,
    onSignal(signal) {
      queue.push(signal);
      void drain();
    },
    // Signals were missed while the connection was gone: each browser comes back (spread over a
    // few seconds) with its Last-Event-ID and reads what it missed.
    onResumed() {
      for (const stream of [...all]) stream.end('catch_up', spread(1_000, settings.retryMs * 3));
    },
  });

  let checking = false;
  const checkSessions = async () => {
    if (checking || all.size === 0) return;
    checking = true;
    try {
      // Only the streams open when the check began: one opened while it ran was not asked about.
      const checked = [...all];
      const ids = [...new Set(checked.map((stream) => stream.sessionId))];
      const live = new Set<string>();
      for (let from = 0; from < ids.length; from += SESSIONS_PER_CHECK) {
        const chunk = ids.slice(from, from + SESSIONS_PER_CHECK);
        for (const id of await findLiveSessionIds(db, chunk, new Date())) live.add(id);
      }
      for (const stream of checked) {
        if (!live.has(stream.sessionId)) stream.end('session_ended');
      }
    } catch (err) {
      log.warn({ err }, 'live streams: the sessions could not be checked');
    } finally {
      checking = false;
    }
  };

  const startTimers = () => {
    if (timers.length > 0) return;
    timers = [
      setInterval(() => {
        for (const stream of all) stream.heartbeat();
        void listener.probe();
      }, settings.heartbeatMs),
      setInterval(() => void checkSessions(), settings.sessionCheckMs),
    ];
    for (const timer of timers) timer.unref();
  };

  return {
    async open(viewer, after, reply) {
      if (closed || all.size + opening >= settings.maxStreams) throw unavailable();
      opening++;
      try {
        await listener.listening(settings.connectWaitMs);
      } catch (err) {
        log.warn({ err }, 'live streams: cannot listen to the database');
        throw unavailable();
      } finally {
        opening--;
      }
      if (closed) throw unavailable();

      // The person's oldest streams make room: often a tab closed without a word (a phone asleep).
      const mine = byUser.get(viewer.userId) ?? new Set<EventStream>();
      for (const stream of [...mine].slice(0, Math.max(0, mine.size - settings.perPerson + 1))) {
        stream.end('replaced', REPLACED_RETRY_MS);
      }

      reply.hijack();
      const res = reply.raw;
      // The headers the request chain set (request id, security headers, no-store), then ours.
      const chain = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      res.writeHead(200, {
        ...(Object.fromEntries(chain) as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies such as nginx pass each event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
      });
      const stream = new EventStream(
        res,
        viewer.userId,
        viewer.sessionId,
        settings.maxBufferBytes,
        forget,
      );
      // Subscribed before anything is read: whatever commits from now on reaches this stream.
      all.add(stream);
      byUser.set(viewer.userId, byUser.get(viewer.userId)?.add(stream) ?? new Set([stream]));
      res.on('close', () => forget(stream, 'gone'));
      startTimers();

      try {
        const missed =
          after === undefined
            ? []
            : await findNotificationsAfter(db, viewer.userId, after, settings.backlogLimit);
        const cursor = after ?? (await findNewestNotificationId(db, viewer.userId));
        stream.start(settings.retryMs, cursor, missed.map(presentNotification));
      } catch (err) {
        log.error({ err }, 'live streams: a stream could not be opened');
        stream.drop('failed');
      }
    },

    figures: () => ({ open: all.size, ended: { ...ended } }),

    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      for (const stream of [...all]) stream.end('shutdown', spread(1_000, settings.retryMs * 2));
      await listener.close();
    },
  };
}
