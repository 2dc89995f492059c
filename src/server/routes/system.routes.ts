import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { addressKey } from '../address-key';
import { BODY_LIMITS } from '../body-limits';
import type { Db } from '../db/database';
import { pingDatabase } from '../db/direct';
import type { RecordAlert } from '../plugins/alerts';
import { checkReadiness } from '../readiness';
import type { FileStorage } from '../storage/storage';
import { oncePerWindow, REFUSAL_RECORD_WINDOW_SECONDS } from '../plugins/once-per-window';
import type { BuildInfo } from '../../shared/version';

interface SystemDeps {
  db: Db;
  supportEmail: string;
  googleEnabled: boolean;
  /** GEMINI_API_KEY is set: the provider page offers the AI trust summary. */
  trustSummaryEnabled: boolean;
  buildInfo: BuildInfo;
  recordAlert: RecordAlert;
  redis: Redis | undefined;
  storage: FileStorage;
}

/** The same for everyone and changed only by a deploy: browsers and shared caches keep it briefly. */
const DEPLOY_CONSTANT = { publicCache: { browser: 60, shared: 60 } };

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});

const dependencyStates = {
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not_configured']),
  storage: z.enum(['up', 'down']),
};

const readyResponse = z.object({ status: z.literal('ready'), ...dependencyStates });

/** The app's error shape, with which dependency did not answer. */
const notReadyResponse = z.object({
  error: z.literal('service_unavailable'),
  message: z.string(),
  request_id: z.string(),
  status: z.literal('unavailable'),
  ...dependencyStates,
});

/** Reports from browsers come in two shapes: the legacy report-uri one and the Reporting API one. */
const cspReport = z.union([
  z.object({ 'csp-report': z.record(z.string(), z.unknown()) }),
  z.array(
    z.object({ type: z.string().optional(), body: z.record(z.string(), z.unknown()).optional() }),
  ),
]);

/** A report's field as text: browsers send strings; anything else is not described. */
const textOr = (value: unknown, otherwise: string) =>
  typeof value === 'string' ? value : otherwise;

function describeViolation(report: Record<string, unknown>): string {
  const directive =
    report['violated-directive'] ?? report['effectiveDirective'] ?? report['effective-directive'];
  const blocked = report['blocked-uri'] ?? report['blockedURL'];
  const page = report['document-uri'] ?? report['documentURL'];
  return `CSP blocked ${textOr(blocked, 'content')} (${textOr(directive, 'unknown directive')}) on ${textOr(page, 'a page')}`;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemDeps> = async (
  app,
  { db, buildInfo, recordAlert, supportEmail, googleEnabled, trustSummaryEnabled, redis, storage },
) => {
  // A page breaking the CSP reports on every load; one address's reports become one alert a window.
  const firstReport = oncePerWindow('csp-report', REFUSAL_RECORD_WINDOW_SECONDS, redis);

  app.get(
    '/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );

  // For a load balancer: this instance can serve (liveness alone is /health).
  app.get(
    '/ready',
    { schema: { response: { 200: readyResponse, 503: notReadyResponse } } },
    async (request, reply) => {
      const { ready, ...states } = await checkReadiness({ db, redis, storage });
      if (ready) return { status: 'ready' as const, ...states };
      const down = Object.entries(states)
        .filter(([, state]) => state === 'down')
        .map(([name]) => name);
      reply.header('Retry-After', '5');
      return reply.status(503).send({
        error: 'service_unavailable',
        message: `Not ready: ${down.join(', ')} did not answer.`,
        request_id: request.id,
        status: 'unavailable',
        ...states,
      });
    },
  );

  app.get(
    '/version',
    {
      config: DEPLOY_CONSTANT,
      schema: {
        response: {
          200: z.object({ version: z.string(), timestamp: z.string(), build_date: z.string() }),
        },
      },
    },
    async () => buildInfo,
  );

  app.get(
    '/config',
    {
      config: DEPLOY_CONSTANT,
      schema: {
        response: {
          200: z.object({
            support_email: z.string(),
            google_enabled: z.boolean(),
            trust_summary_enabled: z.boolean(),
          }),
        },
      },
    },
    async () => ({
      support_email: supportEmail,
      google_enabled: googleEnabled,
      trust_summary_enabled: trustSummaryEnabled,
    }),
  );

  app.post(
    '/csp-report',
    // Browsers post reports without our CSRF header; the rate limit still counts them.
    {
      config: { csrf: false },
      schema: {
        body: cspReport,
        response: { 204: z.undefined().describe('Recorded as `csp` alerts') },
      },
      bodyLimit: BODY_LIMITS.cspReport,
    },
    async (request, reply) => {
      const reports = Array.isArray(request.body)
        ? request.body.flatMap((entry) => (entry.body ? [entry.body] : []))
        : [request.body['csp-report']];
      const [first] = reports;
      if (first && (await firstReport(addressKey(request.ip)))) {
        await recordAlert('csp', describeViolation(first), first);
      }
      return reply.status(204).send();
    },
  );
};
