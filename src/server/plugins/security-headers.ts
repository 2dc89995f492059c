import type { FastifyInstance } from 'fastify';

/** The content security policy: no inline script or style anywhere, reports to /api/csp-report. */
function contentSecurityPolicy(https: boolean): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['media-src', "'self'"],
    ['frame-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['report-uri', '/api/csp-report'],
    ['report-to', 'csp'],
    ...(https ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join(';');
}

/**
 * Every security header of every response. Nothing in them depends on the request (no nonces,
 * no hashes), so they are written once at start-up and set in one step; a route that serves
 * an upload replaces the CSP with its own (requests.routes.ts). Names are in lower case, as
 * Fastify stores them: it then keeps the name it is given instead of making a new one each time.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options.https),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.https
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The browsers' old XSS auditor caused leaks of its own: switched off, as OWASP advises.
    'x-xss-protection': '0',
    'reporting-endpoints': 'csp="/api/csp-report"',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/**
 * Strict security headers on every response, pages, files and API alike (the set Helmet sends
 * by default, with our CSP), computed once: building them for each request was a measurable
 * share of a small API answer (docs/performance.md "API cost per request"). The same first hook
 * names the request's id (X-Request-Id), so even an answer cut short later carries both.
 */
export function registerResponseHeaders(app: FastifyInstance, options: { https: boolean }) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });
}
