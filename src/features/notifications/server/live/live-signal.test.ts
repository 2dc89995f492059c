import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeSignal, encodeSignal } from './live-signal';

describe('the signals between instances', () => {
  it('carry ids only, and come back as they were sent', () => {
    const user = randomUUID();
    const change = { kind: 'work_request' as const, id: randomUUID() };
    const [notification] = encodeSignal({ users: [user], notificationId: 42 });
    expect(JSON.parse(notification!)).toEqual({ u: [user], n: 42 });
    expect(decodeSignal(notification)).toEqual({ users: [user], notificationId: 42 });
    const [changed] = encodeSignal({ users: [user, user], change });
    expect(decodeSignal(changed)).toEqual({ users: [user], change });
  });

  it('split a signal for many people into payloads NOTIFY takes (under 8000 bytes)', () => {
    const users = Array.from({ length: 250 }, () => randomUUID());
    const payloads = encodeSignal({ users, change: { kind: 'work_request', id: randomUUID() } });
    expect(payloads).toHaveLength(3);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((payload) => decodeSignal(payload)!.users)).toEqual(users);
  });

  it('ignore a payload that is not one of theirs', () => {
    for (const payload of [undefined, '', 'hello', '{"u":[],"n":1}', '{"u":["x"],"n":1}']) {
      expect(decodeSignal(payload)).toBeUndefined();
    }
    expect(
      decodeSignal(JSON.stringify({ u: [randomUUID()], k: 'phone', i: randomUUID() })),
    ).toBeUndefined();
  });
});
