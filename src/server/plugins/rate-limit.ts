import { createHash } from 'node:crypto';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../errors';
import { addressKey } from '../address-key';
import { sendError } from './errors';
import { MemoryLimiter } from './memory-limiter';
import type { ChainStep } from './chain-step';

/**
 * Rate-limit groups, enforced by the server (docs/security.md "Sign-in limits per person"). Windows
 * and blocks in seconds. The spec's groups (accounts spec §7a) were counted by one browser: they
 * keep meaning one person's attempts here, so people behind one address (a household, an office,
 * a mobile network) do not spend each other's points.
 * - `signIn` is the spec's auth group (5 in 15 minutes, a failed sign-in costs 3, blocked 30
 *   minutes), counted per address and account together by `limitSignIn`, not by the chain.
 * - `auth` is the ceiling of one address over the sign-in routes, far above one person's use; its
 *   number comes from `npm run bench:signin`.
 * - `registration` counts registrations per address (the spec's numbers: each one tells whether an
 *   email has an account); `account` counts a signed-in person's own
 *   security steps (two-factor, password) per session; `secondFactor` counts the codes of one
 *   sign-in step. None of them spends the sign-in group's points.
 * - `read` is ours: a generous per-address limit that stops floods, not people.
 */
export const RATE_LIMIT_GROUPS = {
  signIn: { points: 5, duration: 15 * 60, blockDuration: 30 * 60 },
  auth: { points: 60, duration: 15 * 60, blockDuration: 15 * 60 },
  registration: { points: 5, duration: 15 * 60, blockDuration: 30 * 60 },
  account: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  secondFactor: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  contact: { points: 2, duration: 60 * 60, blockDuration: 60 * 60 },
  passwordReset: { points: 3, duration: 60 * 60, blockDuration: 60 * 60 },
  upload: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  default: { points: 100, duration: 15 * 60, blockDuration: 5 * 60 },
  read: { points: 600, duration: 60, blockDuration: 60 },
} as const;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

/** The groups a route may name; `signIn` is counted by `limitSignIn` only. */
export type RouteRateLimitGroup = Exclude<RateLimitGroup, 'signIn'>;

/**
 * Sign-in limits beside the per-address `auth` group (docs/security.md "Sign-in under flood"):
 * per account, by an HMAC of the normalized email and counted whether or not an account has it;
 * and for the whole site. Windows and blocks in seconds.
 */
export const SIGN_IN_LIMITS = {
  perAccount: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  global: { points: 20, duration: 1 },
};

export type SignInLimits = typeof SIGN_IN_LIMITS;

/** What a failed sign-in costs, on top of the attempt itself (spec: 3 in all). */
export const FAILED_SIGN_IN_EXTRA_POINTS = 2;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The group a route counts in; writes default to `default`, reads to `read`. */
    rateLimit?: RouteRateLimitGroup | false;
    /**
     * Counts the route per address and this cookie's value (a session, a sign-in step) instead
     * of per address alone, so people behind one address do not share the count.
     */
    rateLimitCookie?: string;
  }
  interface FastifyRequest {
    /**
     * Adds points to this request's group, e.g. for a failed sign-in; after `limitSignIn`, also
     * to the person's sign-in group.
     */
    penalize(points: number): Promise<void>;
    /**
     * Counts a sign-in attempt in the person's sign-in group (this address and account together),
     * for the account key (an HMAC of the normalized email) and for the whole site, and throws
     * 429 `rate_limited` when any is spent. A browser that signed in to this account before
     * (`trusted`) is not held back by the site-wide limit.
     */
    limitSignIn(accountKey: string, trusted: boolean): Promise<void>;
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

/** A group's counter, in this process or shared through Redis. */
interface GroupLimiter {
  /** 0 when the request is within the limit, else the whole seconds until it may try again. */
  consume(key: string): number | Promise<number>;
  /** Adds points (a failed sign-in); spending the last of them blocks at once. */
  penalize(key: string, points: number): Promise<void>;
}

/**
 * A group counted in this process is answered at once, without a promise: every API request
 * passes through it. Shared through Redis, it waits for Redis (with its in-process insurance).
 */
function groupLimiter(
  redis: Redis | undefined,
  group: RateLimitGroup,
  options: (typeof RATE_LIMIT_GROUPS)[RateLimitGroup],
): GroupLimiter {
  const { points: allowed, blockDuration } = options;
  if (!redis) {
    const memory = new MemoryLimiter(options);
    return {
      consume: (key) => {
        const waitMs = memory.consume(key);
        return waitMs === 0 ? 0 : inSeconds(waitMs);
      },
      penalize: async (key, points) => {
        if (memory.penalty(key, points) > allowed) memory.block(key, blockDuration);
      },
    };
  }
  const shared = sharedLimiter(redis, `rl:${group}`, options);
  return {
    consume: (key) => shared.consume(key, 1).then(() => 0, retryAfter),
    penalize: async (key, points) => {
      try {
        const result = await shared.penalty(key, points);
        if (result.consumedPoints > allowed) await shared.block(key, blockDuration);
      } catch {
        // The store is unreachable: the request itself was already counted or let through.
      }
    },
  };
}

function createLimiters(redis: Redis | undefined): Record<RateLimitGroup, GroupLimiter> {
  const groups = Object.keys(RATE_LIMIT_GROUPS) as RateLimitGroup[];
  return Object.fromEntries(
    groups.map((group) => [group, groupLimiter(redis, group, RATE_LIMIT_GROUPS[group])]),
  ) as Record<RateLimitGroup, GroupLimiter>;
}

function groupOf(
  request: FastifyRequest,
  config: FastifyContextConfig,
): RouteRateLimitGroup | false {
  const configured = config.rateLimit;
  if (configured !== undefined) return configured;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'default';
}

/** Whole seconds to wait for `ms`, at least one. */
const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function retryAfter(rejection: unknown) {
  if (!(rejection instanceof RateLimiterRes)) throw rejection;
  return inSeconds(rejection.msBeforeNext);
}

/** The key a request counts under in its route's group: its address, with the route's cookie. */
function keyOf(request: FastifyRequest, config: FastifyContextConfig): string {
  const address = addressKey(request.ip);
  const cookie = config.rateLimitCookie;
  if (cookie === undefined) return address;
  const value = request.cookies[cookie];
  // A digest keeps the key short whatever the cookie holds; any value is a key of its own, and
  // the address's other limits still bound how many a client can make up.
  return value ? `${address}|${createHash('sha256').update(value).digest('base64url')}` : address;
}

const tooMany = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/** Decorates the requests of `app` with the sign-in limits and penalties; answers the chain's step. */
export function registerRateLimits(
  app: FastifyInstance,
  redis: Redis | undefined,
  signInLimits: SignInLimits = SIGN_IN_LIMITS,
): ChainStep {
  const limiters = createLimiters(redis);
  const perAccount = sharedLimiter(redis, 'rl:sign-in-account', signInLimits.perAccount);
  const global = sharedLimiter(redis, 'rl:sign-in-global', signInLimits.global);
  // The person a sign-in attempt was counted for, so a failure is charged to them too.
  const signInKeys = new WeakMap<FastifyRequest, string>();
  app.decorateRequest(
    'limitSignIn',
    async function (this: FastifyRequest, accountKey: string, trusted: boolean) {
      const personKey = `${addressKey(this.ip)}|${accountKey}`;
      const person = await limiters.signIn.consume(personKey);
      if (person > 0)
        throw new AppError('rate_limited', tooMany(person), { retryAfterSeconds: person });
      signInKeys.set(this, personKey);
      for (const [limiter, key] of [
        ...(trusted ? [] : [[global, 'all'] as const]),
        [perAccount, accountKey] as const,
      ]) {
        try {
          await limiter.consume(key, 1);
        } catch (rejection) {
          const seconds = retryAfter(rejection);
          throw new AppError('rate_limited', tooMany(seconds), { retryAfterSeconds: seconds });
        }
      }
    },
  );
  app.decorateRequest('penalize', async function (this: FastifyRequest, points: number) {
    const config = this.routeOptions.config;
    const group = groupOf(this, config);
    if (group) await limiters[group].penalize(keyOf(this, config), points);
    const personKey = signInKeys.get(this);
    if (personKey) await limiters.signIn.penalize(personKey, points);
  });

  // The first step of the API's request chain (request-chain.ts): after routing, so the route's
  // group is known, and before the session, the CSRF check or the body cost anything.
  const limit: ChainStep = (request, reply, config) => {
    const group = groupOf(request, config);
    if (!group) return true;
    const settle = (seconds: number) => {
      if (seconds === 0) return true;
      reply.header('Retry-After', String(seconds));
      // The answer is sent here, so the chain goes no further.
      sendError(reply, request, { error: 'rate_limited', message: tooMany(seconds) });
      return false;
    };
    const waiting = limiters[group].consume(keyOf(request, config));
    return typeof waiting === 'number' ? settle(waiting) : waiting.then(settle);
  };
  return limit;
}
