import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's VAPID key pair (RFC 8292): browsers subscribe with its public key, and every push
 * is signed with its private key. A push service refuses pushes signed by another key than the
 * one a subscription was made with, so every instance must sign with the same pair, and it must
 * never change while subscriptions exist (docs/notifications.md "Push").
 */
export interface VapidKeys {
  /** Base64url of the uncompressed P-256 point (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** Base64url of the 32-byte private scalar. */
  privateKey: string;
  /** Whom a push service may contact about our pushes: a `mailto:` or `https:` URL. */
  subject: string;
}

/** A new key pair (tests, or the first start without VAPID_* variables). */
export function generateVapidKeys(subject: string): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // The scalar comes without its leading zero bytes when it has any.
  const scalar = curve.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
    subject,
  };
}

/** Why a configured pair cannot be used, or undefined: the wrong lengths, or keys of two pairs. */
export function vapidKeyProblem(publicKey: string, privateKey: string): string | undefined {
  const base64url = /^[A-Za-z0-9_-]+$/;
  const publicBytes = base64url.test(publicKey) ? Buffer.from(publicKey, 'base64url') : undefined;
  if (publicBytes?.length !== 65 || publicBytes[0] !== 0x04)
    return 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters)';
  const privateBytes = base64url.test(privateKey)
    ? Buffer.from(privateKey, 'base64url')
    : undefined;
  if (privateBytes?.length !== 32)
    return 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)';
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(privateBytes);
    if (curve.getPublicKey().equals(publicBytes)) return undefined;
  } catch {
    // not a private key of the curve: said below
  }
  return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair';
}

/** A `mailto:` address or an `https:` URL, as push services expect (RFC 8292 §2.1). */
export const isVapidSubject = (value: string) =>
  /^mailto:[^\s@]+@[^\s@]+$/.test(value) || (/^https:\/\//.test(value) && URL.canParse(value));

const KEYS_FILE = 'vapid-keys.json';

function readKeysFile(file: string): Omit<VapidKeys, 'subject'> {
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  const problem =
    typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string'
      ? vapidKeyProblem(stored.publicKey, stored.privateKey)
      : 'the file holds no key pair';
  if (problem) throw new Error(`${file}: ${problem}`);
  return { publicKey: stored.publicKey!, privateKey: stored.privateKey! };
}

/**
 * Puts `keys` in `file` unless another instance put its own there first, and answers the pair the
 * file holds. Each instance writes its candidate to a file of its own and links it into place,
 * which succeeds for exactly one of them: the others read the winner's. The file appears whole or
 * not at all, so no instance ever reads half a key.
 */
export function claimKeysFile(
  file: string,
  keys: Omit<VapidKeys, 'subject'>,
): Omit<VapidKeys, 'subject'> {
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(
    candidate,
    `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`,
    { mode: 0o600 },
  );
  try {
    fs.linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(candidate, { force: true });
  }
  return readKeysFile(file);
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (checked as a pair by env.ts), else the pair
 * kept in DATA_DIR/vapid-keys.json, generated on the first start; instances that share DATA_DIR
 * and start together agree on one pair (`claimKeysFile`).
 */
export function loadVapidKeys(
  configured: { publicKey?: string | undefined; privateKey?: string | undefined },
  dataDir: string,
  subject: string,
): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  }
  const file = path.join(dataDir, KEYS_FILE);
  if (fs.existsSync(file)) return { ...readKeysFile(file), subject };
  fs.mkdirSync(dataDir, { recursive: true });
  return { ...claimKeysFile(file, generateVapidKeys(subject)), subject };
}
