import { createPublicKey } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/**
 * What the server accepts as a push subscription (docs/notifications.md "Push"). An endpoint is
 * a URL the server will call, so it must not become a way into the internal network: only
 * `https` on the default port of a public address, unless its origin is one the operator admits
 * (PUSH_ALLOWED_ORIGINS). The address a name resolves to is checked again at send time
 * (push-network.ts), since DNS can change.
 */

/** Browsers a person gets push on at once; a new one past this is refused until one is removed. */
export const PUSH_SUBSCRIPTION_LIMIT = 10;

export const ENDPOINT_MAX_LENGTH = 2048;

/** Why an endpoint is refused (logged and tested; the wire says `push_endpoint_refused`). */
export type EndpointRefusal =
  'not_a_url' | 'not_https' | 'credentials' | 'port' | 'local_name' | 'private_address';

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const SPECIAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (and cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * Inside IPv6's global unicast space (2000::/3; everything outside it — loopback, ULA fc00::/7,
 * link-local fe80::/10, multicast, NAT64 64:ff9b::/96, IPv4-mapped — is not public), the ranges
 * that are still not a public host, or that carry an IPv4 address of any kind inside them.
 */
const SPECIAL_GLOBAL_IPV6: [string, number][] = [
  ['2001::', 32], // Teredo: tunnels to an embedded IPv4 address
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an embedded IPv4 address, private or not
  ['3fff::', 20], // documentation
];

const specialIpv4 = new BlockList();
for (const [network, prefix] of SPECIAL_IPV4) specialIpv4.addSubnet(network, prefix, 'ipv4');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const specialIpv6 = new BlockList();
for (const [network, prefix] of SPECIAL_GLOBAL_IPV6) specialIpv6.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is a host of the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !specialIpv4.check(address, 'ipv4');
  if (family === 6)
    return globalUnicast.check(address, 'ipv6') && !specialIpv6.check(address, 'ipv6');
  return false;
}

/** Names that only mean something inside a network (RFC 6761, RFC 6762, RFC 8375, common use). */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home.arpa',
  'localdomain',
];

function isLocalName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '').toLowerCase();
  // A single label ("printer", "metadata") is resolved through the machine's search domains.
  if (!name.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** The origins PUSH_ALLOWED_ORIGINS admits, as `URL.origin` spells them. */
export type AllowedOrigins = ReadonlySet<string>;

/** The host of a URL as an address or a name: IPv6 without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why the server would not send to `endpoint`, or undefined when it may. The URL parser has
 * already turned every spelling of an IPv4 address (`2130706433`, `0x7f.1`, `127.1`) into the
 * dotted one, so the address checks see what a connection would use.
 */
export function endpointRefusal(
  endpoint: string,
  allowedOrigins: AllowedOrigins,
): EndpointRefusal | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_a_url';
  }
  if (url.username || url.password) return 'credentials';
  if (allowedOrigins.has(url.origin)) return undefined;
  if (url.protocol !== 'https:') return 'not_https';
  if (url.port !== '') return 'port';
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? undefined : 'private_address';
  return isLocalName(host) ? 'local_name' : undefined;
}

/** Whether the endpoint's origin is one the operator admitted (skips the address checks). */
export function isAllowedOrigin(url: URL, allowedOrigins: AllowedOrigins): boolean {
  return allowedOrigins.has(url.origin);
}

/** Why a subscription's keys are refused (RFC 8291 §3.1 and §3.2), or undefined. */
export type KeysRefusal = 'p256dh' | 'auth';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  return Buffer.from(text.replace(/=+$/, ''), 'base64url');
}

/** Whether 65 bytes are an uncompressed point on P-256 (0x04 ‖ x ‖ y). */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser's public key must be an uncompressed P-256 point and the authentication secret
 * 16 bytes, both base64url: anything else could never be encrypted to, and would fail every send.
 * Answers the keys as they are stored (base64url without padding), or which one is refused.
 */
export function readKeys(keys: {
  p256dh: string;
  auth: string;
}): { keys: { p256dh: string; auth: string } } | { refused: KeysRefusal } {
  const publicKey = base64urlBytes(keys.p256dh);
  if (!publicKey || !isP256Point(publicKey)) return { refused: 'p256dh' };
  const secret = base64urlBytes(keys.auth);
  if (!secret || secret.length !== 16) return { refused: 'auth' };
  return { keys: { p256dh: publicKey.toString('base64url'), auth: secret.toString('base64url') } };
}

/** How long a push waits at the push service for a device that is offline: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * What wakes a phone on battery at once (RFC 8030 §5.3 `high`): a new bid and a hire, where
 * speed of notice is the product, and account security. The rest arrive as `normal`.
 */
const URGENT_TYPES = new Set([
  'bid_received',
  'bid_accepted',
  'new_device_sign_in',
  'password_changed',
  'two_factor_changed',
]);

export const pushUrgencyOf = (type: string): 'high' | 'normal' =>
  URGENT_TYPES.has(type) ? 'high' : 'normal';
