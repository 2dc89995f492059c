import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../tests/support/accounts-app';
import { file, PNG, requestForm } from '../../../tests/factories/files';
import type { Agent } from '../../../tests/support/agent';
import { auditWriter } from '../audit';
import type { ServerContext } from '../context';
import { sessions, users, workRequests } from '../db/schema';
import { deleteUser, setUserStatus } from './admin-user-actions';

let h: AccountsHarness;
let admin: Awaited<ReturnType<AccountsHarness['signedIn']>>;
beforeAll(async () => {
  h = await accountsHarness();
  admin = await h.signedIn('administrator');
});
afterAll(async () => h.close());

const send = (agent: Agent, method: InjectOptions['method'], url: string, payload?: object) =>
  agent.request({ method, url, ...(payload ? { payload } : {}) });

describe("the administrator's actions on an account", () => {
  it('disabling ends the sessions at once, and re-enabling revives none of them', async () => {
    const client = await h.signedIn('client');
    expect((await client.agent.get('/api/users/profile')).statusCode).toBe(200);
    const url = `/api/admin/users/client/${client.id}/status`;
    const off = await send(admin.agent, 'PATCH', url, { account_status: 'disabled' });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.account_status).toBe('disabled');
    expect(
      await h.database.db.select().from(sessions).where(eq(sessions.userId, client.id)),
    ).toEqual([]);
    expect((await client.agent.get('/api/users/profile')).json().error).toBe('not_authenticated');
    // Cannot sign in while disabled.
    const refused = await h.agent().post('/api/auth/login', {
      email: client.email,
      password: client.password,
    });
    expect(refused.json().error).toBe('account_disabled');

    const on = await send(admin.agent, 'PATCH', url, { account_status: 'active' });
    expect(on.json().user.account_status).toBe('active');
    expect((await client.agent.get('/api/users/profile')).json().error).toBe('not_authenticated');
    const again = h.agent();
    expect(
      (await again.post('/api/auth/login', { email: client.email, password: client.password }))
        .statusCode,
    ).toBe(200);
    expect((await again.get('/api/users/profile')).statusCode).toBe(200);

    expect((await h.auditsOf('admin.user.disable', client.id))[0]).toMatchObject({
      actorId: admin.id,
      actorType: 'administrator',
    });
    expect(await h.auditsOf('admin.user.enable', client.id)).toHaveLength(1);
    const bad = await send(admin.agent, 'PATCH', url, { account_status: 'suspended' });
    expect(bad.statusCode).toBe(400);
  });

  it('unlocks a locked account: lock and failed attempts cleared, sign-in works again', async () => {
    const provider = await h.signedIn('provider');
    await h.database.db
      .update(users)
      .set({ failedLoginAttempts: 5, lockUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, provider.id));
    const locked = await h.agent().post('/api/auth/login', {
      email: provider.email,
      password: provider.password,
    });
    expect(locked.json().error).toBe('account_locked');

    const unlocked = await admin.agent.post(`/api/admin/users/provider/${provider.id}/unlock`);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().user).toMatchObject({
      failed_login_attempts: 0,
      lock_until: null,
      is_locked: false,
    });
    const signedIn = await h.agent().post('/api/auth/login', {
      email: provider.email,
      password: provider.password,
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await h.auditsOf('admin.user.unlock', provider.id))[0]!.message).toContain('5 failed');
  });

  it("deletes a provider with their picture, and a client with their requests' files", async () => {
    const provider = await h.signedIn('provider');
    const form = new FormData();
    form.set('name', 'Peter Majster');
    form.set('contact_email', provider.email);
    form.append('profile_picture', file(PNG, 'ja.png', 'image/png'));
    expect((await provider.agent.form('PUT', '/api/users/profile', form)).statusCode).toBe(200);
    const client = await h.signedIn('client');
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      requestForm(
        {
          title: 'Výmena batérie',
          category: 'plumbing',
          description: 'Kvapká batéria v kúpeľni.',
          location: 'Žilina',
        },
        [file(PNG, 'foto.png', 'image/png')],
      ),
    );
    expect(posted.statusCode).toBe(201);
    // The profile picture, the request's photo and its card preview.
    expect(h.storedFiles()).toHaveLength(3);

    const noReason = await send(admin.agent, 'DELETE', `/api/admin/users/provider/${provider.id}`, {
      reason: 'x',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toContainEqual({ field: 'reason', message: 'reason_length' });

    for (const [role, who] of [
      ['provider', provider],
      ['client', client],
    ] as const) {
      const deleted = await send(admin.agent, 'DELETE', `/api/admin/users/${role}/${who.id}`, {
        reason: `Spam since 2026-11-01, contact ${who.email} or +421 900 123 456, also 0905 111 222`,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await h.database.db.select().from(users).where(eq(users.id, who.id))).toEqual([]);
      expect((await who.agent.get('/api/users/profile')).statusCode).toBe(401);
    }
    expect(h.storedFiles()).toEqual([]);
    expect(
      await h.database.db.select().from(workRequests).where(eq(workRequests.clientId, client.id)),
    ).toEqual([]);
    const [entry] = await h.auditsOf('account.delete', client.id);
    expect(entry).toMatchObject({ actorType: 'administrator', actorId: admin.id });
    expect(entry!.message).toBe(
      'deleted by an administrator: reason: Spam since 2026-11-01, contact [email] or [phone], also [phone]',
    );
    expect(entry!.message).not.toContain(client.email);
    expect(entry!.message).not.toContain('900 123');
    const gone = await send(admin.agent, 'DELETE', `/api/admin/users/client/${client.id}`, {
      reason: 'again',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('never disables or deletes oneself or the last active administrator', async () => {
    const ctx = {
      db: h.database.db,
      writeAudit: auditWriter(h.database.db, h.app.log),
    } as unknown as ServerContext;
    const me = { id: admin.id, role: 'administrator' as const };
    // The routes serve clients and providers only: an administrator's id is unknown there.
    const own = await send(admin.agent, 'PATCH', `/api/admin/users/client/${admin.id}/status`, {
      account_status: 'disabled',
    });
    expect(own.statusCode).toBe(404);
    // The service asks the policy whatever the role.
    const asAdministrator = 'administrator' as unknown as 'client';
    await expect(
      setUserStatus(ctx, me, asAdministrator, admin.id, 'disabled'),
    ).rejects.toMatchObject({
      code: 'cannot_change_own_account',
    });
    await expect(deleteUser(ctx, me, asAdministrator, admin.id, 'reason')).rejects.toMatchObject({
      code: 'cannot_change_own_account',
    });
    // Only one active administrator besides the actor? The actor disables the other, then the
    // other (still signed in elsewhere) cannot remove the actor, the last one.
    const other = await h.signedIn('administrator');
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled' })
      .where(and(eq(users.role, 'administrator'), eq(users.accountStatus, 'active')));
    await h.database.db
      .update(users)
      .set({ accountStatus: 'active' })
      .where(eq(users.id, admin.id));
    const otherActor = { id: other.id, role: 'administrator' as const };
    await expect(
      setUserStatus(ctx, otherActor, asAdministrator, admin.id, 'disabled'),
    ).rejects.toMatchObject({ code: 'last_administrator', status: 409 });
    await expect(
      deleteUser(ctx, otherActor, asAdministrator, admin.id, 'reason'),
    ).rejects.toMatchObject({ code: 'last_administrator' });
    expect((await h.auditsOf('admin.user.disable', admin.id)).map((e) => e.outcome)).toEqual([
      'failure',
      'failure',
    ]);
    // With a second active administrator, one may disable the other.
    await h.database.db
      .update(users)
      .set({ accountStatus: 'active' })
      .where(eq(users.id, other.id));
    const done = await setUserStatus(ctx, me, asAdministrator, other.id, 'disabled');
    expect(done.user.accountStatus).toBe('disabled');
    await h.database.db
      .update(users)
      .set({ accountStatus: 'active' })
      .where(eq(users.id, other.id));
  });
});
