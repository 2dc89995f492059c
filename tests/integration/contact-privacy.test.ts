import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, file, requestForm } from '../factories/files';
import { accountsHarness, type AccountsHarness } from '../support/accounts-app';
import type { Agent } from '../support/agent';

/**
 * Issue 5 rule 3, response by response: every response a person can get about a job and its
 * providers is read, and contact details appear only where the rule allows them.
 */
let h: AccountsHarness;
let urls: string[];
const viewers: Record<string, Agent> = {};
/** Everything each provider could read while the request was still open. */
const seenBeforeHire: Record<string, string> = {};
/** Who was mailed about the bids and the hire. */
let mailed: Record<'client' | 'winner' | 'loser', string>;
const secrets = {
  clientEmail: '',
  clientPhone: '+421 905 777 003',
  winnerEmail: 'kontakt-vitaz@remeslo.test',
  winnerPhone: '+421 905 777 001',
  winnerWebsite: 'https://vitaz-remeslo.test',
  loserEmail: 'kontakt-druhy@remeslo.test',
  loserPhone: '+421 905 777 002',
};

/** Whether the text shows the value, however its spaces are laid out (a phone's digits). */
const shows = (text: string, value: string) =>
  text.replace(/\s+/g, '').includes(value.replace(/\s+/g, ''));

async function providerWithContact(email: string, phone: string, website?: string) {
  const provider = await h.signedIn('provider');
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Majster',
    contact_email: email,
    contact_phone: phone,
    ...(website ? { website } : {}),
  })) {
    form.set(name, value);
  }
  await provider.agent.form('PUT', '/api/users/profile', form);
  return provider;
}

async function everythingSeenBy(viewer: string) {
  const bodies = await Promise.all(urls.map(async (url) => (await viewers[viewer]!.get(url)).body));
  return bodies.join('\n');
}

beforeAll(async () => {
  h = await accountsHarness();
  const client = await h.signedIn('client');
  secrets.clientEmail = client.email;
  const posted = await client.agent.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title: 'Súkromná zákazka',
      category: 'plumbing',
      description: 'Test súkromia kontaktov.',
      location: 'Nitra',
    }),
  );
  const requestId = posted.json().work_request.id as string;
  // The phone is changed after posting: the request shows the client's phone of the moment.
  const profile = new FormData();
  profile.set('name', 'Klára Klientová');
  profile.set('phone_number', secrets.clientPhone);
  expect((await client.agent.form('PUT', '/api/users/profile', profile)).statusCode).toBe(200);
  const winner = await providerWithContact(
    secrets.winnerEmail,
    secrets.winnerPhone,
    secrets.winnerWebsite,
  );
  const loser = await providerWithContact(secrets.loserEmail, secrets.loserPhone);
  const won = (
    await winner.agent.post('/api/bids', {
      work_request_id: requestId,
      amount: 100,
      description: 'Ponuka víťaza zákazky.',
    })
  ).json().bid;
  const lost = (
    await loser.agent.post('/api/bids', {
      work_request_id: requestId,
      amount: 90,
      description: 'Ponuka druhého majstra.',
    })
  ).json().bid;
  // The client has seen the bids; then the winner revises theirs into priced lines: its history
  // and the client's notification of it are read by everyone below.
  await client.agent.get(`/api/bids/work-request/${requestId}`);
  const revised = await winner.agent.put(`/api/bids/${won.id}`, {
    description: 'Ponuka víťaza zákazky, rozpísaná.',
    lines: [
      { label: 'Práca', kind: 'labour', quantity: 2, unit: 'h', unit_price_cents: 3_000 },
      { label: 'Materiál', kind: 'material', quantity: 1, unit: 'ks', unit_price_cents: 4_000 },
    ],
  });
  expect(revised.statusCode).toBe(200);
  const admin = (await h.signedIn('administrator')).agent;

  Object.assign(viewers, {
    visitor: h.agent(),
    stranger: (await h.signedIn('client')).agent,
    bystander: (await h.signedIn('provider')).agent,
    loser: loser.agent,
    winner: winner.agent,
    client: client.agent,
    admin,
  });
  urls = [
    '/api/work-requests',
    `/api/work-requests/${requestId}`,
    `/api/bids/work-request/${requestId}`,
    `/api/bids/provider/${winner.id}`,
    `/api/bids/provider/${loser.id}`,
    `/api/providers/${winner.id}`,
    `/api/providers/${loser.id}`,
    `/api/providers/${winner.id}/reviews`,
    `/api/work-requests/${requestId}/client-rating`,
    `/api/bids/${won.id}/revisions`,
    `/api/bids/${lost.id}/revisions`,
    '/api/notifications',
  ];
  for (const provider of ['bystander', 'loser', 'winner']) {
    seenBeforeHire[provider] = await everythingSeenBy(provider);
  }
  await client.agent.patch(`/api/bids/${won.id}/accept`);
  // After the hire the winner proposes a new price, and the client declines it: both told.
  const proposed = await winner.agent.post(`/api/bids/${won.id}/price-proposal`, {
    amount: 120,
    note: 'Viac materiálu, než sme čakali.',
  });
  expect(proposed.statusCode).toBe(200);
  await client.agent.patch(`/api/bids/${won.id}/price-proposal`, { answer: 'decline' });
  mailed = { client: client.email, winner: winner.email, loser: loser.email };
});
afterAll(async () => h.close());

const allowed: Record<string, (keyof typeof secrets)[]> = {
  visitor: [],
  stranger: [],
  bystander: [],
  loser: ['loserEmail', 'loserPhone'],
  winner: ['clientEmail', 'clientPhone', 'winnerEmail', 'winnerPhone', 'winnerWebsite'],
  client: ['clientEmail', 'clientPhone', 'winnerEmail', 'winnerPhone', 'winnerWebsite'],
  admin: [
    'clientEmail',
    'clientPhone',
    'winnerEmail',
    'winnerPhone',
    'winnerWebsite',
    'loserEmail',
    'loserPhone',
  ],
};

describe('contact details across every response', () => {
  it.each(Object.keys(allowed))(
    '%s sees exactly the contact details the rule allows',
    async (viewer) => {
      const seen = await everythingSeenBy(viewer);
      for (const [name, value] of Object.entries(secrets) as [keyof typeof secrets, string][]) {
        expect(shows(seen, value), `${viewer} / ${name}`).toBe(allowed[viewer]!.includes(name));
      }
    },
  );

  it.each(['bystander', 'loser', 'winner'])(
    "before the hire, %s never sees the client's email or phone",
    (provider) => {
      const seen = seenBeforeHire[provider]!;
      expect(seen).toContain('Súkromná zákazka');
      expect(shows(seen, secrets.clientPhone), `${provider} / clientPhone`).toBe(false);
      expect(shows(seen, secrets.clientEmail), `${provider} / clientEmail`).toBe(false);
    },
  );

  it("no mail about the bids or the hire carries the client's phone or a provider's contact", async () => {
    // The new bids to the client, the acceptance to the winner, the thank-you to the loser.
    for (const to of Object.values(mailed)) await h.mailbox.waitFor(to);
    const mails = h.mailbox.mails.map((mail) => `${mail.subject}\n${mail.text}`).join('\n');
    for (const name of ['clientPhone', 'winnerPhone', 'loserPhone', 'winnerWebsite'] as const) {
      expect(shows(mails, secrets[name]), name).toBe(false);
    }
  });
});

/**
 * Beyond the spec (docs/requests.md "Who may open a request"): once a request is no longer open,
 * only its client, the providers who bid on it (a rejected bid too) and administrators may open
 * it, its bids and its attachments; anybody else is answered as if it did not exist.
 */
describe('who may open a request that is no longer open', () => {
  const people: Record<string, Agent> = {};
  const requests: Record<string, { id: string; attachment: string }> = {};
  let nobody: { id: string; attachment: string };

  beforeAll(async () => {
    const client = await h.signedIn('client');
    const bidder = await h.signedIn('provider');
    const loser = await h.signedIn('provider');
    const withdrawn = await h.signedIn('provider');
    const bid = async (provider: Agent, requestId: string) =>
      (
        await provider.post('/api/bids', {
          work_request_id: requestId,
          amount: 120,
          description: 'Ponuka na túto zákazku.',
        })
      ).json().bid.id as string;
    const post = async (title: string) => {
      const created = (
        await client.agent.form(
          'POST',
          '/api/work-requests',
          requestForm(
            { title, category: 'plumbing', description: 'Zákazka s fotkou.', location: 'Nitra' },
            [file(PNG, 'fotka.png', 'image/png')],
          ),
        )
      ).json().work_request;
      const won = await bid(bidder.agent, created.id);
      await bid(loser.agent, created.id);
      // A withdrawn bid is deleted: its provider keeps no access.
      await withdrawn.agent.delete(`/api/bids/${await bid(withdrawn.agent, created.id)}`);
      return { id: created.id as string, attachment: created.attachments[0].id as string, won };
    };

    const open = await post('Otvorená zákazka');
    const assigned = await post('Pridelená zákazka');
    await client.agent.patch(`/api/bids/${assigned.won}/accept`);
    const completed = await post('Dokončená zákazka');
    await client.agent.patch(`/api/bids/${completed.won}/accept`);
    await client.agent.patch(`/api/work-requests/${completed.id}/complete`);
    const cancelled = await post('Zrušená zákazka');
    await client.agent.patch(`/api/work-requests/${cancelled.id}/cancel`);
    Object.assign(requests, {
      OPEN: open,
      ASSIGNED: assigned,
      COMPLETED: completed,
      CANCELLED: cancelled,
    });
    nobody = {
      id: '00000000-0000-4000-8000-000000000000',
      attachment: '00000000-0000-4000-8000-000000000001',
    };

    Object.assign(people, {
      client: client.agent,
      bidder: bidder.agent,
      loser: loser.agent,
      admin: (await h.signedIn('administrator')).agent,
      'stranger provider': (await h.signedIn('provider')).agent,
      'stranger client': (await h.signedIn('client')).agent,
      'provider who withdrew': withdrawn.agent,
    });
  });

  const opened = async (viewer: string, request: { id: string; attachment: string }) => {
    const agent = people[viewer]!;
    const [details, download, bidList] = await Promise.all([
      agent.get(`/api/work-requests/${request.id}`),
      agent.get(`/api/work-requests/${request.id}/attachments/${request.attachment}/download`),
      agent.get(`/api/bids/work-request/${request.id}`),
    ]);
    return { details, download, bidList };
  };

  it.each(['ASSIGNED', 'COMPLETED', 'CANCELLED'])(
    'a %s request: its client, its bidders (the loser too) and administrators open it and its photo',
    async (status) => {
      for (const viewer of ['client', 'bidder', 'loser', 'admin']) {
        const { details, download, bidList } = await opened(viewer, requests[status]!);
        expect(details.statusCode, `${viewer}: details`).toBe(200);
        expect(details.json().work_request.status).toBe(status);
        expect(download.statusCode, `${viewer}: photo`).toBe(200);
        expect(download.rawPayload.equals(PNG)).toBe(true);
        expect(bidList.statusCode, `${viewer}: bids`).toBe(200);
      }
    },
  );

  it.each(['ASSIGNED', 'COMPLETED', 'CANCELLED'])(
    'a %s request: anybody else is answered exactly as for a request that does not exist',
    async (status) => {
      for (const viewer of ['stranger provider', 'stranger client', 'provider who withdrew']) {
        const seen = await opened(viewer, requests[status]!);
        const missing = await opened(viewer, nobody);
        for (const part of ['details', 'download', 'bidList'] as const) {
          expect(seen[part].statusCode, `${viewer}: ${part}`).toBe(404);
          const { request_id: _seen, ...answer } = seen[part].json();
          const { request_id: _missing, ...absent } = missing[part].json();
          expect(answer, `${viewer}: ${part}`).toEqual(absent);
        }
        expect(seen.details.json().error).toBe('request_not_found');
        expect(seen.download.json().error).toBe('attachment_not_found');
        expect(seen.details.body).not.toContain('fotka.png');
      }
    },
  );

  it('an open request stays open to everybody signed in, and to nobody signed out', async () => {
    for (const viewer of Object.keys(people)) {
      const { details, download } = await opened(viewer, requests.OPEN!);
      expect(details.statusCode, viewer).toBe(200);
      expect(download.statusCode, viewer).toBe(200);
    }
    const visitor = await h.agent().get(`/api/work-requests/${requests.OPEN!.id}`);
    expect(visitor.statusCode).toBe(401);
  });

  it('browsing lists open requests only', async () => {
    const listed = (await h.agent().get('/api/work-requests?limit=100')).json().work_requests as {
      id: string;
    }[];
    const ids = listed.map((card) => card.id);
    expect(ids).toContain(requests.OPEN!.id);
    for (const status of ['ASSIGNED', 'COMPLETED', 'CANCELLED'])
      expect(ids).not.toContain(requests[status]!.id);
  });
});
