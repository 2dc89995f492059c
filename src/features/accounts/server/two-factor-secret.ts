import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Signer } from '../../../server/signed-token';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from SESSION_SECRET (an HMAC of a fixed
 * label), so a copy of the database alone does not yield anyone's authenticator. Changing
 * SESSION_SECRET makes enrolled secrets unreadable: those accounts sign in with a recovery code.
 */
const KEY_LABEL = 'two-factor.secret-key.v1';

const keyOf = (signer: Signer) => Buffer.from(signer.mac(KEY_LABEL), 'base64url');

export function encryptSecret(signer: Signer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(signer), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it was sealed under another key or altered. */
export function decryptSecret(signer: Signer, stored: string): string | undefined {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(signer), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
