import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../tests/support/accounts-app';
import { requestForm } from '../../../tests/factories/files';
import { bids, workRequests } from '../db/schema';
import { QUEUES } from '../jobs/job-queue';
import { createEventBus } from './bus';
import { EVENTS, type DomainEvent, type EventName } from './catalogue';

const SRC = path.resolve(import.meta.dirname, '../..');

/** Every source file of the product (tests left out). */
function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'tests' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The event names the code publishes, each with the file that does. */
function publishedEvents() {
  return sources().flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/events\.publish\(\s*\w+,\s*'([^']+)'/g)].map(
      (match) => ({ name: match[1]!, file: path.relative(SRC, file) }),
    ),
  );
}

describe('the catalogue of domain events', () => {
  it('declares every event a service publishes, and each declared event is published', () => {
    const published = publishedEvents();
    const undeclared = published.filter(({ name }) => !(name in EVENTS));
    expect(undeclared).toEqual([]);
    const names = new Set(published.map(({ name }) => name));
    expect(Object.keys(EVENTS).filter((name) => !names.has(name))).toEqual([]);
    // Only features publish; the mailer is reached from the mail handlers alone.
    const notifying = sources().filter((file) =>
      /\bawait notify\(/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(notifying.map((file) => path.relative(SRC, file)).sort()).toEqual([
      'features/notifications/server/account-mail.handlers.ts',
      'features/notifications/server/completion-mail.handlers.ts',
      'features/notifications/server/invitation.handlers.ts',
      'features/notifications/server/mail.handlers.ts',
      'features/notifications/server/request-ending-mail.handlers.ts',
      'features/notifications/server/request-mail.handlers.ts',
      'features/notifications/server/verification-mail.handlers.ts',
    ]);
  });

  it('refuses an undeclared event and a payload that does not match its declaration', async () => {
    const events = createEventBus();
    const publish = events.publish as (tx: never, name: string, payload: unknown) => Promise<void>;
    await expect(publish(undefined as never, 'bid.teleported', {})).rejects.toThrow(
      /No event "bid.teleported"/,
    );
    await expect(
      publish(undefined as never, 'bid.withdrawn', { bidId: 'not-an-id' }),
    ).rejects.toThrow(/does not match/);
    expect(() => events.on('bid.teleported' as EventName, async () => {})).toThrow();
  });

  it('hands each handler the event with its version and time, in the order they were registered', async () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const events = createEventBus(() => at);
    const seen: string[] = [];
    let received: DomainEvent | undefined;
    events.on('bid.withdrawn', async (_tx, event) => {
      seen.push('first');
      received = event;
    });
    events.on('bid.withdrawn', async () => {
      seen.push('second');
    });
    const payload = {
      bidId: '00000000-0000-4000-8000-000000000001',
      workRequestId: '00000000-0000-4000-8000-000000000002',
      providerId: '00000000-0000-4000-8000-000000000003',
    };
    await events.publish(undefined as never, 'bid.withdrawn', payload);
    expect(seen).toEqual(['first', 'second']);
    expect(received).toEqual({ name: 'bid.withdrawn', version: 1, payload, occurredAt: at });
  });
});

describe('a handler that fails', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await accountsHarness({
      eventHandlers: (events) =>
        events.on('bid.placed', async (_tx, { payload }) => {
          if (payload.amountCents === 66_600) throw new Error('the handler broke');
        }),
    });
  });
  afterAll(async () => h.close());

  it('rolls back the change that published the event, and its mail', async () => {
    const client = await h.signedIn('client');
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      requestForm({
        title: 'Oprava plota',
        category: 'other',
        description: 'Treba opraviť drevený plot pri ceste.',
        location: 'Nitra',
      }),
    );
    expect(posted.statusCode).toBe(201);
    const workRequestId = posted.json().work_request.id as string;
    const provider = await h.signedIn('provider');

    const failed = await provider.agent.post('/api/bids', {
      work_request_id: workRequestId,
      amount: 666,
      description: 'Opravím plot do týždňa.',
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toBe('internal_error');
    expect(
      await h.database.db.select().from(bids).where(eq(bids.workRequestId, workRequestId)),
    ).toEqual([]);
    const mails = await h.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job
          where name = ${QUEUES.mail} and data->>'kind' = 'newBid' and data->>'to' = ${client.email}`,
    );
    expect(mails.rows[0]!.count).toBe(0);

    // The same bid with a handler that succeeds is stored, and its mail queued with it.
    const placed = await provider.agent.post('/api/bids', {
      work_request_id: workRequestId,
      amount: 650,
      description: 'Opravím plot do týždňa.',
    });
    expect(placed.statusCode).toBe(201);
    const [request] = await h.database.db
      .select({ status: workRequests.status })
      .from(workRequests)
      .where(eq(workRequests.id, workRequestId));
    expect(request!.status).toBe('OPEN');
    const queued = await h.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job
          where name = ${QUEUES.mail} and data->>'kind' = 'newBid' and data->>'to' = ${client.email}`,
    );
    expect(queued.rows[0]!.count).toBe(1);
  });
});
