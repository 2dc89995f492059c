import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, file, JPEG, PDF, PNG } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import {
  notifications,
  providerProfiles,
  verificationDocuments,
} from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { sendExpiryNotices } from '../verifications.service';
import ukVerifications from '../../../../locales/uk/verifications.json';

let h: AccountsHarness;
let events: EventBus;
beforeAll(async () => {
  h = await accountsHarness({ eventHandlers: (bus) => (events = bus) });
});
afterAll(async () => h.close());

const DAY = 86_400_000;
const day = (moment: Date) => moment.toISOString().slice(0, 10);
const inDays = (days: number, from = new Date()) => day(new Date(from.getTime() + days * DAY));

type Person = Awaited<ReturnType<AccountsHarness['signedIn']>>;

function uploadForm(fields: Record<string, string>, document?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (document) form.append('file', document);
  return form;
}

const upload = (who: Person, fields: Record<string, string>, document?: File) =>
  who.agent.form('POST', '/api/verifications', uploadForm(fields, document));

const mine = async (who: Person) => (await who.agent.get('/api/verifications/mine')).json();

const noticesOf = (userId: string) =>
  h.database.db
    .select({ type: notifications.type, data: notifications.data, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

/** A provider with a pending insurance certificate, and an administrator. */
async function insuredProvider(until = inDays(200)) {
  const provider = await h.signedIn('provider', { name: 'Ján Poistený' });
  const admin = await h.signedIn('administrator');
  const sent = await upload(
    provider,
    { kind: 'insurance', claimed_until: until },
    file(PDF, 'poistka.pdf', 'application/pdf'),
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const document = sent.json().documents[0] as { id: string; state: string };
  return { provider, admin, document };
}

describe("a provider's documents", () => {
  it('takes a PDF or an image by its bytes, and refuses anything else with a code', async () => {
    const provider = await h.signedIn('provider');
    const refused = [
      [{ kind: 'trade_register' }, file(EXE, 'vypis.pdf'), 'unsupported_file_type'],
      [{ kind: 'trade_register' }, file(PNG, 'vypis.pdf'), 'file_type_mismatch'],
      [{ kind: 'trade_register' }, undefined, 'file_required'],
      [{ kind: 'insurance' }, file(PDF, 'poistka.pdf'), 'expiry_required'],
      [{ kind: 'insurance', claimed_until: '2020-01-01' }, file(PDF, 'p.pdf'), 'expiry_past'],
      [
        { kind: 'insurance', claimed_until: inDays(365 * 11) },
        file(PDF, 'p.pdf'),
        'expiry_too_far',
      ],
      [{ kind: 'insurance', claimed_until: '2027-02-30' }, file(PDF, 'p.pdf'), 'expiry_invalid'],
      [{ kind: 'passport' }, file(PDF, 'p.pdf'), 'validation_failed'],
    ] as const;
    for (const [fields, document, code] of refused) {
      const answer = await upload(provider, fields, document);
      expect(answer.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, code).toBeLessThan(500);
      expect(answer.json().error, JSON.stringify(fields)).toBe(code);
    }
    const taken = await upload(
      provider,
      { kind: 'trade_register' },
      file(JPEG, 'výpis z registra.jpg', 'image/jpeg'),
    );
    expect(taken.statusCode).toBe(201);
    expect(taken.json().documents).toMatchObject([
      { kind: 'trade_register', state: 'pending', filename: 'výpis z registra.jpg' },
    ]);
    expect(taken.json().badges).toEqual([]);
  });

  it('are only for providers', async () => {
    const client = await h.signedIn('client');
    const answer = await upload(client, { kind: 'trade_register' }, file(PDF, 'v.pdf'));
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('provider_only');
    expect((await client.agent.get('/api/verifications/mine')).statusCode).toBe(403);
  });

  it('are private: the provider and administrators open them, nobody else; never cached', async () => {
    const { provider, admin, document } = await insuredProvider();
    const url = `/api/verifications/${document.id}/document?disposition=inline`;
    const own = await provider.agent.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-disposition']).toBe(
      `inline; filename="poistka.pdf"; filename*=UTF-8''poistka.pdf`,
    );
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(await h.auditsOf('verification.document.view', provider.id)).toHaveLength(0);

    for (const stranger of [await h.signedIn('provider'), await h.signedIn('client')]) {
      const answer = await stranger.agent.get(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe('verification_not_found');
    }
    expect((await h.agent().get(url)).statusCode).toBe(401);

    const looked = await admin.agent.get(url);
    expect(looked.statusCode).toBe(200);
    expect(await h.auditsOf('verification.document.view', provider.id)).toHaveLength(1);
  });

  it('a new upload of the same kind supersedes the pending one', async () => {
    const { provider, document } = await insuredProvider();
    const again = await upload(
      provider,
      { kind: 'insurance', claimed_until: inDays(300) },
      file(PNG, 'nova-poistka.png', 'image/png'),
    );
    const documents = again.json().documents as { id: string; filename: string }[];
    expect(documents).toHaveLength(1);
    expect(documents[0]!.filename).toBe('nova-poistka.png');
    const [old] = await h.database.db
      .select({ status: verificationDocuments.status })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.id, document.id));
    expect(old!.status).toBe('superseded');
  });
});

describe("the console's Verifications", () => {
  it('lists pending documents oldest first, with the entered IČO, and audits each look', async () => {
    const { provider, admin, document } = await insuredProvider();
    await h.database.db
      .update(verificationDocuments)
      .set({ createdAt: new Date('2000-01-01T00:00:00Z') })
      .where(eq(verificationDocuments.id, document.id));
    const saved = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      uploadForm({ name: 'Ján Poistený', contact_email: provider.email, ico: '001 517 42' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const list = (await admin.agent.get('/api/admin/verifications')).json();
    expect(list.documents[0]).toMatchObject({
      id: document.id,
      kind: 'insurance',
      provider_id: provider.id,
      provider_name: 'Ján Poistený',
      ico: '00151742',
    });
    const opened = await admin.agent.get(`/api/admin/verifications/${document.id}`);
    expect(opened.json()).toMatchObject({
      status: 'pending',
      allowed_actions: ['approve', 'reject'],
    });
    expect(await h.auditsOf('verification.view', provider.id)).toHaveLength(1);
  });

  it('refuses an IČO whose check digit is wrong, with a code the form translates', async () => {
    const provider = await h.signedIn('provider');
    const saved = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      uploadForm({ name: 'Peter Pekár', contact_email: provider.email, ico: '00151743' }),
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().details).toContainEqual({ field: 'ico', message: 'invalid_ico' });
  });

  it('approves until a date: the badge shows on the provider page, in the directory and on bids', async () => {
    const { provider, admin, document } = await insuredProvider();
    const until = inDays(120);
    const approved = await admin.agent.post(`/api/admin/verifications/${document.id}/approve`, {
      expires_on: until,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      expires_on: until,
      allowed_actions: [],
    });
    expect(await h.auditsOf('verification.approve', provider.id)).toHaveLength(1);

    // Decided once: a second decision is refused.
    const again = await admin.agent.post(`/api/admin/verifications/${document.id}/reject`, {
      reason: 'wrong_document',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('verification_already_decided');

    const badge = { kind: 'insured', until };
    expect((await mine(provider)).badges).toEqual([badge]);
    expect((await mine(provider)).documents[0]).toMatchObject({
      state: 'approved',
      expires_on: until,
    });
    const client = await h.signedIn('client');
    const page = (await client.agent.get(`/api/providers/${provider.id}`)).json();
    expect(page.user.badges).toEqual([badge]);
    // In the client's favourites.
    expect((await client.agent.put(`/api/me/favourites/${provider.id}`)).statusCode).toBeLessThan(
      300,
    );
    const kept = (await client.agent.get('/api/me/favourites')).json().favourites;
    expect(kept).toMatchObject([{ id: provider.id, badges: [badge] }]);

    // In the directory (the provider alone in their trade here).
    await h.database.db
      .update(providerProfiles)
      .set({ serviceCategory: 'smithing_locksmithing' })
      .where(eq(providerProfiles.userId, provider.id));
    const directory = (await h.agent().get('/api/providers?category=smithing_locksmithing')).json();
    expect(
      directory.providers.find((entry: { id: string }) => entry.id === provider.id),
    ).toMatchObject({
      badges: [badge],
    });

    // On their bids.
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      uploadForm({
        title: 'Výmena zámku na dverách',
        category: 'smithing_locksmithing',
        description: 'Treba vymeniť zámok vo vchodových dverách.',
        location: 'Trnava',
      }),
    );
    const requestId = posted.json().work_request.id as string;
    const bid = await provider.agent.post('/api/bids', {
      work_request_id: requestId,
      amount: 80,
      description: 'Zámok vymením ešte dnes, mám ho na sklade.',
    });
    expect(bid.json().bid.provider.badges).toEqual([badge]);
    const bids = (await client.agent.get(`/api/bids/work-request/${requestId}`)).json().bids;
    expect(bids[0].provider).toMatchObject({ id: provider.id, badges: [badge] });

    const told = await noticesOf(provider.id);
    expect(told).toContainEqual({
      type: 'verification_decided',
      data: { kind: 'insurance', approved: true, expires_on: until },
      link: '/profile#verification',
    });
    const mail = await h.mailbox.waitFor(provider.email);
    expect(mail.subject).toBe('Váš dokument je schválený');
  });

  it('two decisions at once: one wins, the other is told it is decided', async () => {
    const { admin, document } = await insuredProvider();
    const other = await h.signedIn('administrator');
    const answers = await Promise.all([
      admin.agent.post(`/api/admin/verifications/${document.id}/approve`, {
        expires_on: inDays(90),
      }),
      other.agent.post(`/api/admin/verifications/${document.id}/reject`, {
        reason: 'unreadable',
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409)!;
    expect(lost.json().error).toBe('verification_already_decided');
    const bodies = [
      { reason: 'x'.repeat(1_000_000) },
      { reason: 'Dôvod\u0000s nulou' },
      { reason: 42 },
      { reason: 'other' },
      { reason: 'other', note: 'x'.repeat(1_000_000) },
      { reason: 'other', note: 'Poznámka\u0000s nulou' },
      { reason: 'unreadable', note: 42 },
    ];
    for (const body of bodies) {
      const answer = await admin.agent.post(`/api/admin/verifications/${document.id}/reject`, body);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(typeof answer.json().error).toBe('string');
    }
  });

  it('rejects with a reason the provider reads in their language, and a note as written', async () => {
    const { provider, admin, document } = await insuredProvider();
    // "Other" says nothing by itself: its note is required, and a note is at least 3 characters.
    for (const body of [{ reason: 'other' }, { reason: 'other', note: 'x' }, { reason: 'nope' }]) {
      const refused = await admin.agent.post(
        `/api/admin/verifications/${document.id}/reject`,
        body,
      );
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await provider.agent.put('/api/users/language', { preferred_language: 'uk' })).statusCode,
    ).toBeLessThan(300);
    const note = 'Na certifikáte chýba meno poisteného.';
    const rejected = await admin.agent.post(`/api/admin/verifications/${document.id}/reject`, {
      reason: 'not_matching',
      note,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ reason: 'not_matching', note });
    expect(await h.auditsOf('verification.reject', provider.id)).toHaveLength(1);
    const own = await mine(provider);
    expect(own.documents[0]).toMatchObject({ state: 'rejected', reason: 'not_matching', note });
    expect(own.badges).toEqual([]);
    const mail = await h.mailbox.waitFor(provider.email);
    expect(mail.text).toContain(ukVerifications.reasons.not_matching);
    expect(mail.text).toContain(note);
  });
});

describe('expiry', () => {
  it('tells the provider 30 days before and at expiry, once each; the badge goes by itself', async () => {
    const { provider, admin, document } = await insuredProvider();
    const now = new Date();
    const until = inDays(60, now);
    await admin.agent.post(`/api/admin/verifications/${document.id}/approve`, {
      expires_on: until,
    });
    const sweep = (at: Date) => sendExpiryNotices({ db: h.database.db, events }, at);
    const types = async () =>
      (await noticesOf(provider.id))
        .map((notice) => notice.type)
        .filter((t) => t !== 'verification_decided');

    await sweep(new Date(now.getTime() + 20 * DAY));
    expect(await types()).toEqual([]);

    // 31 days before the end of its last day: 30 days before it lapses.
    const lapse = new Date(`${until}T00:00:00Z`).getTime() + DAY;
    await sweep(new Date(lapse - 30 * DAY));
    await sweep(new Date(lapse - 29 * DAY));
    expect(await types()).toEqual(['verification_expiring']);

    await sweep(new Date(lapse - 1000));
    expect(await types()).toEqual(['verification_expiring']);
    await sweep(new Date(lapse));
    await sweep(new Date(lapse + DAY));
    expect(await types()).toEqual(['verification_expiring', 'verification_expired']);
    expect((await noticesOf(provider.id)).at(-1)).toMatchObject({
      data: { kind: 'insurance', expires_on: until },
    });

    // The badge is computed at the time of the answer: move the approval's date into the past.
    expect((await mine(provider)).badges).toHaveLength(1);
    await h.database.db
      .update(verificationDocuments)
      .set({ expiresOn: inDays(-1, now) })
      .where(eq(verificationDocuments.id, document.id));
    const own = await mine(provider);
    expect(own.badges).toEqual([]);
    expect(own.documents[0]).toMatchObject({ state: 'expired' });
  });
});

describe("a provider's account going", () => {
  it('takes their documents with it, files included', async () => {
    const { provider, admin, document } = await insuredProvider();
    const [row] = await h.database.db
      .select({ key: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.id, document.id));
    expect(h.storedFiles()).toContain(row!.key);
    const gone = await admin.agent.request({
      method: 'DELETE',
      url: `/api/admin/users/provider/${provider.id}`,
      payload: { reason: 'Na vlastnú žiadosť.' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(h.storedFiles()).not.toContain(row!.key);
    const rows = await h.database.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.providerId, provider.id));
    expect(rows).toEqual([]);
  });
});
