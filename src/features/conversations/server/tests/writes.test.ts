import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG, EXE, file } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { conversations, messages } from '../../../../server/db/schema';
import {
  askedThread,
  hire,
  requestWithBid,
  start,
  started,
  thread,
  write,
  writeWithFiles,
} from './conversations-world';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const hiredThread = () => askedThread(h, 'Otázka pred prijatím');

describe('files', () => {
  it('are refused before the hire and exchanged after it, to the two people only', async () => {
    const world = await hiredThread();
    const before = await writeWithFiles(world.client.agent, world.threadId, 'Fotka', [
      file(PNG, 'kupelna.png', 'image/png'),
    ]);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toBe('attachments_after_hire');

    await hire(world.client, world.bidId);
    const sent = await writeWithFiles(world.client.agent, world.threadId, 'Fotka kúpeľne', [
      file(PNG, 'kupelna.png', 'image/png'),
      file(PDF, 'rozmery.pdf', 'application/pdf'),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const attachments = sent.json().message.attachments as { url: string; filename: string }[];
    expect(attachments.map((a) => a.filename)).toEqual(['kupelna.png', 'rozmery.pdf']);

    const download = await world.provider.agent.get(attachments[0]!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const outsider = await h.signedIn('provider');
    const admin = await h.signedIn('administrator');
    for (const agent of [outsider.agent, admin.agent]) {
      expect((await agent.get(attachments[0]!.url)).statusCode).toBe(404);
    }
  });

  it('are checked by their bytes, five at most', async () => {
    const world = await hiredThread();
    await hire(world.client, world.bidId);
    const storedBefore = (await h.storedFiles()).length;
    const disguised = await writeWithFiles(world.client.agent, world.threadId, 'Súbor', [
      file(EXE, 'fotka.png', 'image/png'),
    ]);
    expect(disguised.statusCode).toBe(415);
    const six = await writeWithFiles(
      world.client.agent,
      world.threadId,
      'Veľa fotiek',
      Array.from({ length: 6 }, (_, i) => file(PNG, `f${i}.png`, 'image/png')),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().error).toBe('too_many_files');
    expect((await thread(world.client.agent, world.threadId)).messages).toHaveLength(1);
    // A refused message leaves no file behind.
    expect(await h.storedFiles()).toHaveLength(storedBefore);
  });
});

describe('bad input', () => {
  it('answers a code for empty, oversized, NUL and malformed messages, and stores none', async () => {
    const world = await hiredThread();
    const cases: [unknown, number, string][] = [
      [{ text: '' }, 400, 'validation_failed'],
      [{ text: '   ' }, 400, 'validation_failed'],
      [{ text: 'x'.repeat(2001) }, 400, 'validation_failed'],
      [{ text: 'zlé\u0000slovo' }, 400, 'validation_failed'],
      [{ text: 42 }, 400, 'validation_failed'],
      [{}, 400, 'validation_failed'],
      [{ text: 'x'.repeat(1024 * 1024) }, 413, 'payload_too_large'],
    ];
    for (const [payload, status, code] of cases) {
      const answer = await world.client.agent.post(
        `/api/conversations/${world.threadId}/messages`,
        payload as object,
      );
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(status);
      expect(answer.json().error).toBe(code);
      expect(answer.body).not.toMatch(/postgres|select|insert|stack/i);
    }
    const badKey = await world.client.agent.post(
      `/api/conversations/${world.threadId}/messages`,
      { text: 'Ahoj' },
      { headers: { 'idempotency-key': 'x' } },
    );
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error).toBe('idempotency_key_invalid');
    const malformed = await world.client.agent.request({
      method: 'POST',
      url: `/api/conversations/${world.threadId}/messages`,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\nAhoj',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect((await thread(world.client.agent, world.threadId)).messages).toHaveLength(1);
  });
});

describe('the same message sent twice', () => {
  it('at once, with one Idempotency-Key, is stored once', async () => {
    const world = await hiredThread();
    const key = randomUUID();
    const answers = await Promise.all([
      write(world.client.agent, world.threadId, 'Prídem v pondelok', key),
      write(world.client.agent, world.threadId, 'Prídem v pondelok', key),
      write(world.client.agent, world.threadId, 'Prídem v pondelok', key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().message.id)).size).toBe(1);
    const texts = (await thread(world.client.agent, world.threadId)).messages.map((m) => m.text);
    expect(texts.filter((t) => t === 'Prídem v pondelok')).toHaveLength(1);
  });

  it('opening a thread twice at once makes one thread', async () => {
    const { provider, request } = await requestWithBid(h);
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        start(provider.agent, { work_request_id: request.id, text: `Otázka ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const rows = await h.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.workRequestId, request.id));
    expect(rows).toHaveLength(1);
  });
});

describe('limits', () => {
  it('30 messages in 10 minutes per person, then 429 until the window moves on', async () => {
    const world = await hiredThread();
    for (let i = 0; i < 29; i += 1) {
      expect((await write(world.provider.agent, world.threadId, `Správa ${i}`)).statusCode).toBe(
        201,
      );
    }
    const over = await write(world.provider.agent, world.threadId, 'Jedna navyše');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('rate_limited');
    expect(over.headers['retry-after']).toBeDefined();
    // The other person is not held back by it.
    expect((await write(world.client.agent, world.threadId, 'Ja môžem')).statusCode).toBe(201);
    // Eleven minutes later (the messages' times moved back), the provider writes again.
    await h.database.db
      .update(messages)
      .set({ createdAt: sql`${messages.createdAt} - interval '11 minutes'` })
      .where(eq(messages.senderId, world.provider.id));
    expect((await write(world.provider.agent, world.threadId, 'Už môžem')).statusCode).toBe(201);
  });

  it('5 new threads an hour per provider; writing in an existing one is not a new thread', async () => {
    const provider = await h.signedIn('provider');
    const client = await h.signedIn('client');
    const { createWorkRequest } = await import('../../../../../tests/factories');
    const requests = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createWorkRequest(h.database.db, { ...client, name: 'K' }, { title: `Zákazka ${i}` }),
      ),
    );
    for (const request of requests.slice(0, 5)) {
      await started(provider.agent, { work_request_id: request.id, text: 'Otázka' });
    }
    const sixth = await start(provider.agent, { work_request_id: requests[5]!.id, text: 'Otázka' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('rate_limited');
    const again = await start(provider.agent, { work_request_id: requests[0]!.id, text: 'Ešte' });
    expect(again.statusCode).toBe(201);
  });
});
