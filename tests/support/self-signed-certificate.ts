import { X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A self-signed X.509 certificate for a local HTTPS test server, made when the test runs (no key
 * is kept in the repository, and none expires between runs). P-256 key, ECDSA with SHA-256, valid
 * for a day, for 127.0.0.1 and localhost; the certificate is its own authority, so trusting it
 * (`ca`, or NODE_EXTRA_CA_CERTS) is all a client needs. Written in DER by hand: Node reads
 * certificates but does not make them.
 */

const der = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};

const sequence = (...content: Buffer[]) => der(0x30, ...content);
const set = (...content: Buffer[]) => der(0x31, ...content);
const integer = (bytes: Buffer) =>
  der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const octetString = (bytes: Buffer) => der(0x04, bytes);
const bitString = (bytes: Buffer) => der(0x03, Buffer.from([0]), bytes);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const explicit = (n: number, content: Buffer) => der(0xa0 + n, content);

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime, YYMMDDHHMMSSZ. */
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

export interface SelfSignedCertificate {
  /** The certificate, PEM: what the server presents and what a client trusts. */
  cert: string;
  /** Its private key, PEM (PKCS #8). */
  key: string;
}

export function selfSignedCertificate(
  commonName = 'Majstri test push service',
): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(commonName))));
  const now = Date.now();
  const subjectAltName = sequence(
    der(0x87, Buffer.from([127, 0, 0, 1])), // iPAddress 127.0.0.1
    der(0x82, Buffer.from('localhost')), // dNSName
  );
  const extensions = sequence(
    // basicConstraints, critical: a CA (its own)
    sequence(
      oid('2.5.29.19'),
      der(0x01, Buffer.from([0xff])),
      octetString(sequence(der(0x01, Buffer.from([0xff])))),
    ),
    // subjectAltName
    sequence(oid('2.5.29.17'), octetString(subjectAltName)),
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 3600_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const cert = new X509Certificate(certificate).toString();
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}
