import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { buildApp, type App } from '../../../../server/app';

let h: AccountsHarness;
let second: App;
const urls: string[] = [];
beforeAll(async () => {
  h = await accountsHarness({ live: { sessionCheckMs: 200, maxPerPerson: 2 } });
  // A second instance on the same database, as two processes behind a load balancer.
  second = await buildApp({ db: h.database.db, live: { sessionCheckMs: 200 } });
  for (const app of [h.app, second]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
});
afterAll(async () => {
  // The test's own HTTP client keeps its connections alive; a browser's would go with it.
  for (const app of [h.app, second]) app.server.closeAllConnections();
  await second.close();
  await h.close();
});

interface LiveEvent {
  id?: string;
  event: string;
  data: string;
}

/** A live stream as a browser's EventSource reads it: events parsed as they arrive. */
async function openStream(base: string, agent: Agent, lastEventId?: number) {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Partial<LiveEvent>;
          if (fields.event) events.push(fields as LiveEvent);
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    response,
    events,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Waits for what is asserted, up to a bound: the stream's promise is "within a second". */
async function until<T>(read: () => T | undefined, ms = 1_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function postRequest(client: Agent, title: string) {
  const response = await client.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title,
      category: 'plumbing',
      description: 'Kvapká batéria.',
      location: 'Trnava',
    }),
  );
  return response.json().work_request as { id: string };
}

const bid = (agent: Agent, workRequestId: string) =>
  agent.post('/api/bids', {
    work_request_id: workRequestId,
    amount: 80,
    description: 'Zajtra ráno.',
  });

describe('GET /api/live', () => {
  it('refuses a visitor', async () => {
    const response = await fetch(`${urls[0]}/api/live`);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('not_authenticated');
  });

  it('brings a new bid to the client within a second, on this instance and on another', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent, 'Živá požiadavka');
    const here = await openStream(urls[0]!, client.agent);
    const there = await openStream(urls[1]!, client.agent);
    expect(here.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(here.response.headers.get('cache-control')).toBe('no-store');
    const provider = await h.signedIn('provider', { name: 'Rýchly Rudo' });
    expect((await bid(provider.agent, request.id)).statusCode).toBe(201);

    for (const stream of [here, there]) {
      const note = await until(() => stream.events.find((event) => event.event === 'notification'));
      const data = JSON.parse(note.data);
      expect(data).toMatchObject({ type: 'bid_received', link: `/request/${request.id}` });
      expect(note.id).toBe(String(data.id));
      expect(note.data).not.toContain(provider.email);
      const changed = await until(() => stream.events.find((event) => event.event === 'changed'));
      expect(JSON.parse(changed.data)).toEqual({ kind: 'work_request', id: request.id });
    }
    await here.close();
    await there.close();
  });

  it('resumes after Last-Event-ID with what was missed, once', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent, 'Zmeškaná ponuka');
    await bid((await h.signedIn('provider')).agent, request.id);
    const [first] = (await client.agent.get('/api/notifications')).json().notifications;
    await bid((await h.signedIn('provider')).agent, request.id);
    const stream = await openStream(urls[1]!, client.agent, first.id);
    const missed = await until(() => stream.events.find((event) => event.event === 'notification'));
    expect(Number(missed.id)).toBeGreaterThan(first.id);
    expect(stream.events.filter((event) => event.event === 'notification')).toHaveLength(1);
    await stream.close();
  });

  it('ends the stream soon after the person signs out elsewhere, and keeps at most two a person here', async () => {
    const { agent } = await h.signedIn('provider');
    const streams = [
      await openStream(urls[0]!, agent),
      await openStream(urls[0]!, agent),
      await openStream(urls[0]!, agent),
    ];
    // The oldest gave way to the third.
    await until(() => (streams[0]!.ended() ? true : undefined));
    expect(streams[1]!.ended()).toBe(false);
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
    await until(() => (streams[1]!.ended() && streams[2]!.ended() ? true : undefined), 5_000);
  });
});
