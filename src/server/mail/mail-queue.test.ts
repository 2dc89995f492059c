import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestForm } from '../../../tests/factories/files';
import {
  accountsHarness,
  HOUR_IN_SECONDS,
  type AccountsHarness,
} from '../../../tests/support/accounts-app';
import type { Agent } from '../../../tests/support/agent';
import { alerts } from '../db/schema';
import { QUEUES, startJobQueue, type JobQueue } from '../jobs/job-queue';
import { mailQueue } from './mail-queue';

const TOKEN = 'scrape-token-0123456789abcdef';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

async function postRequest(client: Agent) {
  const response = await client.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title: 'Oprava odtoku vo vani',
      category: 'plumbing',
      description: 'Voda z vane odteká veľmi pomaly.',
      location: 'Nitra',
    }),
  );
  expect(response.statusCode).toBe(201);
  return response.json().work_request as { id: string };
}

/** The mail jobs for one recipient, in any state. */
async function mailJobsTo(database: AccountsHarness['database'], to: string) {
  const result = await database.db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = ${QUEUES.mail} and data->>'to' = ${to}`,
  );
  return result.rows.map((row) => row.state);
}

describe('mail through the job queue', () => {
  it('answers a bid at once while SMTP is down, and delivers its mail once SMTP is back', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    const provider = await h.signedIn('provider');
    const before = h.mailbox.mails.length;

    await h.mailbox.stop();
    try {
      const response = await provider.agent.post('/api/bids', {
        work_request_id: request.id,
        amount: 120,
        description: 'Vyčistím sifón a odtok ešte dnes.',
      });
      expect(response.statusCode).toBe(201);
      // The mail waits in the queue; the worker's attempts are refused.
      expect(await mailJobsTo(h.database, client.email)).toHaveLength(1);
      expect(h.mailbox.mails.slice(before).some((m) => m.to.includes(client.email))).toBe(false);
    } finally {
      await h.mailbox.restart();
    }

    const mail = await h.mailbox.waitFor(client.email, before, 60_000);
    expect(mail.subject).toContain('Oprava odtoku vo vani');
    // Once the job is recorded as done nothing can send it again: exactly one mail arrived.
    await expect
      .poll(() => mailJobsTo(h.database, client.email), { timeout: 10_000 })
      .toEqual(['completed']);
    expect(h.mailbox.mails.slice(before).filter((m) => m.to.includes(client.email))).toHaveLength(
      1,
    );
  });

  it('queues nothing when the transaction of the change rolls back', async () => {
    const queue: JobQueue = await startJobQueue(
      h.database.pool,
      { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
      () => {},
    );
    try {
      const queueMail = mailQueue(queue, { limit: 1, delaySeconds: 1 }, 'http://localhost:3000');
      const mail = {
        kind: 'passwordChanged' as const,
        subject: 'Heslo zmenené',
        text: 'Vaše heslo bolo zmenené.',
      };
      await expect(
        h.database.db.transaction(async (tx) => {
          await queueMail(tx, { ...mail, to: 'rolled-back@example.test' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await h.database.db.transaction(async (tx) => {
        await queueMail(tx, { ...mail, to: 'committed@example.test' });
      });
      expect(await mailJobsTo(h.database, 'rolled-back@example.test')).toEqual([]);
      expect(await mailJobsTo(h.database, 'committed@example.test')).toHaveLength(1);
      await h.mailbox.waitFor('committed@example.test');
      expect(h.mailbox.mails.some((m) => m.to.includes('rolled-back@example.test'))).toBe(false);
    } finally {
      await queue.stop();
    }
  });
});

describe('a mail that keeps failing', () => {
  let failing: AccountsHarness;
  beforeAll(async () => {
    failing = await accountsHarness({
      metricsToken: TOKEN,
      mailRetry: { limit: 2, delaySeconds: HOUR_IN_SECONDS },
    });
  });
  afterAll(async () => failing.close());

  it('raises one email alert and counts one failure after its last attempt', async () => {
    failing.mailbox.refuseAll(true);
    const { email } = await failing.signedIn('client');
    const response = await failing.agent().post('/api/password-reset/request-reset', { email });
    expect(response.statusCode).toBe(200);
    const emailAlerts = () =>
      failing.database.db.select().from(alerts).where(eq(alerts.type, 'email'));
    // Three attempts (the first and two retries), then one alert.
    await expect
      .poll(
        async () => {
          await failing.mailRetriesDueNow();
          return (await emailAlerts()).length;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    expect((await emailAlerts())[0]!.message).toContain('"reset"');

    const scrape = await failing.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.body).toMatch(/^mail_failures_total\{kind="reset"\} 1$/m);
    expect(scrape.body).toMatch(/^job_queue_jobs\{queue="mail",state="failed"\} 1$/m);
    expect(failing.mailbox.mails).toHaveLength(0);
  });
});
