import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { JobQueue } from '../jobs/job-queue';
import { sameText } from '../same-text';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer stays open (the live event stream): how long it lasted is no answer time, so it
     * is neither timed nor logged as slow.
     */
    longLived?: boolean;
  }
}

/** The route label of a request no route matched: the raw path never becomes a label. */
export const UNMATCHED_ROUTE = 'not_found';

/** The live streams' figures (features/notifications/server/live). */
export interface LiveStreamFigures {
  open: number;
  ended: Record<string, number>;
}

export interface Metrics {
  /** One product mail was given up after its last attempt (mail/mail-queue.ts). */
  mailFailed(kind: string): void;
}

/**
 * Prometheus metrics on `GET /metrics` (docs/deploy.md "Health, readiness, metrics"), outside
 * the API: only with `Authorization: Bearer <METRICS_TOKEN>`. Without a token nothing is
 * registered or counted and /metrics is an unknown path (404), and the Prometheus client is never
 * loaded.
 *
 * Requests are counted per route pattern (`/api/work-requests/:id`), never per raw path.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    pool: pg.Pool | undefined;
    queue?: Pick<JobQueue, 'depths'>;
    liveStreams?: () => LiveStreamFigures;
  },
): Promise<Metrics | undefined> {
  const { token, pool, queue, liveStreams } = options;
  if (!token) return undefined;
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } =
    await import('prom-client');

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'mail_failures_total',
    help: 'Product mails given up after their last attempt (each also raises an email alert), by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  if (pool) {
    const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('db_pool_connections', 'Connections the database pool holds', (p) => p.totalCount);
    poolGauge(
      'db_pool_idle_connections',
      'Pool connections waiting for a query',
      (p) => p.idleCount,
    );
    poolGauge(
      'db_pool_waiting_clients',
      'Queries waiting for a free connection',
      (p) => p.waitingCount,
    );
  }

  if (queue) {
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs in the queue by queue and state: waiting (new or waiting for a retry), active, failed',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue: name, state, jobs } of await queue.depths()) {
          this.set({ queue: name, state }, jobs);
        }
      },
    });
  }

  if (liveStreams) {
    new Gauge({
      name: 'live_streams',
      help: 'Live event streams (GET /api/live) open on this instance',
      registers: [registry],
      collect() {
        this.set(liveStreams().open);
      },
    });
    // The totals are kept by the streams; each scrape adds what ended since the last one.
    const counted: Record<string, number> = {};
    new Counter({
      name: 'live_streams_ended_total',
      help: 'Live event streams ended on this instance, by reason (session_ended, replaced, slow_reader, catch_up, shutdown, failed, gone)',
      labelNames: ['reason'] as const,
      registers: [registry],
      collect() {
        for (const [reason, total] of Object.entries(liveStreams().ended)) {
          this.inc({ reason }, total - (counted[reason] ?? 0));
          counted[reason] = total;
        }
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions?.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
    };
    requests.inc(labels);
    if (!request.routeOptions?.config?.longLived) {
      durations.observe(labels, reply.elapsedTime / 1000);
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameText(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, request, {
        error: 'not_authenticated',
        message: 'The metrics need their bearer token.',
      });
    }
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });

  app.addHook('onClose', async () => registry.clear());

  return { mailFailed: (kind) => mailFailures.inc({ kind }) };
}
