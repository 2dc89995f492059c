import { describe, expect, it } from 'vitest';
import { endpointRefusal, isPublicAddress, pushUrgencyOf } from './push.rules';

/** docs/notifications.md "Push": which addresses count as the public internet. */
describe('public addresses', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '2001::1',
    '2001:db8::1',
    '2002:a00:1::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.74.106',
    '100.63.255.255',
    '172.32.0.1',
    '2a00:1450:4001:82b::200a',
    '2606:4700::1111',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('endpoints', () => {
  const none = new Set<string>();

  it('names why an endpoint is refused', () => {
    expect(endpointRefusal('nonsense', none)).toBe('not_a_url');
    expect(endpointRefusal('http://push.example.com/a', none)).toBe('not_https');
    expect(endpointRefusal('https://a:b@push.example.com/a', none)).toBe('credentials');
    expect(endpointRefusal('https://push.example.com:444/a', none)).toBe('port');
    expect(endpointRefusal('https://push.example.com:443/a', none)).toBeUndefined();
    expect(endpointRefusal('https://LOCALHOST./a', none)).toBe('local_name');
    expect(endpointRefusal('https://printer.local/a', none)).toBe('local_name');
    expect(endpointRefusal('https://router.home.arpa/a', none)).toBe('local_name');
    expect(endpointRefusal('https://0x7f.1/a', none)).toBe('private_address');
    expect(endpointRefusal('https://[::ffff:169.254.169.254]/a', none)).toBe('private_address');
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/x', none)).toBeUndefined();
  });

  it('admits the origins the operator names, and only those', () => {
    const allowed = new Set(['https://127.0.0.1:8443', 'https://push.internal']);
    expect(endpointRefusal('https://127.0.0.1:8443/push/a', allowed)).toBeUndefined();
    expect(endpointRefusal('https://push.internal/a', allowed)).toBeUndefined();
    expect(endpointRefusal('https://127.0.0.1:8444/push/a', allowed)).toBe('port');
    expect(endpointRefusal('https://127.0.0.1/push/a', allowed)).toBe('private_address');
    expect(endpointRefusal('https://u:p@127.0.0.1:8443/push/a', allowed)).toBe('credentials');
  });
});

describe('urgency', () => {
  it('wakes the phone for a new bid, a hire and account security only', () => {
    expect(pushUrgencyOf('bid_received')).toBe('high');
    expect(pushUrgencyOf('new_device_sign_in')).toBe('high');
    expect(pushUrgencyOf('bid_withdrawn')).toBe('normal');
  });
});
