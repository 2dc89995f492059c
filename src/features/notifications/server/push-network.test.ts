import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { PrivateAddressError, publicOnlyLookup } from './push-network';

/**
 * docs/notifications.md "Push": the address a push service's name resolves to is checked where
 * the connection is made, so a name that passed at subscription and now points inside is refused.
 * DNS is replaced here by a table (the test cannot own a public name).
 */
const dnsOf =
  (table: Record<string, LookupAddress[]>) =>
  (
    hostname: string,
    callback: (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => void,
  ) =>
    table[hostname]
      ? callback(null, table[hostname]!)
      : callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);

const DNS = dnsOf({
  'push.example.com': [
    { address: '203.0.114.10', family: 4 },
    { address: '2606:4700::10', family: 6 },
  ],
  'rebound.example.com': [{ address: '10.0.0.5', family: 4 }],
  'mixed.example.com': [
    { address: '8.8.8.8', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'push.internal': [{ address: '10.0.0.9', family: 4 }],
});

function lookUp(hostname: string, options: object, trusted: string[] = []) {
  const lookup = publicOnlyLookup(new Set(trusted), DNS);
  return new Promise<{ error: Error | null; result: unknown }>((resolve) =>
    lookup(hostname, options, (error, address, family) =>
      resolve({ error, result: Array.isArray(address) ? address : { address, family } }),
    ),
  );
}

describe('the lookup of a push service’s name', () => {
  it('connects to a name with public addresses only', async () => {
    expect(await lookUp('push.example.com', {})).toEqual({
      error: null,
      result: { address: '203.0.114.10', family: 4 },
    });
    expect((await lookUp('push.example.com', { all: true })).result).toHaveLength(2);
    expect(await lookUp('push.example.com', { family: 6 })).toEqual({
      error: null,
      result: { address: '2606:4700::10', family: 6 },
    });
  });

  it('refuses a name that resolves to a private address, even among public ones', async () => {
    for (const name of ['rebound.example.com', 'mixed.example.com']) {
      const { error } = await lookUp(name, { all: true });
      expect(error).toBeInstanceOf(PrivateAddressError);
      expect(error!.message).toMatch(/not a public address/);
    }
  });

  it('lets through the names of admitted origins, and passes DNS errors on', async () => {
    expect((await lookUp('push.internal', {}, ['push.internal'])).error).toBeNull();
    expect((await lookUp('nowhere.example.com', {})).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
