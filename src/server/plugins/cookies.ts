import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a cookie is set with: every attribute of a Set-Cookie line but its name and value. */
export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies by name, read from its Cookie header the first time they are asked. */
    readonly cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    /** Sets a cookie (SameSite=Lax unless told otherwise); the last one set of a name and path wins. */
    setCookie(name: string, value: string, options?: CookieOptions): FastifyReply;
    /** Tells the browser to forget a cookie (path `/` unless told otherwise). */
    clearCookie(name: string, options?: CookieOptions): FastifyReply;
  }
}

const parsed = Symbol('cookies');
/** A request without a Cookie header: one shared empty set, nothing made per request. */
const NONE: Record<string, string | undefined> = Object.freeze({});
const lines = Symbol('set-cookie lines');

type WithCookies = FastifyRequest & { [parsed]: Record<string, string | undefined> | null };
type WithLines = FastifyReply & { [lines]: Map<string, string> | null };

function setCookie(this: FastifyReply, name: string, value: string, options?: CookieOptions) {
  const attributes: SetCookie = { sameSite: 'lax', ...options, name, value };
  const reply = this as WithLines;
  const set = (reply[lines] ??= new Map());
  // A cookie is one per name, domain and path: setting it again in one answer replaces it.
  set.set(`${name};${attributes.domain};${attributes.path ?? '/'}`, stringifySetCookie(attributes));
  return reply.removeHeader('set-cookie').header('set-cookie', [...set.values()]);
}

function clearCookie(this: FastifyReply, name: string, options?: CookieOptions) {
  return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}

/**
 * Cookies without a hook: a request's Cookie header is parsed only when a guard or route reads
 * `request.cookies` (most API reads never do), and `reply.setCookie` writes its Set-Cookie line
 * at once, so an answer that sets none passes no cookie step at all (docs/performance.md).
 */
export function registerCookies(app: FastifyInstance) {
  app.decorateRequest(parsed, null);
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest) {
      const request = this as WithCookies;
      const header = request.headers.cookie;
      return (request[parsed] ??= header ? parseCookie(header) : NONE);
    },
  });
  app.decorateReply(lines, null);
  app.decorateReply('setCookie', setCookie);
  app.decorateReply('clearCookie', clearCookie);
}
