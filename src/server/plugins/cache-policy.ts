import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every viewer and holds nobody's private data: it may be cached.
     * `browser` seconds in the browser's own cache, `shared` seconds in shared caches (a CDN).
     */
    publicCache?: { browser: number; shared: number };
  }
}

/**
 * Who may keep an API answer (docs/security.md "Caching"). Every answer is `no-store` unless its
 * route says it is public, and only a successful answer is ever public; a route that sends a file
 * sets its own header (`private` for a request's attachments).
 */
export function registerCachePolicy(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      const cache = reply.statusCode === 200 ? request.routeOptions.config.publicCache : undefined;
      reply.header(
        'cache-control',
        cache ? `public, max-age=${cache.browser}, s-maxage=${cache.shared}` : 'no-store',
      );
    }
    done(null, payload);
  });
}
