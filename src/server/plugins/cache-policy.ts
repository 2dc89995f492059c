import type { FastifyContextConfig } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every viewer and holds nobody's private data: it may be cached.
     * `browser` seconds in the browser's own cache, `shared` seconds in shared caches (a CDN).
     */
    publicCache?: { browser: number; shared: number };
  }
}

/** What every error, and every API answer its route does not declare public, is. */
export const NOT_STORED = 'no-store';

/**
 * Who may keep an API answer (docs/security.md "Caching"): the request chain sets this first
 * (request-chain.ts), a route that sends a file replaces it with its own (`private` for a
 * request's attachments), and every error is sent `no-store` whatever its route (`sendError`),
 * so only a successful answer is ever public.
 */
export function cacheControlOf(config: FastifyContextConfig): string {
  const cache = config.publicCache;
  return cache ? `public, max-age=${cache.browser}, s-maxage=${cache.shared}` : NOT_STORED;
}
