import type { Redis } from 'ioredis';
import type pg from 'pg';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JobQueue } from './jobs/job-queue';
import type { RecordAlert } from './plugins/alerts';
import { registerMetrics, type LiveStreamFigures, type Metrics } from './plugins/metrics';
import { requestIdFor } from './plugins/request-id';
import { lazyRequestLogger } from './request-logger';
import { serializeErrorForLog } from './log-errors';
import {
  memoryResponseCounts,
  redisResponseCounts,
  type ResponseCounts,
} from '../features/admin/server/metrics';

/** Every logger of the app writes errors without SQL text, parameters or values (log-errors.ts). */
function withSafeErrorLogs(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeErrorForLog } };
}

/** The server's logging and request ids: what `Fastify()` is given. */
export function loggingOptions(logger: FastifyServerOptions['logger'] | undefined) {
  return {
    logger: withSafeErrorLogs(logger ?? false),
    // Fastify's two lines per request ("incoming request", "request completed") cost more than
    // the rest of a small answer; the hook below writes one line, when asked for.
    logController: new LogController({ disableRequestLogging: true }),
    ...(logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    genReqId: requestIdFor,
    requestIdHeader: false as const,
  };
}

/** What is watched of the answers (AppDeps has each one's meaning). */
export interface AnswerWatch {
  redis?: Redis;
  logRequests?: boolean;
  slowAnswerMs?: number;
  metricsToken?: string | undefined;
  pool?: pg.Pool;
}

/**
 * Watches every answer: counts 4xx and 5xx for the admin metrics, logs slow answers (and every
 * answer with LOG_REQUESTS), raises the `5xx` alert, and serves Prometheus metrics when asked to.
 */
export async function observeAnswers(
  app: FastifyInstance,
  watch: AnswerWatch,
  made: { recordAlert: RecordAlert; queue: JobQueue; liveStreams?: () => LiveStreamFigures },
): Promise<{ responseCounts: ResponseCounts; metrics: Metrics | undefined }> {
  const { recordAlert } = made;
  // 4xx and 5xx answers per minute for the admin metrics: shared through Redis when configured.
  const responseCounts = watch.redis
    ? redisResponseCounts(watch.redis, app.log)
    : memoryResponseCounts();
  const logRequests = watch.logRequests ?? false;
  const slowAnswerMs = watch.slowAnswerMs ?? 1_000;
  app.addHook('onResponse', (request, reply, done) => {
    responseCounts.record(reply.statusCode);
    const ms = reply.elapsedTime;
    const slow = ms >= slowAnswerMs && !request.routeOptions.config?.longLived;
    if (logRequests || slow) {
      const line = { method: request.method, url: request.url, status: reply.statusCode, ms };
      if (slow) request.log.warn(line, 'slow answer');
      else request.log.info(line, 'answered');
    }
    if (reply.statusCode < 500) return done();
    recordAlert(
      '5xx',
      `${request.method} ${request.routeOptions.url ?? request.url} answered ${reply.statusCode}`,
      { request_id: request.id },
    ).then(() => done(), done);
  });

  // Counts every answer by route pattern; nothing at all without METRICS_TOKEN.
  const metrics = await registerMetrics(app, {
    token: watch.metricsToken,
    pool: watch.pool,
    queue: made.queue,
    ...(made.liveStreams ? { liveStreams: made.liveStreams } : {}),
  });
  return { responseCounts, metrics };
}
