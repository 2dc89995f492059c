import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { decodeSignal, LIVE_CHANNEL, type LiveSignal } from './live-signal';

export interface LiveListener {
  /**
   * Resolves once this instance LISTENs on the live channel, connecting first when it does not;
   * rejects when the database cannot be reached within `waitMs`.
   */
  listening(waitMs: number): Promise<void>;
  /** Asks the connection whether it is still there; a dead one is dropped and made again. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenerOptions {
  /** How to reach the database: the pool's own settings. */
  connection: pg.ClientConfig;
  log: FastifyBaseLogger;
  onSignal(signal: LiveSignal): void;
  /**
   * Listening again after the connection was lost: whatever was signalled meanwhile was missed,
   * so the streams must catch up.
   */
  onResumed(): void;
  /** First wait before connecting again; doubled up to 10 s. */
  retryMs?: number;
}

const MAX_RETRY_MS = 10_000;

/** The listening connection's `application_name`. */
export const LISTENER_NAME = 'majstri-live';

/**
 * The instance's one dedicated connection that LISTENs on the live channel (a pooled connection
 * cannot: LISTEN belongs to a session). Made when the first stream opens; when it drops it is made
 * again, waiting longer each time, and the streams are told to catch up.
 */
export function liveListener(options: ListenerOptions): LiveListener {
  const firstRetryMs = options.retryMs ?? 500;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = firstRetryMs;
  let lost = false;
  let closed = false;

  const drop = (which: pg.Client, error?: Error) => {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    if (closed) return;
    lost = true;
    options.log.warn({ err: error }, 'live streams: the LISTEN connection dropped; reconnecting');
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => scheduleRetry());
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = () =>
    (connecting ??= (async () => {
      const candidate = new pg.Client({
        ...options.connection,
        // Named, so that an operator sees it in pg_stat_activity.
        application_name: LISTENER_NAME,
        keepAlive: true,
        query_timeout: 5_000,
      });
      candidate.on('error', (error) => drop(candidate, error));
      candidate.on('end', () => drop(candidate));
      candidate.on('notification', (message) => {
        if (message.channel !== LIVE_CHANNEL) return;
        const signal = decodeSignal(message.payload);
        if (signal) options.onSignal(signal);
      });
      try {
        await candidate.connect();
        await candidate.query(`LISTEN ${LIVE_CHANNEL}`);
      } catch (error) {
        candidate.end().catch(() => {});
        throw error;
      }
      if (closed) {
        await candidate.end().catch(() => {});
        return;
      }
      client = candidate;
      retryMs = firstRetryMs;
      if (lost) {
        lost = false;
        options.log.info('live streams: listening again');
        options.onResumed();
      }
    })().finally(() => {
      connecting = undefined;
    }));

  return {
    async listening(waitMs) {
      if (client) return;
      if (closed) throw new Error('The live listener is closed.');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The database did not answer in time.')), waitMs);
      });
      try {
        await Promise.race([connect(), late]);
      } catch (error) {
        // Not reachable now: keep trying in the background, so the next stream finds it ready.
        if (!connecting) scheduleRetry();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async probe() {
      const current = client;
      if (!current) return;
      try {
        await current.query('select 1');
      } catch (error) {
        drop(current, error as Error);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      await connecting?.catch(() => {});
      await current?.end().catch(() => {});
    },
  };
}
