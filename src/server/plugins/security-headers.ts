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

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/**
 * The security headers of everything the site serves outside the API: its pages, their assets,
 * robots.txt, the API's documentation page, and refusals there. Helmet's defaults with our CSP.
 * Nothing in them depends on the request (no nonces, no hashes), so they are written once at
 * start-up and set in one step. Names are in lower case, as Fastify stores them: it then keeps
 * the name it is given instead of making a new one each time.
 */
export function pageHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options.https),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.https ? HSTS : {}),
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
 * The security headers of every answer of the API (`/api` scope): JSON, and the files it serves,
 * which set a CSP of their own (requests.routes.ts, providers.routes.ts). These are the headers
 * that protect an answer that is not a page, as OWASP's REST Security Cheat Sheet lists them:
 * nothing may be loaded or run if one is opened as a document, nor may it be framed, sniffed as
 * another type, or read by another site's page. The page-only headers (a page's feature, opener,
 * referrer and reporting policies) govern nothing in a JSON answer, and every line costs the
 * smallest answers a measurable share (docs/performance.md "What the header lines cost").
 * X-Frame-Options stays SAMEORIGIN: the attachment viewer frames a PDF the API serves.
 */
export function apiHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(options.https ? HSTS : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of this scope's answers: the pages' set, or the API's in `/api`. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Strict security headers on every response, computed once: building them for each request was
 * a measurable share of a small API answer (docs/performance.md "API cost per request"). Each
 * answer carries the set of the scope its route (or its scope's not-found answer) belongs to:
 * the pages' set, and the API's where `useApiHeaders` was called. The same first hook names the
 * request's id (X-Request-Id), so even an answer cut short later carries both.
 */
export function registerResponseHeaders(app: FastifyInstance, options: { https: boolean }) {
  app.decorate('securityHeaders', pageHeaders(options));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.server.securityHeaders).header('x-request-id', request.id);
    done();
  });
}

/** Gives the answers of `scope` (the API's) the API's security headers instead of the pages'. */
export function useApiHeaders(scope: FastifyInstance, options: { https: boolean }) {
  scope.decorate('securityHeaders', apiHeaders(options));
}
