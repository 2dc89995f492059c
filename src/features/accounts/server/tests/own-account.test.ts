import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createWorkRequest, TEST_PASSWORD_COST } from '../../../../../tests/factories';
import {
  attachments,
  auditEntries,
  sessions,
  users,
  workRequests,
} from '../../../../server/db/schema';
import { ensureAdministrator } from '../registration.service';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

describe('own account', () => {
  it('answers the profile only to its signed-in owner', async () => {
    expect((await h.agent().get('/api/users/profile')).json().error).toBe('not_authenticated');
    const { agent, email } = await h.signedIn('client');
    expect((await agent.get('/api/users/profile')).json().user).toMatchObject({
      email,
      role: 'client',
      has_password: true,
    });
  });

  it('lets a client change name and phone (JSON or multipart) but not the email', async () => {
    const { agent, email } = await h.signedIn('client');
    const json = await agent.put('/api/users/profile', {
      name: 'Nové Meno',
      phone_number: '+421 911 222 333',
      email: 'x@y.z',
    });
    expect(json.json().user).toMatchObject({
      name: 'Nové Meno',
      phone_number: '+421 911 222 333',
      email,
    });

    const form = new FormData();
    form.set('name', 'Z Formulára');
    form.set('phone_number', '');
    const request = new Request('http://x', { method: 'PUT', body: form });
    const multipart = await agent.request({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.json().user).toMatchObject({ name: 'Z Formulára', phone_number: null });

    const bad = await agent.put('/api/users/profile', {
      name: 'Ok Meno',
      phone_number: '+421-911-222',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({
      field: 'phone_number',
      message: 'phone_profile_invalid',
    });
  });

  it('keeps a client’s usual location for new requests, trimmed, cleared when left empty', async () => {
    const { agent } = await h.signedIn('client');
    expect((await agent.get('/api/users/profile')).json().user.location).toBeNull();
    const saved = await agent.put('/api/users/profile', {
      name: 'Klára Klientová',
      location: '  Košice, Staré Mesto ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.location).toBe('Košice, Staré Mesto');
    expect((await agent.get('/api/auth/session')).json().user.location).toBe('Košice, Staré Mesto');

    const tooLong = await agent.put('/api/users/profile', {
      name: 'Klára Klientová',
      location: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toContainEqual({ field: 'location', message: 'too_long' });

    const cleared = await agent.put('/api/users/profile', {
      name: 'Klára Klientová',
      location: '',
    });
    expect(cleared.json().user.location).toBeNull();
  });

  it('changes the password only with the current one, and signs out other devices', async () => {
    const { agent, email, password } = await h.signedIn('client');
    const other = h.agent();
    await other.post('/api/auth/login', { email, password });

    const wrong = await agent.put('/api/users/password', {
      currentPassword: 'Nope12345',
      newPassword: 'Lepsie2026x',
    });
    expect(wrong.json()).toMatchObject({
      error: 'current_password_incorrect',
      message: 'Current password incorrect.',
    });

    const changed = await agent.put('/api/users/password', {
      currentPassword: password,
      newPassword: 'Lepsie2026x',
    });
    expect(changed.statusCode).toBe(200);
    expect((await agent.get('/api/auth/session')).statusCode).toBe(200);
    expect((await other.get('/api/auth/session')).statusCode).toBe(401);
    expect(
      (await h.agent().post('/api/auth/login', { email, password: 'Lepsie2026x' })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown language', async () => {
    const { agent } = await h.signedIn('client');
    expect((await agent.put('/api/users/language', { preferred_language: 'de' })).statusCode).toBe(
      400,
    );
  });

  it('disables itself, signs out everywhere, and can be enabled again by its owner at sign-in', async () => {
    const { agent, email, password, id } = await h.signedIn('provider');
    const disabled = await agent.patch('/api/users/disable');
    expect(disabled.statusCode).toBe(200);
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(
      0,
    );

    const browser = h.agent();
    const login = await browser.post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('account_disabled_by_self');
    // Without the proof of that sign-in, nobody can turn it back on.
    expect((await h.agent().post('/api/users/enable')).json().error).toBe('reenable_not_allowed');

    const enabled = await browser.post('/api/users/enable');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().user).toMatchObject({ id, account_status: 'active' });
    expect((await browser.get('/api/auth/session')).statusCode).toBe(200);
    const actions = (
      await h.database.db.select().from(auditEntries).where(eq(auditEntries.targetUserId, id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['account.disable', 'account.enable']));
  });

  it('does not let its owner re-enable an account an administrator disabled', async () => {
    const { email, password, id } = await h.signedIn('client');
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, id));
    const browser = h.agent();
    expect((await browser.post('/api/auth/login', { email, password })).json().error).toBe(
      'account_disabled',
    );
    expect((await browser.post('/api/users/enable')).statusCode).toBe(403);
  });

  it('deletes everything of the person at once, keeping only audit entries without personal data', async () => {
    const { agent, email, id } = await h.signedIn('client', { name: 'Zmazaná Osoba' });
    const request = await createWorkRequest(h.database.db, { id, name: 'Zmazaná Osoba', email });
    const key = h.storage.newKey();
    await h.storage.put(key, Buffer.from('%PDF-1.4 plan'));
    await h.database.db.insert(attachments).values({
      workRequestId: request.id,
      storageKey: key,
      filename: 'plan.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
    });

    const response = await agent.delete('/api/users/account');
    expect(response.statusCode).toBe(200);
    expect(await h.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(
      await h.database.db.select().from(workRequests).where(eq(workRequests.clientId, id)),
    ).toHaveLength(0);
    expect(
      await h.database.db
        .select()
        .from(attachments)
        .where(eq(attachments.workRequestId, request.id)),
    ).toHaveLength(0);
    expect(await h.storage.exists(key)).toBe(false);
    expect((await agent.get('/api/auth/session')).statusCode).toBe(401);

    const audits = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.targetUserId, id));
    expect(audits.map((entry) => entry.action)).toContain('account.delete');
    expect(JSON.stringify(audits)).not.toMatch(new RegExp(`${email}|Zmazaná`));
  });
});

describe('administrators', () => {
  it('come only from ADMIN_EMAIL at start-up, once', async () => {
    const ctx = { db: h.database.db, passwordCost: TEST_PASSWORD_COST };
    expect(await ensureAdministrator(ctx, 'boss@majstri.test', 'Spravca2025x')).toEqual({
      created: true,
    });
    expect(await ensureAdministrator(ctx, 'boss@majstri.test', 'Spravca2025x')).toEqual({
      created: false,
    });
    const login = await h
      .agent()
      .post('/api/auth/login', { email: 'boss@majstri.test', password: 'Spravca2025x' });
    expect(login.json().user_type).toBe('administrator');
  });

  it('are never made from an existing client account', async () => {
    const { email } = await h.signedIn('client');
    await expect(ensureAdministrator({ db: h.database.db }, email, 'Spravca2025x')).rejects.toThrow(
      /belongs to a client/,
    );
  });

  it('cannot be registered through sign-up', async () => {
    const agent = h.agent();
    const response = await agent.post('/api/auth/register/administrator', {});
    expect(response.statusCode).toBe(404);
  });
});
