import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import type { AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import type { ConversationView, MessageView } from '../../conversations.schema';

/** Helpers of the conversation tests: people, a request with bids, and talking about it. */

export type Person = Awaited<ReturnType<AccountsHarness['signedIn']>>;

/** An open request of a new client, and a provider who bid on it. */
export async function requestWithBid(h: AccountsHarness, title = 'Obklad kúpeľne') {
  const client = await h.signedIn('client');
  const provider = await h.signedIn('provider');
  const request = await createWorkRequest(h.database.db, { ...client, name: 'Klára' }, { title });
  const bidId = await bidOn(provider, request.id);
  return { client, provider, request, bidId };
}

export async function bidOn(provider: Person, workRequestId: string) {
  const placed = await provider.agent.post('/api/bids', {
    work_request_id: workRequestId,
    amount: 450,
    description: 'Obklad aj dlažbu urobím do týždňa.',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().bid.id as string;
}

/** A request with a bid, and the thread its provider opened with a question (`threadId`). */
export async function askedThread(
  h: AccountsHarness,
  question = 'Dobrý deň, mám otázku.',
  title?: string,
) {
  const world = await requestWithBid(h, title);
  const { conversation } = await started(world.provider.agent, {
    work_request_id: world.request.id,
    text: question,
  });
  return { ...world, threadId: conversation.id };
}

export const hire = async (client: Person, bidId: string) => {
  const accepted = await client.agent.patch(`/api/bids/${bidId}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
};

export interface Sent {
  conversation: ConversationView;
  message: MessageView;
}

/** Opens (or reuses) the thread of a request and writes in it; answers the raw response. */
export const start = (
  agent: Agent,
  body: { work_request_id: string; provider_id?: string; text: string },
  key?: string,
) => agent.post('/api/conversations', body, key ? { headers: { 'idempotency-key': key } } : {});

/** Writes in a thread; answers the raw response. */
export const write = (agent: Agent, threadId: string, text: string, key = randomUUID()) =>
  agent.post(
    `/api/conversations/${threadId}/messages`,
    { text },
    { headers: { 'idempotency-key': key } },
  );

/** Opens a thread and expects it to work; answers what was sent. */
export async function started(
  agent: Agent,
  body: { work_request_id: string; provider_id?: string; text: string },
): Promise<Sent> {
  const answer = await start(agent, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as Sent;
}

export async function thread(agent: Agent, id: string, before?: string) {
  const answer = await agent.get(
    `/api/conversations/${id}/messages${before ? `?before=${before}` : ''}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    conversation: ConversationView;
    messages: MessageView[];
    has_more: boolean;
  };
}

export async function threadsOf(agent: Agent) {
  const answer = await agent.get('/api/conversations');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    conversations: (ConversationView & { unread_count: number })[];
    unread_total: number;
  };
}

/** A message with files, as the browser sends it (multipart); answers the raw response. */
export async function writeWithFiles(
  agent: Agent,
  threadId: string,
  text: string,
  files: File[],
  key = randomUUID(),
) {
  const form = new FormData();
  form.set('text', text);
  for (const item of files) form.append('files', item);
  const encoded = new Request('http://local', { method: 'POST', body: form });
  return agent.request({
    method: 'POST',
    url: `/api/conversations/${threadId}/messages`,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'idempotency-key': key,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
