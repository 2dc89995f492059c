import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from './self-signed-certificate';

/**
 * A push service of our own (RFC 8030), as a browser vendor runs one: a real HTTPS server on
 * 127.0.0.1 with a self-signed certificate, holding the browser side of each subscription it
 * hands out (a P-256 key pair and a 16-byte auth secret, as `PushSubscription` has). For every push
 * it checks what a real one checks, and what a browser then does:
 * - the body is `aes128gcm` (RFC 8188) and decrypts with the subscription's keys (RFC 8291);
 * - `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT for this origin, not
 *   expired nor valid for more than 24 h, with a `sub`, whose signature verifies with `k`;
 * - a TTL header.
 * A push that fails a check is answered 400 and recorded as refused, with the reason.
 * The app trusts the certificate through `trustedCa` (in-process) or NODE_EXTRA_CA_CERTS
 * (`caFile`, a process).
 */

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON when it is JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID key that signed it (base64url), and the JWT's claims. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
}

export interface PushService {
  /** https://127.0.0.1:<port>: what PUSH_ALLOWED_ORIGINS must admit. */
  origin: string;
  /** The certificate to trust (PEM), and a file holding it, for NODE_EXTRA_CA_CERTS. */
  certificate: string;
  caFile: string;
  /** A new subscription, as a browser's `PushSubscription.toJSON()` gives it. */
  subscribe(): TestSubscription;
  /** Every push taken so far, in order. */
  received(): ReceivedPush[];
  /** Pushes answered 400, with the reason. */
  refused(): { endpoint: string; reason: string }[];
  /** Every attempt at an endpoint, whatever its answer. */
  attempts(endpoint: string): number;
  /** Answers this endpoint with `status` (410 for a subscription gone) from now on… */
  answer(endpoint: string, status: number): void;
  /** …or only the next `times` attempts, then takes pushes again. */
  failNext(endpoint: string, status: number, times: number): void;
  close(): Promise<void>;
}

interface Held {
  ecdh: ECDH;
  auth: Buffer;
}

/** RFC 8291 §3.4 and RFC 8188 §2: the browser's side of decrypting one push. */
function decrypt(body: Buffer, held: Held): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const receiverKey = held.ecdh.getPublicKey();
  const secret = held.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, held.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292 §3: the VAPID header, its JWT verified with the key it names. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claimsPart, signature] = token.split('.') as [string, string, string];
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (jose.alg !== 'ES256') throw new Error(`the JWT is signed with ${jose.alg}, not ES256`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(
    Buffer.from(claimsPart, 'base64url').toString(),
  ) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`the JWT is for ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60))
    throw new Error('the JWT is expired or valid for more than 24 h');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('the JWT has no contact (sub)');
  return { key, claims };
}

export async function startPushService(): Promise<PushService> {
  const { cert, key } = selfSignedCertificate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-push-service-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, cert);

  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const attempts = new Map<string, number>();
  const answers = new Map<string, { status: number; times: number }>();
  let origin = '';

  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      attempts.set(endpoint, (attempts.get(endpoint) ?? 0) + 1);
      const answer = answers.get(endpoint);
      if (answer && answer.times > 0) {
        answer.times--;
        response.writeHead(answer.status).end();
        return;
      }
      const subscription = held.get(endpoint);
      if (request.method !== 'POST' || !subscription) {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`Content-Encoding is ${request.headers['content-encoding']}`);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL header');
        const vapid = checkVapid(request.headers.authorization, origin);
        const text = decrypt(Buffer.concat(chunks), subscription).toString('utf8');
        let payload: unknown = text;
        try {
          payload = JSON.parse(text);
        } catch {
          // kept as text
        }
        received.push({
          endpoint,
          payload,
          ttl,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          vapidKey: vapid.key,
          claims: vapid.claims,
        });
        response.writeHead(201, { Location: `${endpoint}/message/${received.length}` }).end();
      } catch (error) {
        refused.push({ endpoint, reason: (error as Error).message });
        response.writeHead(400).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certificate: cert,
    caFile,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      held.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    received: () => [...received],
    refused: () => [...refused],
    attempts: (endpoint) => attempts.get(endpoint) ?? 0,
    answer: (endpoint, status) => answers.set(endpoint, { status, times: Infinity }),
    failNext: (endpoint, status, times) => answers.set(endpoint, { status, times }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
