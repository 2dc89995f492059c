import { placesRoutes } from '../features/places/server';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { poolOf, type Db } from './db/database';
import { buildContext } from './app-context';
import type { EventBus } from './events/bus';
import { openJobQueue, startBackgroundWork, type JobSettings } from './background-work';
import { BODY_LIMITS } from './body-limits';
import { DEFAULT_MAIL_RETRY, mailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';
import { loggingOptions, observeAnswers } from './observability';
import { registerRequestContext } from './request-context';
import { registerAfterResponse } from './plugins/after-response';
import { alertRecorder } from './plugins/alerts';
import { registerCookies } from './plugins/cookies';
import { csrfTokens } from './plugins/csrf';
import { registerRequestChain, type ApiRoute } from './plugins/request-chain';
import type { SignInLimits } from './plugins/rate-limit';
import { DEFAULT_TIMEOUTS, timeoutOptions, type ServerTimeouts } from './timeouts';
import { answerUnreadableRequest } from './client-errors';
import type { FileStorage } from './storage/storage';
import { authRoutes } from '../features/accounts/server/auth.routes';
import { googleSignIn, type GoogleConfig } from '../features/accounts/server/google';
import type { ScryptCost } from '../features/accounts/server/password';
import type { HashQueue } from '../features/accounts/server/hash-queue';
import { googleRoutes } from '../features/accounts/server/google.routes';
import { passwordResetRoutes } from '../features/accounts/server/password-reset.routes';
import { usersRoutes } from '../features/accounts/server/users.routes';
import { twoFactorRoutes } from '../features/accounts/server/two-factor.routes';
import { challengeRoutes } from '../features/challenge/server/challenge.routes';
import { contactRoutes } from '../features/contact/server/contact.routes';
import { installableAppRoutes } from '../features/notifications/server/installable-app.routes';
import { pushRoutes } from '../features/notifications/server/push.routes';
import { pushQueue, startPushWorkers } from '../features/notifications/server/push-queue';
import { createPushSender } from '../features/notifications/server/push-sender';
import {
  resolvePushSettings,
  type PushSettings,
} from '../features/notifications/server/push-settings';
import { bidsRoutes } from '../features/requests/server/bids.routes';
import { conversationsRoutes } from '../features/conversations/server/conversations.routes';
import { scheduleMessageReminders } from '../features/conversations/server/reminders';
import { scheduleCompletionSweep } from '../features/requests/server/completion-timer';
import { scheduleDailyLeads } from '../features/leads/server/daily-leads';
import { scheduleRequestExpiry } from '../features/requests/server/expiry';
import { leadMatchingQueue, startLeadMatching } from '../features/leads/server/lead-matching';
import { leadsRoutes } from '../features/leads/server/leads.routes';
import { providersRoutes } from '../features/providers/server/providers.routes';
import { workPhotosRoutes } from '../features/providers/server/work-photos.routes';
import { invitationsRoutes } from '../features/providers/server/invitations.routes';
import { favouritesRoutes } from '../features/providers/server/favourites.routes';
import { reviewsRoutes } from '../features/reviews/server/reviews.routes';
import type { GeminiConfig } from '../features/trust-summary/server/gemini';
import { trustSummaryRoutes } from '../features/trust-summary/server/trust-summary.routes';
import { adminRoutes } from '../features/admin/server/admin.routes';
import {
  createLiveStreams,
  DEFAULT_LIVE_SETTINGS,
  type LiveSettings,
} from '../features/notifications/server/live/live-streams';
import { liveRoutes } from '../features/notifications/server/live/live.routes';
import { adminUsersRoutes } from './workflows/admin-users.routes';
import { scheduleProviderStats } from './workflows/refresh-provider-stats';
import { ownAccountRoutes } from './workflows/own-account.routes';
import { registerErrorHandling, sendError } from './plugins/errors';
import { registerLanguage } from './plugins/language';
import { registerResponseHeaders, useApiHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { pageRenderer } from './render/page-renderer';
import { registerApiDocs } from './openapi';
import { responseSerializer } from './response-serializer';
import { seoRoutes } from '../features/seo/server/seo.routes';
import { directoryHead } from '../features/providers/server/directory-head';
import { pageKeyOf } from '../shared/page-meta';
import { systemRoutes } from './routes/system.routes';
import { requestsRoutes } from '../features/requests/server/requests.routes';
import { completionRoutes } from '../features/requests/server/completion.routes';
import { homeRoutes } from '../features/home/server/home.routes';
import { notificationsRoutes } from '../features/notifications/server/notifications.routes';
import { verificationsRoutes } from '../features/verifications/server/verifications.routes';
import { scheduleVerificationNotices } from '../features/verifications/server';
import type { Language } from '../shared/languages';
import { DEFAULT_BUILD, type BuildInfo } from '../shared/version';

export type { JobSettings } from './background-work';

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
  /**
   * Every JSON answer is checked against its route's response schema before it is sent (tests
   * and development; the default). Production leaves it out (NODE_ENV=production): presenters
   * return exactly the wire shape, which the checked runs hold them to (response-serializer.ts).
   */
  checkResponses?: boolean;
  /** Folder of the built browser app; without it only the API is served. */
  clientDir?: string | undefined;
  buildInfo?: BuildInfo;
  publicUrl?: string;
  supportEmail?: string;
  supportLanguage?: Language;
  /** Proxies that may name the client: a hop count or their addresses (env.ts TRUST_PROXY). */
  trustProxy?: false | number | string[];
  logger?: FastifyServerOptions['logger'];
  /**
   * One log line per answered request (LOG_REQUESTS). Off by default: behind a proxy its access
   * log has them, and /metrics counts every route and status. Slow answers and errors are always
   * logged.
   */
  logRequests?: boolean;
  /** An answer that takes this long is logged as a warning (1 s; tests lower it). */
  slowAnswerMs?: number;
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
  /** The job queue's polling, mail retries and periodic work (env.ts); tests shorten them. */
  jobs?: JobSettings;
  /** Tests only: domain event handlers after the product's own (a failing one, to watch rollback). */
  eventHandlers?: (events: EventBus) => void;
  /** Web push: the VAPID keys and the admitted origins (env.ts); without, keys for this app alone. */
  push?: PushSettings;
  /** The live streams' bounds (LIVE_MAX_STREAMS) and rhythms; tests shorten them. */
  live?: Partial<LiveSettings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the API (method, pattern, config): what the request chain guards. */
    apiRoutes: readonly ApiRoute[];
  }
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
  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const secureCookies = publicUrl.startsWith('https://');
  const app = Fastify({
    // Log lines without secrets, one per answer when asked for, and each request's id.
    ...loggingOptions(deps.logger),
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
    // A request Node cannot read that far (too long, too slow, not HTTP): the app's shape too.
    clientErrorHandler: answerUnreadableRequest,
    ...timeoutOptions(deps.timeouts ?? DEFAULT_TIMEOUTS),
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(deps.checkResponses ?? true));
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
  registerResponseHeaders(app, { https: secureCookies });

  // Alerts, the job queue, what is watched of every answer, the context every feature's routes
  // receive, and the work done away from requests (mail, periodic clean-ups).
  const recordAlert = alertRecorder(deps.db, app.log);
  const jobs = deps.jobs ?? {};
  const queue = await openJobQueue(app, deps.db, jobs);
  const push = resolvePushSettings(deps.push, deps.supportEmail ?? 'podpora@majstri.sk');
  // The live streams (GET /api/live), ended before the server stops taking connections.
  const liveStreams = createLiveStreams({
    db: deps.db,
    connection: poolOf(deps.db).options,
    log: app.log,
    settings: {
      // A quiet stream speaks well within the idle time-out that would cut it.
      heartbeatMs: Math.min(
        DEFAULT_LIVE_SETTINGS.heartbeatMs,
        Math.floor((deps.timeouts ?? DEFAULT_TIMEOUTS).idleMs / 2),
      ),
      ...deps.live,
    },
  });
  app.addHook('preClose', () => liveStreams.close());
  const { responseCounts, metrics } = await observeAnswers(app, deps, {
    recordAlert,
    queue,
    liveStreams: liveStreams.figures,
  });
  const ctx = buildContext(deps, {
    log: app.log,
    recordAlert,
    queueMail: mailQueue(queue, jobs.mailRetry ?? DEFAULT_MAIL_RETRY, publicUrl),
    queuePush: pushQueue(queue),
    queueLeadMatching: leadMatchingQueue(queue),
    publicUrl,
    secureCookies,
  });
  const { signer, writeAudit } = ctx;
  await startBackgroundWork(app, queue, {
    db: deps.db,
    mailer: deps.mailer,
    jobs,
    recordAlert,
    metrics,
  });
  await scheduleMessageReminders(queue, ctx, app.log);
  await scheduleCompletionSweep(queue, ctx, app.log);
  await startLeadMatching(queue, ctx);
  await scheduleDailyLeads(queue, ctx, app.log);
  await scheduleRequestExpiry(queue, ctx, app.log);
  await scheduleVerificationNotices(queue, ctx, app.log);
  await scheduleProviderStats(queue, ctx, app.log);
  await startPushWorkers(queue, {
    db: deps.db,
    sender: createPushSender(push),
    retry: push.retry,
    log: app.log,
  });

  registerErrorHandling(app);
  registerRequestContext(app);
  registerCookies(app);
  registerLanguage(app);
  const csrf = csrfTokens(signer, secureCookies);
  registerAfterResponse(app);
  await registerApiDocs(app, (deps.buildInfo ?? DEFAULT_BUILD).version, csrf.issue);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  // Every API route lives in this one scope, behind the request chain's guards.
  await app.register(
    async (api) => {
      useApiHeaders(api, { https: secureCookies });
      registerRequestChain(api, {
        db: deps.db,
        redis: deps.redis,
        signInLimits: deps.signInLimits,
        csrf,
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
      await api.register(ownAccountRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(pushRoutes, {
        ctx,
        push: { publicKey: push.vapid.publicKey, allowedOrigins: push.allowedOrigins },
      });
      await api.register(placesRoutes);
      await api.register(requestsRoutes, { ctx });
      await api.register(completionRoutes, { ctx });
      await api.register(bidsRoutes, { ctx });
      await api.register(conversationsRoutes, { ctx });
      await api.register(leadsRoutes, { ctx });
      await api.register(providersRoutes, { ctx });
      await api.register(verificationsRoutes, { ctx });
      await api.register(workPhotosRoutes, { ctx });
      await api.register(invitationsRoutes, { ctx });
      await api.register(favouritesRoutes, { ctx });
      await api.register(reviewsRoutes, { ctx });
      await api.register(homeRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(trustSummaryRoutes, { ctx, redis: deps.redis, gemini: deps.gemini });
      await api.register(adminRoutes, { ctx, responseCounts, userRoutes: adminUsersRoutes });
      await api.register(liveRoutes, { streams: liveStreams });
    },
    { prefix: '/api' },
  );

  // robots.txt and sitemap.xml live at the root, for crawlers; the web app manifest and the
  // service worker too, whose scope is the whole site.
  await app.register(seoRoutes, { db: deps.db, publicUrl });
  await app.register(installableAppRoutes);
  const renderPage =
    deps.clientDir &&
    pageRenderer({
      ctx,
      clientDir: deps.clientDir,
      buildInfo: deps.buildInfo ?? DEFAULT_BUILD,
      publicConfig: {
        supportEmail: ctx.supportEmail,
        googleEnabled: deps.google !== undefined,
        trustSummaryEnabled: deps.gemini !== undefined,
      },
    });
  await registerSpa(
    app,
    deps.clientDir,
    publicUrl,
    csrf.issue,
    renderPage || undefined,
    async (pathname, search, language) =>
      pageKeyOf(pathname) === 'directory' ? directoryHead(search, language) : undefined,
  );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
