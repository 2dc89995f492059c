import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { auditEntries, sessions } from '../../../../server/db/schema';

const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

/** A person signed in on three devices: a laptop (Firefox), a phone (Safari) and a third browser. */
async function personOnThreeDevices() {
  const { email, password, id } = await h.signedIn('client');
  const laptop = h.agent();
  const phone = h.agent();
  const other = h.agent();
  for (const [agent, userAgent] of [
    [laptop, FIREFOX],
    [phone, IPHONE],
    [other, 'curl/8.5.0'],
  ] as const) {
    const login = await agent.post(
      '/api/auth/login',
      { email, password },
      { headers: { 'user-agent': userAgent } },
    );
    expect(login.statusCode).toBe(200);
  }
  return { id, laptop, phone, other };
}

const signedIn = async (agent: ReturnType<AccountsHarness['agent']>) =>
  (await agent.get('/api/auth/session')).statusCode === 200;

describe('signed-in devices', () => {
  it('lists the live sessions with browser, system and times, marks this one, and shows no secret', async () => {
    const { id, laptop } = await personOnThreeDevices();
    const answer = await laptop.get('/api/users/sessions');
    expect(answer.statusCode).toBe(200);
    const { sessions: list } = answer.json() as {
      sessions: { id: string; browser: string | null; os: string | null; current: boolean }[];
    };
    // The factory's session (no browser name) and the three sign-ins.
    expect(list).toHaveLength(4);
    expect(list.filter((s) => s.current)).toEqual([
      expect.objectContaining({ browser: 'Firefox', os: 'Linux' }),
    ]);
    expect(list).toContainEqual(
      expect.objectContaining({ browser: 'Safari', os: 'iOS', current: false }),
    );
    expect(list).toContainEqual(
      expect.objectContaining({ browser: null, os: null, current: false }),
    );
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual([
        'browser',
        'current',
        'id',
        'last_seen_at',
        'os',
        'signed_in_at',
      ]);
    }
    const rows = await h.database.db.select().from(sessions).where(eq(sessions.userId, id));
    const body = answer.body;
    for (const row of rows) expect(body).not.toContain(row.id);
    expect(body).not.toContain(laptop.cookies.get('sid')!);
  });

  it('ends one chosen session of its own; that device is signed out, the others stay', async () => {
    const { laptop, phone, other } = await personOnThreeDevices();
    const list = (await laptop.get('/api/users/sessions')).json().sessions as {
      id: string;
      os: string | null;
    }[];
    const phoneSession = list.find((s) => s.os === 'iOS')!;
    const ended = await laptop.delete(`/api/users/sessions/${phoneSession.id}`);
    expect(ended.statusCode).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(other)).toBe(true);
    const again = await laptop.delete(`/api/users/sessions/${phoneSession.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('not_found');
    const [audit] = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'auth.session.end'));
    expect(audit).toBeDefined();
  });

  it("cannot end another person's session, nor see it", async () => {
    const victim = await personOnThreeDevices();
    const stranger = (await h.signedIn('provider')).agent;
    const victimList = (await victim.laptop.get('/api/users/sessions')).json().sessions as {
      id: string;
    }[];
    const strangerList = (await stranger.get('/api/users/sessions')).json().sessions as {
      id: string;
    }[];
    expect(strangerList).toHaveLength(1);
    for (const session of victimList) {
      const refused = await stranger.delete(`/api/users/sessions/${session.id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('not_found');
    }
    expect(await signedIn(victim.phone)).toBe(true);
    expect(await signedIn(victim.laptop)).toBe(true);
    const malformed = await stranger.delete('/api/users/sessions/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_failed');
  });

  it('signs out every other device and keeps this one', async () => {
    const { laptop, phone, other } = await personOnThreeDevices();
    const answer = await laptop.post('/api/users/sessions/sign-out-others');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ended: 3 });
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    const left = (await laptop.get('/api/users/sessions')).json().sessions;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('ending its own session from the list signs this browser out', async () => {
    const { laptop } = await personOnThreeDevices();
    const mine = (
      (await laptop.get('/api/users/sessions')).json().sessions as {
        id: string;
        current: boolean;
      }[]
    ).find((s) => s.current)!;
    expect((await laptop.delete(`/api/users/sessions/${mine.id}`)).statusCode).toBe(200);
    expect(laptop.cookies.has('sid')).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
  });

  it('needs a signed-in person', async () => {
    expect((await h.agent().get('/api/users/sessions')).statusCode).toBe(401);
    expect((await h.agent().post('/api/users/sessions/sign-out-others')).statusCode).toBe(401);
  });
});
