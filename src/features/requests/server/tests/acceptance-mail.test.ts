import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { QUEUES } from '../../../../server/jobs/job-queue';
import { renderMail } from '../../../../server/mail/templates';
import { bids } from '../../../../server/db/schema';
import type { Language } from '../../../../shared/languages';

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_PHONE = '+421 905 444 321';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness({ publicUrl: PUBLIC_URL });
});
afterAll(async () => h.close());

/** A client with a phone of their own, and a request of theirs. */
async function clientWithRequest(title: string) {
  const client = await h.signedIn('client', { name: 'Klára Tajná' });
  const profile = new FormData();
  profile.set('name', 'Klára Tajná');
  profile.set('phone_number', CLIENT_PHONE);
  expect((await client.agent.form('PUT', '/api/users/profile', profile)).statusCode).toBe(200);
  const response = await client.agent.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title,
      category: 'painting',
      description: 'Treba vymaľovať obývačku a chodbu.',
      location: 'Žilina',
    }),
  );
  expect(response.statusCode).toBe(201);
  return { client, request: response.json().work_request as { id: string } };
}

/** A provider reading in `language` who bids on the request. */
async function bidder(requestId: string, language: Language) {
  const provider = await h.signedIn('provider');
  await provider.agent.put('/api/users/language', { preferred_language: language });
  const bid = await provider.agent.post('/api/bids', {
    work_request_id: requestId,
    amount: 400,
    description: 'Vymaľujem to za dva dni.',
  });
  expect(bid.statusCode).toBe(201);
  return { ...provider, language, bidId: bid.json().bid.id as string };
}

/** The recipients of queued mails of this kind, in any state (queued, sent, failed). */
async function queuedTo(kind: string, recipients: string[]) {
  const result = await h.database.db.execute<{ to: string }>(
    sql`select data->>'to' as to from pgboss.job
        where name = ${QUEUES.mail} and data->>'kind' = ${kind}`,
  );
  return result.rows.map((row) => row.to).filter((to) => recipients.includes(to));
}

describe('the providers whose bids an acceptance rejects', () => {
  it('each get one mail in their own language, without the client’s contact; the winner does not', async () => {
    const title = 'Maľovanie obývačky';
    const { client, request } = await clientWithRequest(title);
    const winner = await bidder(request.id, 'sk');
    const losers = [
      await bidder(request.id, 'en'),
      await bidder(request.id, 'uk'),
      await bidder(request.id, 'ru'),
      await bidder(request.id, 'cs'),
      await bidder(request.id, 'sk'),
    ];
    const since = h.mailbox.mails.length;

    expect((await client.agent.patch(`/api/bids/${winner.bidId}/accept`)).statusCode).toBe(200);

    const everyone = [winner, ...losers].map((provider) => provider.email);
    // Queued with the acceptance: one for each losing provider, none for the winner.
    expect((await queuedTo('bidNotChosen', everyone)).sort()).toEqual(
      losers.map((loser) => loser.email).sort(),
    );
    for (const loser of losers) {
      const mail = await h.mailbox.waitFor(loser.email, since);
      const expected = renderMail('bidNotChosen', loser.language, {
        name: 'Peter Majster',
        title,
        link: `${PUBLIC_URL}/browse`,
      });
      expect(mail.subject, loser.language).toBe(expected.subject);
      expect(mail.text.trim(), loser.language).toBe(expected.text.trim());
      expect(mail.links).toContain(`${PUBLIC_URL}/browse`);
      for (const secret of [client.email, CLIENT_PHONE, 'Klára Tajná']) {
        expect(mail.text, loser.language).not.toContain(secret);
        expect(mail.subject, loser.language).not.toContain(secret);
      }
      expect(mail.text.replace(/\s+/g, '')).not.toContain(CLIENT_PHONE.replace(/\s+/g, ''));
    }
    const toWinner = await h.mailbox.waitFor(winner.email, since);
    expect(toWinner.subject).toBe(
      renderMail('bidAccepted', 'sk', { title, amount: '', name: '', link: '' }).subject,
    );
    const received = (email: string) =>
      h.mailbox.mails.slice(since).filter((mail) => mail.to.includes(email.toLowerCase()));
    for (const loser of losers) expect(received(loser.email), loser.language).toHaveLength(1);
    expect(received(winner.email)).toHaveLength(1);
  });

  it('are not mailed when they switched bid mail off', async () => {
    const { client, request } = await clientWithRequest('Maľovanie chodby');
    const winner = await bidder(request.id, 'sk');
    const quiet = await bidder(request.id, 'en');
    await quiet.agent.put('/api/users/notifications', { bid_emails: false });
    expect((await client.agent.patch(`/api/bids/${winner.bidId}/accept`)).statusCode).toBe(200);
    expect(await queuedTo('bidNotChosen', [quiet.email])).toEqual([]);
  });

  it('are told nothing when the acceptance is rolled back', async () => {
    const { client, request } = await clientWithRequest('Maľovanie kuchyne');
    const winner = await bidder(request.id, 'sk');
    const losers = [await bidder(request.id, 'en'), await bidder(request.id, 'cs')];
    // The acceptance fails as it commits, after every write and mail of it has been made.
    await h.database.db.execute(
      sql.raw(`
        create function refuse_assignment() returns trigger language plpgsql as $$
        begin raise exception 'assignment refused'; end $$;
        create constraint trigger refuse_assignment after update on work_requests
          deferrable initially deferred for each row
          when (new.id = '${request.id}' and new.status = 'ASSIGNED')
          execute function refuse_assignment();
      `),
    );
    let answer: Awaited<ReturnType<Agent['patch']>> | undefined;
    try {
      answer = await client.agent.patch(`/api/bids/${winner.bidId}/accept`);
    } finally {
      await h.database.db.execute(
        sql.raw(`drop trigger refuse_assignment on work_requests;
                 drop function refuse_assignment();`),
      );
    }
    expect(answer!.statusCode).toBe(500);
    expect(answer!.body).not.toContain('assignment refused');
    const rows = await h.database.db.select().from(bids).where(eq(bids.workRequestId, request.id));
    expect(rows.map((row) => row.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    const everyone = [winner, ...losers].map((provider) => provider.email);
    expect(await queuedTo('bidNotChosen', everyone)).toEqual([]);
    expect(await queuedTo('bidAccepted', everyone)).toEqual([]);

    // Accepted again for good, the same people are told once.
    expect((await client.agent.patch(`/api/bids/${winner.bidId}/accept`)).statusCode).toBe(200);
    expect((await queuedTo('bidNotChosen', everyone)).sort()).toEqual(
      losers.map((loser) => loser.email).sort(),
    );
  });
});

describe('the mail to a provider whose bid was not chosen', () => {
  it('is written in all five languages with the request, a thank-you and the way to other jobs', () => {
    const values = { name: 'Peter', title: 'Oprava strechy', link: `${PUBLIC_URL}/browse` };
    const mails = (['sk', 'en', 'uk', 'ru', 'cs'] as const).map((language) =>
      renderMail('bidNotChosen', language, values),
    );
    for (const mail of mails) {
      expect(mail.subject).toContain('Oprava strechy');
      expect(mail.text).toContain('Peter');
      expect(mail.text).toContain(`${PUBLIC_URL}/browse`);
    }
    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(5);
    expect(new Set(mails.map((mail) => mail.text)).size).toBe(5);
  });
});
