import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../address-key';
import type { WriteAudit } from '../audit';
import { sameText } from '../same-text';
import type { Signer } from '../signed-token';
import type { RecordAlert } from './alerts';
import { sendError } from './errors';
import { REFUSAL_RECORD_WINDOW_SECONDS, type OncePerWindow } from './once-per-window';
import type { ChainStep } from './chain-step';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for the one route browsers post to without our header (CSP reports); `'issue'` for
     * the read that hands a browser its token when it has none (GET /api/auth/session).
     */
    csrf?: false | 'issue';
  }
}

/** Hands out the token cookie to a browser that has none (or one we did not sign). */
export type CsrfIssuer = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The signed double-submit token: `<nonce>.<HMAC of the nonce>`. `issue` sets the cookie only when
 * the browser has no valid one, so a browser keeps one token for as long as it keeps the cookie.
 */
export function csrfTokens(signer: Signer, secure: boolean) {
  const isOurs = (token: string) => {
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature) return false;
    return sameText(signature, signer.mac(`csrf.${nonce}`));
  };
  const issue: CsrfIssuer = (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (cookie && isOurs(cookie)) return;
    const nonce = randomBytes(18).toString('base64url');
    reply.setCookie(CSRF_COOKIE, `${nonce}.${signer.mac(`csrf.${nonce}`)}`, {
      path: '/',
      sameSite: 'lax',
      secure,
      httpOnly: false,
    });
  };
  return { isOurs, issue };
}

export type CsrfTokens = ReturnType<typeof csrfTokens>;

/**
 * Every HTML page gives the browser its token, so the first form it posts already has one: the
 * app's pages hand it out themselves (spa.ts), the API document's scope through this hook. API
 * reads do not: minting a token (random bytes, an HMAC, a Set-Cookie) on every cookieless read
 * cost more than many reads themselves, and checking every answer's type cost them too.
 */
export function registerPageCsrf(app: FastifyInstance, issue: CsrfIssuer) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) issue(request, reply);
    done(null, payload);
  });
}

/**
 * Double-submit CSRF protection with a signed token: the page reads the `csrf_token` cookie and
 * echoes it in X-CSRF-Token on every write. A token we did not sign is refused too, so a cookie
 * planted by a sibling subdomain does not help an attacker.
 */
export function csrfCheck(deps: {
  tokens: CsrfTokens;
  recordAlert: RecordAlert;
  writeAudit: WriteAudit;
  /** Lets the first refusal of an address in a window be written down, not every one. */
  firstRefusal: OncePerWindow;
}): ChainStep {
  const { isOurs, issue } = deps.tokens;

  /** Writes the refusal down (the first of an address in a window) and answers 403. */
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await deps.firstRefusal(addressKey(request.ip))) {
      const what = `${request.method} ${request.routeOptions.url ?? 'an unknown API path'}`;
      const quiet = `further refusals from this address are not recorded for ${REFUSAL_RECORD_WINDOW_SECONDS / 60} minutes`;
      await deps.recordAlert('csrf', `Refused ${what}: missing or wrong CSRF token; ${quiet}`, {
        request_id: request.id,
      });
      await deps.writeAudit({
        action: 'csrf.failure',
        outcome: 'failure',
        actorType: request.user?.role ?? 'anonymous',
        actorId: request.user?.id ?? null,
        message: `${what}; ${quiet}`,
      });
    }
    return sendError(reply, request, {
      error: 'csrf_invalid',
      message:
        'The security token of this page is missing or out of date. Reload the page and try again.',
    });
  };

  // Reads and valid writes pass without a promise; only a refusal waits for its records.
  return (request, reply, config) => {
    const { csrf } = config;
    const { method } = request;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
      if (csrf === 'issue') issue(request, reply);
      return true;
    }
    if (csrf === false) return true;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const valid =
      typeof cookie === 'string' &&
      typeof header === 'string' &&
      sameText(header, cookie) &&
      isOurs(cookie);
    if (valid) return true;
    // The answer is sent here, once the refusal is written down.
    return refuse(request, reply).then(() => false);
  };
}
