import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WriteAudit } from '../audit';
import type { Signer } from '../signed-token';
import type { RecordAlert } from './alerts';
import { sendError } from './errors';
import { REFUSAL_RECORD_WINDOW_SECONDS, type OncePerWindow } from './once-per-window';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for the one route browsers post to without our header (CSP reports). */
    csrf?: false;
  }
}

/**
 * Double-submit CSRF protection with a signed token: the page reads the `csrf_token` cookie and
 * echoes it in X-CSRF-Token on every write. A token we did not sign is refused too, so a cookie
 * planted by a sibling subdomain does not help an attacker.
 */
export function registerCsrf(
  app: FastifyInstance,
  deps: {
    signer: Signer;
    secure: boolean;
    recordAlert: RecordAlert;
    writeAudit: WriteAudit;
    /** Lets the first refusal of an address in a window be written down, not every one. */
    firstRefusal: OncePerWindow;
  },
) {
  const issue = () => {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${deps.signer.mac(`csrf.${nonce}`)}`;
  };
  const isOurs = (token: string) => {
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(deps.signer.mac(`csrf.${nonce}`));
    const actual = Buffer.from(signature);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (READS.has(request.method)) {
      if (!cookie || !isOurs(cookie)) {
        reply.setCookie(CSRF_COOKIE, issue(), {
          path: '/',
          sameSite: 'lax',
          secure: deps.secure,
          httpOnly: false,
        });
      }
      return;
    }
    if (request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    const valid =
      typeof cookie === 'string' &&
      typeof header === 'string' &&
      cookie.length === header.length &&
      timingSafeEqual(Buffer.from(cookie), Buffer.from(header)) &&
      isOurs(cookie);
    if (valid) return;
    if (await deps.firstRefusal(request.ip)) {
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
        requestId: request.id,
        message: `${what}; ${quiet}`,
      });
    }
    return sendError(reply, request, {
      error: 'csrf_invalid',
      message:
        'The security token of this page is missing or out of date. Reload the page and try again.',
    });
  });
}
