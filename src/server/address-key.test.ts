import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('the key a client address counts under', () => {
  it('is an IPv4 address itself, also when a dual-stack socket writes it as IPv6', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:192.0.2.1')).toBe('192.0.2.1');
  });

  it('is the /64 network of an IPv6 address, however the address is written', () => {
    const key = addressKey('2001:db8:1:2:3:4:5:6');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const sameNetwork of [
      '2001:db8:1:2::7',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2::',
      '2001:db8:1:2:0:0:c000:201',
      '2001:db8:1:2::192.0.2.1',
    ])
      expect(addressKey(sameNetwork)).toBe(key);
  });

  it('tells apart the /64 networks next to each other', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
  });

  it('reads the short forms and a zone', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('1:2:3:4:5::')).toBe('1:2:3:4::/64');
    expect(addressKey('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
  });

  it('gives a malformed address a key too (a client naming itself past a miscounted proxy)', () => {
    expect(() => addressKey('1:2:3:4:5:6:7:8::1')).not.toThrow();
    expect(addressKey('1:2:3:4:5:6:7:8::1')).toBe('1:2:3:4::/64');
    expect(addressKey('not:an:address')).toBe(addressKey('not:an:address'));
  });
});
