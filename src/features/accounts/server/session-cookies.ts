import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Language } from '../../../shared/languages';
import type { Browser, NewSession } from './sessions';

/**
 * The accounts feature's cookies, for routes only: services return tokens and outcomes, and the
 * routes turn them into cookies here (docs/accounts.md, "Sessions and cookies").
 */
export const SESSION_COOKIE = 'sid';

/**
 * The rate limit of a signed-in person's own security steps (two-factor, password change):
 * counted per session, so people behind one address do not share it (rate-limit.ts).
 */
export const ACCOUNT_STEP = { rateLimit: 'account', rateLimitCookie: SESSION_COOKIE } as const;
export const SESSION_MARKER_COOKIE = 'has_session';
export const REENABLE_COOKIE = 'reenable';
const REENABLE_PATH = '/api/users/enable';
/** Proof that this browser signed in to an account before: its sign-ins skip the flood's queue. */
export const DEVICE_COOKIE = 'sign_in_device';
const DEVICE_PATH = '/api/auth';

/** A signed proof for one route's eyes only: HttpOnly, same-site only, on its own path. */
function setProofCookie(
  reply: FastifyReply,
  name: string,
  path: string,
  proof: { token: string; maxAgeSeconds: number },
  secure: boolean,
) {
  reply.setCookie(name, proof.token, {
    path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: proof.maxAgeSeconds,
  });
}

/** What a service needs to know of the browser that signs in: plain values, no request. */
export const browserOf = (request: FastifyRequest): Browser => ({
  previousToken: request.cookies[SESSION_COOKIE],
  userAgent: request.headers['user-agent'],
  deviceProof: request.cookies[DEVICE_COOKIE],
  address: request.ip,
});

/** Remembers, for a year, that this browser signed in to the account with a password. */
export function setDeviceCookie(
  reply: FastifyReply,
  proof: { token: string; maxAgeSeconds: number },
  secure: boolean,
) {
  setProofCookie(reply, DEVICE_COOKIE, DEVICE_PATH, proof, secure);
}

/** Hands a new session to the browser. */
export function setSessionCookies(
  reply: FastifyReply,
  session: NewSession,
  language: Language,
  secure: boolean,
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure, expires: session.expiresAt };
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...base, httpOnly: false });
  // The language saved on the account follows the person to every device they sign in on.
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    sameSite: 'lax',
    secure,
    maxAge: LANGUAGE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
}

/** The short-lived, HttpOnly proof that this browser just proved who owns a self-disabled account. */
export function setReenableCookie(
  reply: FastifyReply,
  proof: { token: string; maxAgeSeconds: number },
  secure: boolean,
) {
  setProofCookie(reply, REENABLE_COOKIE, REENABLE_PATH, proof, secure);
}

export function clearReenableCookie(reply: FastifyReply) {
  reply.clearCookie(REENABLE_COOKIE, { path: REENABLE_PATH });
}

/** The short-lived, HttpOnly challenge of a sign-in that still owes its second factor. */
export const SECOND_FACTOR_COOKIE = 'second_factor';
const SECOND_FACTOR_PATH = '/api/auth/second-factor';

export function setSecondFactorCookie(
  reply: FastifyReply,
  challenge: { token: string; maxAgeSeconds: number },
  secure: boolean,
) {
  setProofCookie(reply, SECOND_FACTOR_COOKIE, SECOND_FACTOR_PATH, challenge, secure);
}

export function clearSecondFactorCookie(reply: FastifyReply) {
  reply.clearCookie(SECOND_FACTOR_COOKIE, { path: SECOND_FACTOR_PATH });
}
