import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import type { Db } from '../../../../server/db/types';
import { liveSessionIds } from '../../../accounts/server';
import { presentNotification } from '../notifications.presenter';
import { notificationsAfter, notificationById } from './live.repo';
import { LIVE_CHANNEL, type LiveSignal } from './live-signal';

export interface LiveSettings {
  /** A comment line at least this often keeps proxies and the browser from closing the stream. */
  heartbeatMs: number;
  /** How often the streams' sessions are checked: a signed-out stream ends within this. */
  sessionCheckMs: number;
  /** Streams one instance holds at most; past it a new one is refused (503). */
  maxStreams: number;
  /** Streams one person holds at most (tabs, devices); the oldest gives way to a new one. */
  maxPerPerson: number;
  /** Bytes waiting to reach a slow reader before the stream is dropped (it resumes on reconnect). */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  heartbeatMs: 20_000,
  sessionCheckMs: 4_000,
  maxStreams: 2_000,
  maxPerPerson: 10,
  maxBufferedBytes: 256 * 1024,
};

interface Stream {
  userId: string;
  sessionId: string;
  response: ServerResponse;
  /** The newest notification id this stream has sent, so none goes twice. */
  lastId: number;
  /** Live notifications held while the backlog after Last-Event-ID is read, so order holds. */
  held?: NotificationRow[];
}

type NotificationRow = Parameters<typeof presentNotification>[0];

export interface LiveHub {
  /** Opens a stream on a hijacked response, after the notifications past `lastEventId`. */
  open(
    user: { id: string; sessionId: string },
    response: ServerResponse,
    lastEventId: number,
  ): Promise<void>;
  /** The instance holds all the streams it may. */
  full(): boolean;
  count(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The open live streams of this instance (docs/notifications.md "Live streams"). One connection
 * of the pool LISTENs for the signals every instance sends through PostgreSQL, and each signal
 * reaches the streams of the people it names, on whichever instance holds them.
 */
export function createLiveHub(
  db: Db,
  pool: pg.Pool,
  settings: LiveSettings,
  log: { warn: (object: object, message: string) => void },
): LiveHub {
  const byUser = new Map<string, Set<Stream>>();
  let listener: pg.PoolClient | undefined;
  let stopped = false;
  let timers: NodeJS.Timeout[] = [];
  let total = 0;

  const close = (stream: Stream) => {
    const streams = byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    total--;
    if (streams.size === 0) byUser.delete(stream.userId);
    stream.response.end();
  };

  const write = (stream: Stream, text: string) => {
    // A reader that does not keep up is dropped, not buffered for: it resumes with Last-Event-ID.
    if (stream.response.writableLength > settings.maxBufferedBytes) return close(stream);
    stream.response.write(text);
  };

  const sendNotification = (stream: Stream, row: NotificationRow) => {
    if (stream.held) return void stream.held.push(row);
    if (row.id <= stream.lastId) return;
    stream.lastId = row.id;
    write(stream, frame('notification', presentNotification(row), row.id));
  };

  const deliver = async (signal: LiveSignal) => {
    const streams = signal.to.flatMap((userId) => [...(byUser.get(userId) ?? [])]);
    if (streams.length === 0) return;
    if (signal.event === 'changed') {
      for (const stream of streams)
        write(stream, frame('changed', { kind: signal.kind, id: signal.id }));
      return;
    }
    const row = await notificationById(db, signal.id);
    if (!row) return;
    for (const stream of streams) if (stream.userId === row.userId) sendNotification(stream, row);
  };

  const endSignedOut = async () => {
    const streams = [...byUser.values()].flatMap((set) => [...set]);
    if (streams.length === 0) return;
    const live = await liveSessionIds(
      db,
      [...new Set(streams.map((s) => s.sessionId))],
      new Date(),
    );
    for (const stream of streams) if (!live.has(stream.sessionId)) close(stream);
  };

  const listen = async (): Promise<void> => {
    if (stopped) return;
    try {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel !== LIVE_CHANNEL || !message.payload) return;
        deliver(JSON.parse(message.payload) as LiveSignal).catch((error: Error) =>
          log.warn({ err: error }, 'a live signal could not be delivered'),
        );
      });
      client.on('error', () => {
        client.release(true);
        if (listener === client) listener = undefined;
        setTimeout(() => void listen(), 1_000).unref();
      });
      await client.query(`listen ${LIVE_CHANNEL}`);
      listener = client;
    } catch (error) {
      log.warn({ err: error }, 'cannot listen for live signals; trying again');
      setTimeout(() => void listen(), 1_000).unref();
    }
  };

  return {
    async open(user, response, lastEventId) {
      const streams = byUser.get(user.id) ?? new Set<Stream>();
      byUser.set(user.id, streams);
      if (streams.size >= settings.maxPerPerson) close([...streams][0]!);
      const stream: Stream = { userId: user.id, sessionId: user.sessionId, response, lastId: 0 };
      streams.add(stream);
      total++;
      response.on('close', () => close(stream));
      response.write(': live\n\n');
      // Subscribed first, then the backlog: a notification written meanwhile comes once.
      if (lastEventId > 0) {
        stream.lastId = lastEventId;
        stream.held = [];
        const backlog = await notificationsAfter(db, user.id, lastEventId);
        const rows = [...backlog, ...stream.held].sort((a, b) => a.id - b.id);
        stream.held = undefined;
        for (const row of rows) sendNotification(stream, row);
      }
    },
    full: () => total >= settings.maxStreams,
    count: () => total,
    async start() {
      await listen();
      timers = [
        setInterval(() => {
          for (const set of byUser.values()) for (const stream of set) write(stream, ': ping\n\n');
        }, settings.heartbeatMs),
        setInterval(() => {
          endSignedOut().catch((error: Error) =>
            log.warn({ err: error }, 'live sessions could not be checked'),
          );
        }, settings.sessionCheckMs),
      ];
      for (const timer of timers) timer.unref();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const set of [...byUser.values()]) for (const stream of [...set]) close(stream);
      if (listener) {
        await listener.query(`unlisten ${LIVE_CHANNEL}`).catch(() => undefined);
        listener.release();
        listener = undefined;
      }
    },
  };
}
