import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { sendError } from './errors';

/**
 * Rate-limit groups (accounts spec §7a), enforced by the server. Windows and blocks in seconds.
 * `read` is ours: a generous per-address limit that stops floods, not people.
 */
export const RATE_LIMIT_GROUPS = {
  auth: { points: 5, duration: 15 * 60, blockDuration: 30 * 60 },
  contact: { points: 2, duration: 60 * 60, blockDuration: 60 * 60 },
  passwordReset: { points: 3, duration: 60 * 60, blockDuration: 60 * 60 },
  upload: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  default: { points: 100, duration: 15 * 60, blockDuration: 5 * 60 },
  read: { points: 600, duration: 60, blockDuration: 60 },
} as const;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

/** What a failed sign-in costs in the auth group, on top of the attempt itself (spec: 3 in all). */
export const FAILED_SIGN_IN_EXTRA_POINTS = 2;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The group a route counts in; writes default to `default`, reads to `read`. */
    rateLimit?: RateLimitGroup | false;
  }
  interface FastifyRequest {
    /** Adds points to this request's group, e.g. for a failed sign-in. */
    penalize(points: number): Promise<void>;
  }
}

/**
 * A counter shared by every instance through Redis when configured (with an in-process one as
 * insurance while Redis is unreachable), else in this process. Windows and blocks in seconds.
 */
export function sharedLimiter(
  redis: Redis | undefined,
  keyPrefix: string,
  options: { points: number; duration: number; blockDuration?: number },
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, ...options });
  return redis
    ? new RateLimiterRedis({ storeClient: redis, keyPrefix, ...options, insuranceLimiter: memory })
    : memory;
}

function createLimiters(redis: Redis | undefined): Record<RateLimitGroup, RateLimiterAbstract> {
  const entries = Object.entries(RATE_LIMIT_GROUPS).map(([group, options]) => [
    group,
    sharedLimiter(redis, `rl:${group}`, options),
  ]);
  return Object.fromEntries(entries) as Record<RateLimitGroup, RateLimiterAbstract>;
}

function groupOf(request: FastifyRequest): RateLimitGroup | false {
  const configured = request.routeOptions.config?.rateLimit;
  if (configured !== undefined) return configured;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'default';
}

export function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  const limiters = createLimiters(redis);
  app.decorateRequest('penalize', async function (this: FastifyRequest, points: number) {
    const group = groupOf(this);
    if (!group) return;
    const limiter = limiters[group];
    const { points: allowed, blockDuration } = RATE_LIMIT_GROUPS[group];
    try {
      const result = await limiter.penalty(this.ip, points);
      // A penalty that spends the last points blocks at once, like an attempt over the limit would.
      if (result.consumedPoints > allowed) await limiter.block(this.ip, blockDuration);
    } catch {
      // The store is unreachable: the request itself was already counted or let through.
    }
  });

  // Runs first in the API scope (see request-chain.ts): after routing, so the route's group is
  // known, and before the session, the CSRF check or the body cost anything.
  app.addHook('onRequest', async (request, reply) => {
    const group = groupOf(request);
    if (!group) return;
    try {
      await limiters[group].consume(request.ip, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      const minutes = Math.ceil(seconds / 60);
      reply.header('Retry-After', String(seconds));
      return sendError(reply, request, {
        error: 'rate_limited',
        message: `Too many requests. Try again in ${minutes} minutes.`,
      });
    }
  });
}
