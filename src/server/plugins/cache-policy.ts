import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every viewer and holds nobody's private data: it may be cached.
     * `browser` seconds in the browser's own cache, `shared` seconds in shared caches (a CDN).
     */
    publicCache?: { browser: number; shared: number };
  }
}

/** What every API answer is, unless its route says it is public or sends a file of its own. */
export const NOT_STORED = 'no-store';

/**
 * Who may keep an API answer (docs/security.md "Caching"). Every answer is `no-store` (the request
 * chain sets it first, request-chain.ts) unless its route says it is public, and only a successful
 * answer is ever public: the check runs at sending, on the public routes alone. A route that
 * sends a file sets its own header (`private` for a request's attachments).
 */
export function addPublicCache(route: RouteOptions) {
  const cache = route.config?.publicCache;
  if (!cache) return;
  const value = `public, max-age=${cache.browser}, s-maxage=${cache.shared}`;
  const onSend = (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) => {
    if (!reply.hasHeader('cache-control'))
      reply.header('cache-control', reply.statusCode === 200 ? value : NOT_STORED);
    done(null, payload);
  };
  route.onSend = [...[route.onSend ?? []].flat(), onSend];
}
