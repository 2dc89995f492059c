import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { isPublicAddress } from './push.rules';

/** A name resolved, at connection time, to an address that is not public. */
export class PrivateAddressError extends Error {
  readonly code = 'PUSH_PRIVATE_ADDRESS';
}

type Resolve = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolve = (hostname, callback) =>
  dns.lookup(hostname, { all: true, verbatim: true }, callback);

/**
 * The DNS lookup of every connection to a push service: a name must resolve to public
 * addresses only (docs/notifications.md "Push"). Checked here, where the connection is made,
 * and not before it: a name checked first and resolved again to connect could point elsewhere
 * the second time (DNS rebinding). A name that also resolves to a private address is refused
 * whole. Names of the admitted origins (`trustedNames`) are not checked.
 */
export function publicOnlyLookup(
  trustedNames: ReadonlySet<string>,
  resolve: Resolve = resolveAll,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error, '', 0);
      const family = typeof options === 'object' ? options.family : undefined;
      const addresses = found.filter((entry) => !family || family === 0 || entry.family === family);
      const trusted = trustedNames.has(hostname.toLowerCase());
      const refused = trusted
        ? undefined
        : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        const why = refused
          ? `${hostname} resolves to ${refused.address}, which is not a public address`
          : `${hostname} has no address`;
        return callback(new PrivateAddressError(why), '', 0);
      }
      if (typeof options === 'object' && options.all) {
        // Node's typing has only the single-address form of the callback.
        return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      }
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}

/**
 * The connections the push sender makes: public addresses only, kept alive between pushes to
 * the same service. `trustedCa` adds one certificate authority to the system's (tests give their
 * push service's; a process trusts one through NODE_EXTRA_CA_CERTS instead), never replacing them.
 */
export function pushAgent(options: {
  trustedNames: ReadonlySet<string>;
  trustedCa?: string | undefined;
  resolve?: Resolve;
}): https.Agent {
  return new https.Agent({
    keepAlive: true,
    maxSockets: 16,
    lookup: publicOnlyLookup(options.trustedNames, options.resolve),
    ...(options.trustedCa ? { ca: [...rootCertificates, options.trustedCa] } : {}),
  });
}
