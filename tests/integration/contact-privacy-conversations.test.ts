import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MASK, maskContacts } from '../../src/features/conversations/contact-masking';
import type { MessageView } from '../../src/features/conversations/conversations.schema';
import { remindUnread } from '../../src/features/conversations/server/reminders';
import { generateVapidKeys } from '../../src/features/notifications/server/push-vapid';
import type { EventBus } from '../../src/server/events/bus';
import { requestForm } from '../factories/files';
import { accountsHarness, type AccountsHarness } from '../support/accounts-app';
import type { Agent } from '../support/agent';
import { openEventStream, type OpenStream } from '../support/event-stream-client';
import { startPushService, type PushService } from '../support/push-service';

/**
 * Contact details and conversations (contact-privacy.test.ts, for messages): before the hire no
 * answer of a conversation route, no live stream event, no push and no mail carries a contact
 * detail written in a message or held in the other person's profile; after the hire the hired
 * pair's new messages carry what they wrote, unmasked. The unread reminder is swept by calling
 * `remindUnread` with a clock 11 minutes ahead: the winner (push on, a device) gets a push, the
 * client and the other bidder (no device) a mail.
 */

/** Whether the text shows the value, however spaces, dots, dashes or slashes are laid out. */
const bare = (text: string) => text.replace(/[\s.\-/()]/g, '').toLowerCase();
const shows = (text: string, value: string) => bare(text).includes(bare(value));

/** Contact details written in messages, and what of each must not be read: every one is asserted. */
const WRITTEN = [
  { kind: 'email', text: 'jozo.obklady@gmail.com', secret: 'jozo.obklady@gmail.com' },
  { kind: 'phone', text: '0905 123 456', secret: '905123456' },
  { kind: 'phone', text: '+421 905 123 456', secret: '905123456' },
  { kind: 'link', text: 'www.obklady-jozo.sk', secret: 'obklady-jozo' },
  { kind: 'messenger', text: 'WhatsApp 0905123456', secret: '905123456' },
  { kind: 'messenger', text: 'Telegram @jozo_obklady', secret: 'jozo_obklady' },
];
const ALL_IN_ONE = `Kontakt: ${WRITTEN.map((detail) => detail.text).join(', ')}`;

interface Secret {
  name: string;
  value: string;
}
const writtenSecrets: Secret[] = WRITTEN.map((detail) => ({
  name: `written ${detail.text}`,
  value: detail.secret,
}));

/** The secrets of `text` it shows (the lenient ones only once the masking module hides them). */
const leaked = (text: string, secrets: Secret[]) =>
  secrets.filter((secret) => shows(text, secret.value)).map((s) => s.name);

type Person = Awaited<ReturnType<AccountsHarness['signedIn']>>;
const vapid = generateVapidKeys('mailto:podpora@majstri.test');
let h: AccountsHarness;
let events: EventBus;
let service: PushService;
let base: string;
let client: Person;
let winner: Person & { endpoint: string };
let other: Person;
let requestId: string;
let winningBid: string;
/** The other side's profile, by viewer: the provider's contact for the client, and back. */
const profileSecrets: Record<'client' | 'winner' | 'other', Secret[]> = {
  client: [],
  winner: [],
  other: [],
};
const streams: Record<string, OpenStream> = {};
const threads = { winner: '', other: '' };
/** Every answer of a conversation route each viewer got, in order. */
const answers: Record<'client' | 'winner' | 'other', string[]> = {
  client: [],
  winner: [],
  other: [],
};

const cookieOf = (agent: Agent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function providerWithContact(email: string, phone: string, website?: string) {
  const provider = await h.signedIn('provider', { name: 'Jozef Obkladač' });
  const form = new FormData();
  const fields = { name: 'Jozef Obkladač', contact_email: email, contact_phone: phone };
  for (const [name, value] of Object.entries({ ...fields, ...(website ? { website } : {}) }))
    form.set(name, value);
  expect((await provider.agent.form('PUT', '/api/users/profile', form)).statusCode).toBe(200);
  const bid = await provider.agent.post('/api/bids', {
    work_request_id: requestId,
    amount: 400,
    description: 'Obklad aj dlažbu urobím do týždňa.',
  });
  expect(bid.statusCode, bid.body).toBe(201);
  const secrets = [
    { name: 'provider sign-in e-mail', value: provider.email },
    { name: 'provider contact e-mail', value: email },
    { name: 'provider contact phone', value: phone },
    ...(website ? [{ name: 'provider website', value: website }] : []),
  ];
  return { ...provider, bidId: bid.json().bid.id as string, secrets };
}

/** Sends as `viewer` and keeps the answer among what they read. */
async function as(
  viewer: keyof typeof answers,
  send: (agent: Agent) => ReturnType<Agent['get']>,
  status?: number,
) {
  const agent = { client, winner, other }[viewer].agent;
  const answer = await send(agent);
  if (status) expect(answer.statusCode, answer.body).toBe(status);
  answers[viewer].push(answer.body);
  return answer;
}

const write = (viewer: keyof typeof answers, thread: string, text: string, status = 201) =>
  as(viewer, (agent) => agent.post(`/api/conversations/${thread}/messages`, { text }), status);

/** Every read of the thread as `viewer`: the list, its messages, read, block and unblock. */
async function readEverything(viewer: keyof typeof answers, thread: string) {
  await as(viewer, (agent) => agent.get('/api/conversations'), 200);
  await as(viewer, (agent) => agent.post(`/api/conversations/${thread}/read`), 200);
  await as(viewer, (agent) => agent.post(`/api/conversations/${thread}/block`), 200);
  await as(viewer, (agent) => agent.delete(`/api/conversations/${thread}/block`), 200);
  const page = await as(viewer, (agent) => agent.get(`/api/conversations/${thread}/messages`));
  expect(page.statusCode, page.body).toBe(200);
  return page.json().messages as MessageView[];
}

/** The reminder's sweep, 11 minutes from now. */
const remind = () =>
  remindUnread({ db: h.database.db, events }, new Date(Date.now() + 11 * 60_000));

const messageMails = (to: string) =>
  h.mailbox.mails.filter((mail) => mail.to === to && mail.subject.startsWith('Nová správa'));
const pushesToWinner = () =>
  service
    .received()
    .filter(
      (push) =>
        push.endpoint === winner.endpoint &&
        (push.payload as { title?: string }).title === 'Nová správa',
    );
const notificationEvents = (stream: OpenStream) =>
  stream.events.filter((event) => event.event === 'notification');

beforeAll(async () => {
  service = await startPushService();
  h = await accountsHarness({
    push: { vapid, allowedOrigins: [service.origin], trustedCa: service.certificate },
    eventHandlers: (bus) => (events = bus),
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;

  client = await h.signedIn('client', { name: 'Klára Súkromná' });
  const profile = new FormData();
  profile.set('name', 'Klára Súkromná');
  profile.set('phone_number', '+421 911 222 333');
  expect((await client.agent.form('PUT', '/api/users/profile', profile)).statusCode).toBe(200);
  const posted = await client.agent.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title: 'Obklad kúpeľne v paneláku',
      category: 'plumbing',
      description: 'Treba obložiť kúpeľňu, asi 12 metrov štvorcových.',
      location: 'Žilina',
    }),
  );
  requestId = posted.json().work_request.id as string;
  profileSecrets.winner = profileSecrets.other = [
    { name: 'client name', value: 'Klára Súkromná' },
    { name: 'client e-mail', value: client.email },
    { name: 'client phone', value: '+421 911 222 333' },
  ];
  const hired = await providerWithContact(
    'kontakt-jozo@remeslo.test',
    '+421 907 555 111',
    'https://jozo-remeslo.test',
  );
  const second = await providerWithContact('kontakt-druhy@remeslo.test', '+421 907 555 222');
  profileSecrets.client = [...hired.secrets, ...second.secrets];
  winningBid = hired.bidId;
  const subscription = service.subscribe();
  expect((await hired.agent.post('/api/push/subscriptions', subscription)).statusCode).toBe(201);
  winner = { ...hired, endpoint: subscription.endpoint };
  other = second;
  for (const [name, person] of Object.entries({ client, winner, other })) {
    streams[name] = await openEventStream(base, { cookie: cookieOf(person.agent) });
    // Its opening words (the cursor): it is surely subscribed.
    await vi.waitFor(() => expect(streams[name]!.controls.length).toBeGreaterThan(0));
  }
});

afterAll(async () => {
  for (const stream of Object.values(streams)) stream.close();
  await h.close();
  await service.close();
});

describe('before the hire', () => {
  for (const detail of WRITTEN) {
    it(`the masking hides ${detail.text} (${detail.kind})`, () => {
      expect(shows(maskContacts(`Píšte: ${detail.text}.`).text, detail.secret)).toBe(false);
    });
  }

  it('stores every message masked, and tells the client by mail, the winner by push', async () => {
    const sent: string[] = [];
    const [first, ...rest] = WRITTEN;
    const opened = await as(
      'winner',
      (agent) =>
        agent.post('/api/conversations', { work_request_id: requestId, text: first!.text }),
      201,
    );
    sent.push(first!.text);
    threads.winner = opened.json().conversation.id as string;
    for (const text of [...rest.map((detail) => `Napíšte mi: ${detail.text}`), ALL_IN_ONE]) {
      await write('winner', threads.winner, text);
      sent.push(text);
    }
    // The unread messages are told of to the client, who has no device: by mail.
    expect(await remind()).toBe(1);
    await expect.poll(() => messageMails(client.email).length, { timeout: 15_000 }).toBe(1);

    for (const text of [...WRITTEN.map((detail) => `Ja: ${detail.text}`), ALL_IN_ONE]) {
      await write('client', threads.winner, text);
      sent.push(text);
    }
    const asked = await as(
      'client',
      (agent) =>
        agent.post('/api/conversations', {
          work_request_id: requestId,
          provider_id: other.id,
          text: ALL_IN_ONE,
        }),
      201,
    );
    threads.other = asked.json().conversation.id as string;
    // The winner has a device and push on: a push, no mail. The other bidder has none: a mail.
    expect(await remind()).toBe(2);
    await expect.poll(() => pushesToWinner().length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => messageMails(other.email).length, { timeout: 15_000 }).toBe(1);
    expect(messageMails(winner.email)).toEqual([]);

    const stored = sent.map((text) => maskContacts(text));
    for (const viewer of ['client', 'winner'] as const) {
      const messages = await readEverything(viewer, threads.winner);
      expect(messages.map((m) => [m.text, m.masked])).toEqual(
        stored.map((m) => [m.text, m.masked]),
      );
      // Each that held a detail the masking must hide is marked masked.
      const mustMask = sent.map((text) => WRITTEN.some((d) => text.includes(d.text)));
      expect(messages.map((m, i) => m.masked || !mustMask[i])).not.toContain(false);
    }
    await readEverything('client', threads.other);
    const seenByOther = await readEverything('other', threads.other);
    expect(seenByOther.map((m) => [m.mine, m.text])).toEqual([
      [false, maskContacts(ALL_IN_ONE).text],
    ]);
    const page = await as('winner', (a) => a.get(`/api/conversations/${threads.winner}/messages`));
    expect(page.json().conversation.masking).toBe(true);
    const reported = await as('other', (agent) =>
      agent.post(`/api/conversations/${threads.other}/report`, { reason: 'contact_outside' }),
    );
    expect(reported.statusCode, reported.body).toBe(201);
  });

  it.each(['client', 'winner', 'other'] as const)(
    'no answer %s got carries a written contact or the other side’s profile',
    (viewer) => {
      const read = answers[viewer].join('\n');
      expect(read).toContain(MASK);
      expect(leaked(read, [...writtenSecrets, ...profileSecrets[viewer]])).toEqual([]);
    },
  );

  it('no mail, no push and no live event carries them', async () => {
    const [toClient] = messageMails(client.email);
    expect(toClient!.text).toContain(MASK);
    expect(toClient!.text).toContain('Jozef Obkladač');
    const [toOther] = messageMails(other.email);
    expect(toOther!.text).toContain(MASK);
    // A client has no name for a provider before the hire.
    expect(toOther!.text).toContain('klient vám napísal');
    expect(pushesToWinner()[0]!.payload).toMatchObject({ title: 'Nová správa' });

    // The message_received notification reaches each reader's open page, with its excerpt.
    for (const name of ['client', 'winner', 'other'] as const) {
      await expect
        .poll(() => notificationEvents(streams[name]!).length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(streams[name]!.text()).toContain(MASK);
    }
    const mailsTo = (to: string) =>
      h.mailbox.mails.filter((mail) => mail.to === to).map((m) => `${m.subject}\n${m.text}`);
    const byViewer = { client, winner, other };
    for (const viewer of ['client', 'winner', 'other'] as const) {
      const secrets = [...writtenSecrets, ...profileSecrets[viewer]];
      const mails = mailsTo(byViewer[viewer].email).join('\n');
      expect(leaked(mails, secrets), `mail to ${viewer}`).toEqual([]);
      expect(leaked(streams[viewer]!.text(), secrets), `stream of ${viewer}`).toEqual([]);
    }
    const pushed = JSON.stringify(service.received().map((push) => push.payload));
    expect(leaked(pushed, [...writtenSecrets, ...profileSecrets.winner])).toEqual([]);
  });
});

describe('after the hire', () => {
  /** How much of the client's stream had arrived before the hire. */
  let before: number;

  beforeAll(async () => {
    before = streams.client!.text().length;
    const accepted = await client.agent.patch(`/api/bids/${winningBid}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('the hired pair’s new messages carry what they wrote, unmasked, in the thread and the mail', async () => {
    for (const detail of WRITTEN) await write('winner', threads.winner, `Teraz: ${detail.text}`);
    await write('winner', threads.winner, ALL_IN_ONE);
    expect(await remind()).toBe(1);
    await expect.poll(() => messageMails(client.email).length, { timeout: 15_000 }).toBe(2);
    const mail = messageMails(client.email)[1]!.text;
    for (const detail of WRITTEN) expect(shows(mail, detail.text), detail.text).toBe(true);

    await write('client', threads.winner, ALL_IN_ONE);
    expect(await remind()).toBe(1);
    await expect.poll(() => pushesToWinner().length, { timeout: 15_000 }).toBe(2);

    for (const viewer of ['client', 'winner'] as const) {
      const page = await as(viewer, (agent) =>
        agent.get(`/api/conversations/${threads.winner}/messages`),
      );
      expect(page.json().conversation.masking).toBe(false);
      const messages = page.json().messages as MessageView[];
      const after = messages.slice(-(WRITTEN.length + 2));
      expect(after.map((m) => m.masked)).toEqual(after.map(() => false));
      for (const detail of WRITTEN) {
        expect(
          after.some((m) => m.text === `Teraz: ${detail.text}`),
          detail.text,
        ).toBe(true);
      }
      expect(after.at(-1)!.text).toBe(ALL_IN_ONE);
      // What was written before the hire stays as it was stored: masked.
      const earlier = JSON.stringify(messages.slice(0, -(WRITTEN.length + 2)));
      expect(leaked(earlier, writtenSecrets)).toEqual([]);
    }
    // The checks before the hire were not blind: the same reads now show what was written…
    expect(leaked(answers.winner.join('\n'), writtenSecrets)).not.toEqual([]);
    // …and the winner learns the client's name.
    const list = await as('winner', (agent) => agent.get('/api/conversations'), 200);
    expect(list.json().conversations[0].other.name).toBe('Klára Súkromná');
    // The client's page shows the new messages' contacts live, by the notification's excerpt.
    await expect
      .poll(() => shows(streams.client!.text().slice(before), 'jozo.obklady@gmail.com'))
      .toBe(true);
  });

  it('the other bidder’s thread takes no message, and shows them nothing more', async () => {
    const refused = await write('client', threads.other, ALL_IN_ONE, 409);
    expect(refused.json().error).toBe('conversation_read_only');
    await readEverything('other', threads.other);
    const read = answers.other.join('\n');
    expect(leaked(read, [...writtenSecrets, ...profileSecrets.other])).toEqual([]);
    const list = await as('other', (agent) => agent.get('/api/conversations'), 200);
    expect(list.json().conversations[0].other).toMatchObject({ name: null, role: 'client' });
    const secrets = [...writtenSecrets, ...profileSecrets.other];
    expect(leaked(streams.other!.text(), secrets)).toEqual([]);
    const mails = h.mailbox.mails.filter((mail) => mail.to === other.email);
    expect(leaked(mails.map((m) => `${m.subject}\n${m.text}`).join('\n'), secrets)).toEqual([]);
  });
});
