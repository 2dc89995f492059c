import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { Redis } from 'ioredis';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/database';
import { auditWriter } from './audit';
import type { ServerContext } from './context';
import { mailSender } from './mail/send';
import { outboxMailer, type Mailer } from './mail/mailer';
import { alertRecorder } from './plugins/alerts';
import { registerAuth } from './plugins/auth';
import { registerCsrf } from './plugins/csrf';
import { registerRateLimits } from './plugins/rate-limit';
import { createSigner } from './signed-token';
import { diskStorage, type FileStorage } from './storage/storage';
import { authRoutes } from '../features/accounts/server/auth.routes';
import { googleSignIn, type GoogleConfig } from '../features/accounts/server/google';
import { PASSWORD_COST, type ScryptCost } from '../features/accounts/server/password';
import { googleRoutes } from '../features/accounts/server/google.routes';
import { passwordResetRoutes } from '../features/accounts/server/password-reset.routes';
import { usersRoutes } from '../features/accounts/server/users.routes';
import { challengeRoutes } from '../features/challenge/server/challenge.routes';
import { contactRoutes } from '../features/contact/server/contact.routes';
import { bidsRoutes } from '../features/bids/server/bids.routes';
import { providersRoutes } from '../features/providers/server/providers.routes';
import { reviewsRoutes } from '../features/reviews/server/reviews.routes';
import { registerErrorHandling } from './plugins/errors';
import { registerLanguage } from './plugins/language';
import { requestIdFor } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { registerApiDocs } from './openapi';
import { systemRoutes } from './routes/system.routes';
import { requestsRoutes } from '../features/requests/server/requests.routes';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages';
import { DEFAULT_BUILD, type BuildInfo } from '../shared/version';

export interface AppDeps {
  db: Db;
  /** Signs challenges and tokens; tests may leave it out and get a random one. */
  sessionSecret?: string;
  mailer?: Mailer;
  storage?: FileStorage;
  redis?: Redis;
  google?: GoogleConfig;
  /** Folder of the built browser app; without it only the API is served. */
  clientDir?: string | undefined;
  buildInfo?: BuildInfo;
  publicUrl?: string;
  supportEmail?: string;
  supportLanguage?: Language;
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added (tests use it to check every route's schemas). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Tests only: a cheap scrypt cost so that making accounts does not dominate the suite.
   * main.ts never passes it and no environment variable reaches it.
   */
  passwordCost?: ScryptCost;
}

/** Builds the whole application. main.ts listens on it; tests call it with inject(). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
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
  app.addHook('onResponse', async (request, reply) => {
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

  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const secureCookies = publicUrl.startsWith('https://');
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-'));
  const signer = createSigner(deps.sessionSecret ?? randomBytes(32).toString('hex'));
  const writeAudit = auditWriter(deps.db, app.log);
  const mailer =
    deps.mailer ??
    outboxMailer(scratch(), 'Majstri <no-reply@majstri.sk>', (line) => app.log.info(line));
  const ctx: ServerContext = {
    db: deps.db,
    signer,
    writeAudit,
    recordAlert,
    sendMail: mailSender(mailer, recordAlert, app.log),
    publicUrl,
    supportEmail: deps.supportEmail ?? 'podpora@majstri.sk',
    supportLanguage: deps.supportLanguage ?? DEFAULT_LANGUAGE,
    secureCookies,
    storage: deps.storage ?? diskStorage(scratch()),
    passwordCost: deps.passwordCost ?? PASSWORD_COST,
  };

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 30, fieldSize: 10_000 },
  });
  registerLanguage(app);
  await registerSecurityHeaders(app, { https: secureCookies });
  registerAuth(app, deps.db);
  registerCsrf(app, { signer, secure: secureCookies, recordAlert, writeAudit });
  registerRateLimits(app, deps.redis);
  await registerApiDocs(app, (deps.buildInfo ?? DEFAULT_BUILD).version);

  await app.register(systemRoutes, {
    prefix: '/api',
    db: deps.db,
    buildInfo: deps.buildInfo ?? DEFAULT_BUILD,
    supportEmail: ctx.supportEmail,
    googleEnabled: deps.google !== undefined,
    recordAlert,
  });
  await app.register(challengeRoutes, { prefix: '/api', signer });
  await app.register(authRoutes, { prefix: '/api', ctx });
  if (deps.google) {
    await app.register(googleRoutes, {
      prefix: '/api',
      ctx,
      google: googleSignIn(ctx, deps.google),
    });
  }
  await app.register(passwordResetRoutes, { prefix: '/api', ctx });
  await app.register(usersRoutes, { prefix: '/api', ctx });
  await app.register(contactRoutes, { prefix: '/api', ctx });
  await app.register(requestsRoutes, { prefix: '/api', ctx });
  await app.register(bidsRoutes, { prefix: '/api', ctx });
  await app.register(providersRoutes, { prefix: '/api', ctx });
  await app.register(reviewsRoutes, { prefix: '/api', ctx });

  await registerSpa(app, deps.clientDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
