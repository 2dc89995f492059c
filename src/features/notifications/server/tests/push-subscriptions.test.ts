import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { startPushService, type PushService } from '../../../../../tests/support/push-service';
import { pushSubscriptions } from '../../../../server/db/schema';
import { generateVapidKeys } from '../push-vapid';
import { PUSH_SUBSCRIPTION_LIMIT } from '../push.rules';

/**
 * issue 29 §3: a person turns push on for this browser, sees the devices that get it, and turns
 * them off; the server calls only push services on the public internet (docs/notifications.md
 * "Push").
 */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let h: AccountsHarness;
let service: PushService;
const vapid = generateVapidKeys('mailto:podpora@majstri.test');

beforeAll(async () => {
  service = await startPushService();
  h = await accountsHarness({
    push: { vapid, allowedOrigins: [service.origin], trustedCa: service.certificate },
  });
});
afterAll(async () => {
  await h.close();
  await service.close();
});

interface Device {
  id: string;
  device: string;
  created_at: string;
  last_pushed_at: string | null;
  endpoint_origin: string;
}

const subscribe = (agent: Agent, body: object, userAgent = ANDROID_CHROME) =>
  agent.post('/api/push/subscriptions', body, { headers: { 'user-agent': userAgent } });
const unsubscribe = (agent: Agent, endpoint: string) =>
  agent.request({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } });
const devicesOf = async (agent: Agent) => {
  const answer = await agent.get('/api/push/subscriptions');
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { subscriptions: Device[] }).subscriptions;
};

/** A subscription of a public push service (never called here: nothing is sent). */
const publicSubscription = (endpoint: string) => ({ ...service.subscribe(), endpoint });

describe('the server key', () => {
  it('gives every visitor the public VAPID key that browsers subscribe with', async () => {
    const answer = await h.agent().get('/api/push/key');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ public_key: vapid.publicKey });
    expect(answer.headers['cache-control']).toMatch(/^public, /);
  });
});

describe('turning push on and off', () => {
  it('subscribes this browser, lists it as a device and shows neither endpoint nor keys', async () => {
    const { agent } = await h.signedIn('client');
    const subscription = service.subscribe();
    const answer = await subscribe(agent, subscription);
    expect(answer.statusCode).toBe(201);
    const { subscription: saved } = answer.json() as { subscription: Device };
    expect(saved).toEqual({
      id: expect.any(String),
      device: 'Chrome · Android',
      created_at: expect.any(String),
      last_pushed_at: null,
      endpoint_origin: service.origin,
    });
    expect(await devicesOf(agent)).toEqual([saved]);
    expect(JSON.stringify(await devicesOf(agent))).not.toContain(subscription.keys.auth);
  });

  it('updates the keys when the same browser subscribes again, keeping one device', async () => {
    const { agent, id } = await h.signedIn('provider');
    const first = service.subscribe();
    const renewed = { endpoint: first.endpoint, keys: service.subscribe().keys };
    expect((await subscribe(agent, first)).statusCode).toBe(201);
    expect((await subscribe(agent, renewed)).statusCode).toBe(201);
    const rows = await h.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('moves a browser to the account that subscribes it last', async () => {
    const before = await h.signedIn('client');
    const after = await h.signedIn('provider');
    const subscription = service.subscribe();
    expect((await subscribe(before.agent, subscription)).statusCode).toBe(201);
    expect((await subscribe(after.agent, subscription)).statusCode).toBe(201);
    expect(await devicesOf(before.agent)).toEqual([]);
    expect(await devicesOf(after.agent)).toHaveLength(1);
  });

  it('turns this browser off, and leaves alone a browser that is someone else’s', async () => {
    const owner = await h.signedIn('client');
    const stranger = await h.signedIn('client');
    const subscription = service.subscribe();
    await subscribe(owner.agent, subscription);

    expect((await unsubscribe(stranger.agent, subscription.endpoint)).statusCode).toBe(204);
    expect(await devicesOf(owner.agent)).toHaveLength(1);

    expect((await unsubscribe(owner.agent, subscription.endpoint)).statusCode).toBe(204);
    expect(await devicesOf(owner.agent)).toEqual([]);
    // Turning it off twice is no error.
    expect((await unsubscribe(owner.agent, subscription.endpoint)).statusCode).toBe(204);
  });

  it('turns off one device from the list; another person’s device is not found', async () => {
    const owner = await h.signedIn('client');
    const stranger = await h.signedIn('provider');
    await subscribe(owner.agent, service.subscribe());
    await subscribe(
      owner.agent,
      service.subscribe(),
      'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0',
    );
    const [first, second] = await devicesOf(owner.agent);

    const refused = await stranger.agent.delete(`/api/push/subscriptions/${first!.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'push_subscription_not_found' });

    expect((await owner.agent.delete(`/api/push/subscriptions/${first!.id}`)).statusCode).toBe(204);
    expect(await devicesOf(owner.agent)).toEqual([second]);
  });

  it('asks a visitor to sign in', async () => {
    const visitor = h.agent();
    expect((await subscribe(visitor, service.subscribe())).statusCode).toBe(401);
    expect((await visitor.get('/api/push/subscriptions')).statusCode).toBe(401);
  });

  it(`keeps push to ${PUSH_SUBSCRIPTION_LIMIT} devices a person`, async () => {
    const { agent } = await h.signedIn('client');
    const kept = [];
    for (let i = 0; i < PUSH_SUBSCRIPTION_LIMIT; i++) {
      const subscription = service.subscribe();
      kept.push(subscription);
      expect((await subscribe(agent, subscription)).statusCode).toBe(201);
    }
    const refused = await subscribe(agent, service.subscribe());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'push_subscription_limit' });
    // A device already on the list may still renew its subscription.
    expect((await subscribe(agent, kept[0]!)).statusCode).toBe(201);
    expect(await devicesOf(agent)).toHaveLength(PUSH_SUBSCRIPTION_LIMIT);
  });
});

describe('which push services the server will call', () => {
  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['localhost', 'https://localhost/push/abc'],
    ['a name under localhost', 'https://push.localhost/abc'],
    ['a one-label name', 'https://metadata/computeMetadata'],
    ['a .internal name', 'https://push.corp.internal/abc'],
    ['loopback', 'https://127.0.0.1/push'],
    ['loopback as one number', 'https://2130706433/push'],
    ['a private network', 'https://10.1.2.3/push'],
    ['a private network', 'https://192.168.0.10/push'],
    ['a private network', 'https://172.20.0.1/push'],
    ['carrier-grade NAT', 'https://100.64.0.1/push'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['IPv4 inside IPv6', 'https://[::ffff:127.0.0.1]/push'],
    ['IPv6 unique local', 'https://[fd12:3456::1]/push'],
    ['IPv6 link-local', 'https://[fe80::1]/push'],
    ['a port of its own', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials in the address', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['the test service on a port not admitted', 'https://127.0.0.1:1/push/abc'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s (%s) with push_endpoint_refused', async (_what, endpoint) => {
    const { agent } = await h.signedIn('client');
    const answer = await subscribe(agent, publicSubscription(endpoint));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'push_endpoint_refused' });
    expect(await devicesOf(agent)).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn',
    'https://web.push.apple.com/QGf1p2x',
    'https://[2a00:1450:4001:82b::200a]/push/abc',
  ])('accepts a public push service: %s', async (endpoint) => {
    const { agent } = await h.signedIn('client');
    expect((await subscribe(agent, publicSubscription(endpoint))).statusCode).toBe(201);
  });
});

describe('the subscription’s keys', () => {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const point = browser.getPublicKey();
  const offCurve = Buffer.from(point);
  offCurve[64] = offCurve[64]! ^ 1;
  const p256dh = point.toString('base64url');
  const auth = Buffer.alloc(16, 7).toString('base64url');

  it.each([
    ['p256dh not base64url', { p256dh: 'not base64url!', auth }],
    [
      'p256dh compressed',
      { p256dh: browser.getPublicKey(null, 'compressed').toString('base64url'), auth },
    ],
    ['p256dh off the curve', { p256dh: offCurve.toString('base64url'), auth }],
    ['auth of 15 bytes', { p256dh, auth: Buffer.alloc(15, 7).toString('base64url') }],
  ])('refuses %s with push_keys_invalid', async (_what, keys) => {
    const { agent } = await h.signedIn('client');
    const answer = await subscribe(agent, { endpoint: service.subscribe().endpoint, keys });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'push_keys_invalid' });
  });
});
