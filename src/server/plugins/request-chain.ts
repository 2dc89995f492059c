import { registerStorableTextGuard } from './storable-text';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { Redis } from 'ioredis';
import type { WriteAudit } from '../audit';
import type { Db } from '../db/database';
import type { RecordAlert } from './alerts';
import { registerAuth } from './auth';
import { cacheControlOf } from './cache-policy';
import { csrfCheck, type CsrfTokens } from './csrf';
import { sendError } from './errors';
import { oncePerWindow, REFUSAL_RECORD_WINDOW_SECONDS } from './once-per-window';
import { registerRateLimits, type SignInLimits } from './rate-limit';

/** One route of the API as the router knows it (method, pattern with its prefix, config). */
export interface ApiRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

export interface RequestChainDeps {
  db: Db;
  redis: Redis | undefined;
  /** Tests tighten the sign-in limits; the server uses SIGN_IN_LIMITS. */
  signInLimits?: SignInLimits | undefined;
  /** The CSRF token's signing and checking (csrf.ts). */
  csrf: CsrfTokens;
  recordAlert: RecordAlert;
  writeAudit: WriteAudit;
  /** Filled with every route registered in the scope, for tests that must cover them all. */
  routes: ApiRoute[];
}

import type { ChainStep } from './chain-step';

/** Runs `steps` from `from` on: synchronously while each answers at once, then from its promise. */
export function runSteps(
  steps: readonly ChainStep[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  config: FastifyContextConfig,
  done: HookHandlerDoneFunction,
): void {
  for (let index = from; index < steps.length; index++) {
    let verdict: boolean | Promise<boolean>;
    try {
      verdict = steps[index]!(request, reply, config);
    } catch (error) {
      // Also after a wait, where no hook runner would catch it: the error handler answers.
      return done(error as Error);
    }
    if (verdict === true) continue;
    // A guard that answered ends the chain: Fastify sends its answer and runs nothing further.
    if (verdict === false) return;
    verdict.then((goOn) => goOn && runSteps(steps, index + 1, request, reply, config, done), done);
    return;
  }
  done();
}

/**
 * The guards of every API request, in this order (docs/architecture.md "The request chain"):
 * request id (made by Fastify before any hook) → rate limit → session → CSRF → validation (the
 * route's schema) → handler. They are hooks of the `/api` scope, so they run for exactly the
 * requests the router matched there — whatever the spelling of the path — and for the scope's
 * not-found answer. None of them reads the raw URL (docs/security.md "Paths").
 */
export function registerRequestChain(api: FastifyInstance, deps: RequestChainDeps) {
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      deps.routes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });

  const steps: readonly ChainStep[] = [
    registerRateLimits(api, deps.redis, deps.signInLimits),
    registerAuth(api, deps.db),
    csrfCheck({
      tokens: deps.csrf,
      recordAlert: deps.recordAlert,
      writeAudit: deps.writeAudit,
      firstRefusal: oncePerWindow('csrf-refusal', REFUSAL_RECORD_WINDOW_SECONDS, deps.redis),
    }),
  ];
  // One hook for the three guards: the route's settings are read once (Fastify builds them anew
  // on every read), and a request that waits for nothing passes them without a promise.
  api.addHook('onRequest', (request, reply, done) => {
    const { config } = request.routeOptions;
    reply.header('cache-control', cacheControlOf(config));
    runSteps(steps, 0, request, reply, config, done);
  });
  registerStorableTextGuard(api);

  api.setNotFoundHandler((request, reply) =>
    sendError(reply, request, {
      error: 'not_found',
      message: `No API endpoint at ${request.method} ${request.url.split('?')[0]}.`,
    }),
  );
}
