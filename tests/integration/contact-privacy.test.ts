import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestForm } from '../factories/files';
import { accountsHarness, type AccountsHarness } from '../support/accounts-app';
import type { Agent } from '../support/agent';

/**
 * Issue 5 rule 3, response by response: every response a person can get about a job and its
 * providers is read, and contact details appear only where the rule allows them.
 */
let h: AccountsHarness;
let urls: string[];
const viewers: Record<string, Agent> = {};
const secrets = {
  clientEmail: '',
  winnerEmail: 'kontakt-vitaz@remeslo.test',
  winnerPhone: '+421 905 777 001',
  winnerWebsite: 'https://vitaz-remeslo.test',
  loserEmail: 'kontakt-druhy@remeslo.test',
  loserPhone: '+421 905 777 002',
};

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
  await loser.agent.post('/api/bids', {
    work_request_id: requestId,
    amount: 90,
    description: 'Ponuka druhého majstra.',
  });
  await client.agent.patch(`/api/bids/${won.id}/accept`);
  const admin = (await h.signedIn('administrator')).agent;

  Object.assign(viewers, {
    visitor: h.agent(),
    stranger: (await h.signedIn('client')).agent,
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
  ];
});
afterAll(async () => h.close());

async function everythingSeenBy(viewer: string) {
  const bodies = await Promise.all(urls.map(async (url) => (await viewers[viewer]!.get(url)).body));
  return bodies.join('\n');
}

const allowed: Record<string, (keyof typeof secrets)[]> = {
  visitor: [],
  stranger: [],
  loser: ['loserEmail', 'loserPhone'],
  winner: ['clientEmail', 'winnerEmail', 'winnerPhone', 'winnerWebsite'],
  client: ['clientEmail', 'winnerEmail', 'winnerPhone', 'winnerWebsite'],
  admin: ['clientEmail', 'winnerEmail', 'winnerPhone', 'winnerWebsite', 'loserEmail', 'loserPhone'],
};

describe('contact details across every response', () => {
  it.each(Object.keys(allowed))(
    '%s sees exactly the contact details the rule allows',
    async (viewer) => {
      const seen = await everythingSeenBy(viewer);
      for (const [name, value] of Object.entries(secrets) as [keyof typeof secrets, string][]) {
        expect(seen.includes(value), `${viewer} / ${name}`).toBe(allowed[viewer]!.includes(name));
      }
    },
  );
});
