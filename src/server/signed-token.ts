import { createHmac } from 'node:crypto';
import { sameText } from './same-text';

/**
 * Compact signed tokens: base64url(JSON payload) + "." + HMAC-SHA256 over purpose and payload.
 * The purpose keeps a token made for one use from being accepted for another.
 */
export interface Signer {
  sign(purpose: string, payload: Record<string, unknown>, ttlSeconds: number): string;
  verify<T extends object>(
    purpose: string,
    token: string | undefined,
  ): (T & { exp: number }) | undefined;
  mac(value: string): string;
}

export function createSigner(secret: string, now: () => number = Date.now): Signer {
  const mac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  return {
    mac,
    sign(purpose, payload, ttlSeconds) {
      const body = Buffer.from(
        JSON.stringify({ ...payload, exp: Math.floor(now() / 1000) + ttlSeconds }),
      ).toString('base64url');
      return `${body}.${mac(`${purpose}.${body}`)}`;
    },
    verify(purpose, token) {
      if (!token || token.length > 4096) return undefined;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return undefined;
      if (!sameText(signature, mac(`${purpose}.${body}`))) return undefined;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        if (typeof payload?.exp !== 'number' || payload.exp * 1000 < now()) return undefined;
        return payload;
      } catch {
        return undefined;
      }
    },
  };
}
