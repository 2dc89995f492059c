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
 * an upload replaces the CSP with its own (requests.routes.ts).
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options.https),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.https
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    // The browsers' old XSS auditor caused leaks of its own: switched off, as OWASP advises.
    'X-XSS-Protection': '0',
    'Reporting-Endpoints': 'csp="/api/csp-report"',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/**
 * Strict security headers on every response, pages, files and API alike (the set Helmet sends
 * by default, with our CSP), computed once: building them for each request was a measurable
 * share of a small API answer (docs/performance.md "API cost per request").
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
