import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/database';
import { auditWriter } from './audit';
import { BODY_LIMITS } from './body-limits';
import type { ServerContext } from './context';
import { mailSender } from './mail/send';
import { outboxMailer, type Mailer } from './mail/mailer';
import { registerAfterResponse } from './plugins/after-response';
import { alertRecorder } from './plugins/alerts';
import { registerMetrics } from './plugins/metrics';
import { registerRequestChain, type ApiRoute } from './plugins/request-chain';
import type { SignInLimits } from './plugins/rate-limit';
import { createSigner } from './signed-token';
import { DEFAULT_TIMEOUTS, timeoutOptions, type ServerTimeouts } from './timeouts';
import { diskStorage, type FileStorage } from './storage/storage';
import { authRoutes } from '../features/accounts/server/auth.routes';
import { googleSignIn, type GoogleConfig } from '../features/accounts/server/google';
import { PASSWORD_COST, type ScryptCost } from '../features/accounts/server/password';
import {
  createHashQueue,
  passwordHasher,
  type HashQueue,
} from '../features/accounts/server/hash-queue';
import { googleRoutes } from '../features/accounts/server/google.routes';
import { passwordResetRoutes } from '../features/accounts/server/password-reset.routes';
import { usersRoutes } from '../features/accounts/server/users.routes';
import { twoFactorRoutes } from '../features/accounts/server/two-factor.routes';
import { challengeRoutes } from '../features/challenge/server/challenge.routes';
import { contactRoutes } from '../features/contact/server/contact.routes';
import { bidsRoutes } from '../features/bids/server/bids.routes';
import { providersRoutes } from '../features/providers/server/providers.routes';
import { reviewsRoutes } from '../features/reviews/server/reviews.routes';
import type { GeminiConfig } from '../features/trust-summary/server/gemini';
import { trustSummaryRoutes } from '../features/trust-summary/server/trust-summary.routes';
import { adminRoutes } from '../features/admin/server/admin.routes';
import { memoryResponseCounts, redisResponseCounts } from '../features/admin/server/metrics';
import { registerErrorHandling, sendError } from './plugins/errors';
import { registerLanguage } from './plugins/language';
import { requestIdFor } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { registerApiDocs } from './openapi';
import { seoRoutes } from '../features/seo/server/seo.routes';
import { systemRoutes } from './routes/system.routes';
import { requestsRoutes } from '../features/requests/server/requests.routes';
import { homeRoutes } from '../features/home/server/home.routes';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages';
import { serializeErrorForLog } from './log-errors';
import { DEFAULT_BUILD, type BuildInfo } from '../shared/version';

export interface AppDeps {
  db: Db;
  /** Signs challenges and tokens; tests may leave it out and get a random one. */
  sessionSecret?: string;
  mailer?: Mailer;
  storage?: FileStorage;
  redis?: Redis;
  google?: GoogleConfig;
  /** The AI trust summary's model (GEMINI_*); without it the summary answers 503. */
  gemini?: GeminiConfig;
  /** Folder of the built browser app; without it only the API is served. */
  clientDir?: string | undefined;
  buildInfo?: BuildInfo;
  publicUrl?: string;
  supportEmail?: string;
  supportLanguage?: Language;
  /** Proxies that may name the client: a hop count or their addresses (env.ts TRUST_PROXY). */
  trustProxy?: false | number | string[];
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added (tests use it to check every route's schemas). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Tests only: a cheap scrypt cost so that making accounts does not dominate the suite.
   * main.ts never passes it and no environment variable reaches it.
   */
  passwordCost?: ScryptCost;
  /** The queue every password hash waits in (PASSWORD_HASH_*); tests pass their own to watch it. */
  hashQueue?: HashQueue;
  /** Tests only: tighter per-account and site-wide sign-in limits. */
  signInLimits?: SignInLimits;
  /** How long a client may take; tests shorten them. */
  timeouts?: ServerTimeouts;
  /** Serves Prometheus metrics on GET /metrics to this bearer token (METRICS_TOKEN); else none. */
  metricsToken?: string | undefined;
  /** The pool behind `db`, for the pool gauges of /metrics. */
  pool?: pg.Pool;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the API (method, pattern, config): what the request chain guards. */
    apiRoutes: readonly ApiRoute[];
  }
}

/** Every logger of the app writes errors without SQL text, parameters or values (log-errors.ts). */
function withSafeErrorLogs(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeErrorForLog } };
}

/**
 * Fastify's own hop count trusts no hop at all (it cannot check the nearest peer), so a count
 * becomes "the nearest N hops are proxies": the client is the address the outermost proxy
 * appended, whatever the client wrote to the left of it (docs/security.md "Client addresses").
 */
function proxyTrust(trusted: false | number | string[]) {
  if (typeof trusted !== 'number') return trusted;
  return (_address: string, hop: number) => hop < trusted;
}

/** Builds the whole application. main.ts listens on it; tests call it with inject(). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: withSafeErrorLogs(deps.logger ?? false),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: proxyTrust(deps.trustProxy ?? false),
    bodyLimit: BODY_LIMITS.json,
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot read (bad percent-encoding, a segment over 100 characters) never
    // reaches a route or the error handler: it is answered here, in the app's error shape.
    frameworkErrors: (error, request, reply) => {
      reply.header('X-Request-Id', request.id);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return sendError(
        reply,
        request,
        { error: 'bad_request', message: 'This address is not valid.' },
        status,
      );
    },
    ...timeoutOptions(deps.timeouts ?? DEFAULT_TIMEOUTS),
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const recordAlert = alertRecorder(deps.db, app.log);
  // 4xx and 5xx answers per minute for the admin metrics: shared through Redis when configured.
  const responseCounts = deps.redis
    ? redisResponseCounts(deps.redis, app.log)
    : memoryResponseCounts();
  app.addHook('onResponse', async (request, reply) => {
    responseCounts.record(reply.statusCode);
    if (reply.statusCode >= 500) {
      await recordAlert(
        '5xx',
        `${request.method} ${request.routeOptions.url ?? request.url} answered ${reply.statusCode}`,
        {
          request_id: request.id,
        },
      );
    }
  });

  // Counts every answer by route pattern; nothing at all without METRICS_TOKEN.
  const metrics = registerMetrics(app, { token: deps.metricsToken, pool: deps.pool });

  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const secureCookies = publicUrl.startsWith('https://');
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-'));
  const signer = createSigner(deps.sessionSecret ?? randomBytes(32).toString('hex'));
  const writeAudit = auditWriter(deps.db, app.log);
  const mailer =
    deps.mailer ??
    outboxMailer(scratch(), 'Majstri <no-reply@majstri.sk>', (line) => app.log.info(line));
  const passwordCost = deps.passwordCost ?? PASSWORD_COST;
  const ctx: ServerContext = {
    db: deps.db,
    signer,
    writeAudit,
    recordAlert,
    sendMail: mailSender(mailer, recordAlert, app.log, metrics?.mailFailed),
    publicUrl,
    supportEmail: deps.supportEmail ?? 'podpora@majstri.sk',
    supportLanguage: deps.supportLanguage ?? DEFAULT_LANGUAGE,
    secureCookies,
    storage: deps.storage ?? diskStorage(scratch()),
    passwordCost,
    passwords: passwordHasher(passwordCost, deps.hashQueue ?? createHashQueue()),
  };

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 30, fieldSize: 10_000 },
  });
  registerLanguage(app);
  await registerSecurityHeaders(app, { https: secureCookies });
  registerAfterResponse(app);
  await registerApiDocs(app, (deps.buildInfo ?? DEFAULT_BUILD).version);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  // Every API route lives in this one scope, behind the request chain's guards.
  await app.register(
    async (api) => {
      registerRequestChain(api, {
        db: deps.db,
        redis: deps.redis,
        signInLimits: deps.signInLimits,
        signer,
        secureCookies,
        recordAlert,
        writeAudit,
        routes: apiRoutes,
      });
      await api.register(systemRoutes, {
        db: deps.db,
        buildInfo: deps.buildInfo ?? DEFAULT_BUILD,
        supportEmail: ctx.supportEmail,
        googleEnabled: deps.google !== undefined,
        trustSummaryEnabled: deps.gemini !== undefined,
        recordAlert,
        redis: deps.redis,
        storage: ctx.storage,
      });
      await api.register(challengeRoutes, { signer });
      await api.register(authRoutes, { ctx });
      if (deps.google) {
        await api.register(googleRoutes, { ctx, google: googleSignIn(ctx, deps.google) });
      }
      await api.register(passwordResetRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(requestsRoutes, { ctx });
      await api.register(bidsRoutes, { ctx });
      await api.register(providersRoutes, { ctx });
      await api.register(reviewsRoutes, { ctx });
      await api.register(homeRoutes, { ctx });
      await api.register(trustSummaryRoutes, { ctx, redis: deps.redis, gemini: deps.gemini });
      await api.register(adminRoutes, { ctx, responseCounts });
    },
    { prefix: '/api' },
  );

  // robots.txt and sitemap.xml live at the root, for crawlers.
  await app.register(seoRoutes, { db: deps.db, publicUrl });
  await registerSpa(app, deps.clientDir, publicUrl);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
