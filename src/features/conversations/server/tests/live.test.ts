import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import {
  dataOf,
  openEventStream,
  type OpenStream,
  type ReceivedEvent,
} from '../../../../../tests/support/event-stream-client';
import { bidOn, hire, requestWithBid, started, write } from './conversations-world';

/**
 * A thread on screen follows what happens in it: both people's live streams hear of a message, a
 * read and a block, and of the request's change that makes the thread read-only; by the
 * thread's id alone, never its text.
 */
let h: AccountsHarness;
let base: string;
const opened: OpenStream[] = [];

beforeAll(async () => {
  h = await accountsHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await h.close();
});

async function liveOf(agent: Agent) {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const live = await openEventStream(base, { cookie });
  opened.push(live);
  expect(live.status).toBe(200);
  await expect.poll(() => live.controls.length, { timeout: 5_000 }).toBeGreaterThan(0);
  return live;
}

const threadChanged = (id: string) => (event: ReceivedEvent) =>
  event.event === 'changed' && dataOf(event).kind === 'conversation' && dataOf(event).id === id;

describe('live threads', () => {
  it('tell both people of a message, a read and a request hired elsewhere', async () => {
    const world = await requestWithBid(h);
    const loser = await h.signedIn('provider');
    await bidOn(loser, world.request.id);
    const { conversation } = await started(loser.agent, {
      work_request_id: world.request.id,
      text: 'Otázka',
    });
    const clientLive = await liveOf(world.client.agent);
    const loserLive = await liveOf(loser.agent);

    await write(loser.agent, conversation.id, 'Tajná správa 0905 123 456');
    await clientLive.next(threadChanged(conversation.id));
    await loserLive.next(threadChanged(conversation.id));
    expect(clientLive.text()).not.toContain('Tajná správa');

    const before = loserLive.events.length;
    await world.client.agent.post(`/api/conversations/${conversation.id}/read`);
    await expect
      .poll(() => loserLive.events.slice(before).some(threadChanged(conversation.id)), {
        timeout: 5_000,
      })
      .toBe(true);

    const stranger = await h.signedIn('client');
    const strangerLive = await liveOf(stranger.agent);
    const beforeHire = loserLive.events.length;
    await hire(world.client, world.bidId);
    await expect
      .poll(() => loserLive.events.slice(beforeHire).some(threadChanged(conversation.id)), {
        timeout: 5_000,
      })
      .toBe(true);
    // The same signal reached every stream by now: a stranger's heard nothing of it.
    expect(strangerLive.events.filter((event) => event.event === 'changed')).toEqual([]);
  });
});
