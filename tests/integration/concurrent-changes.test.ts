import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, workRequests } from '../../src/server/db/schema';
import { accountsHarness, type AccountsHarness } from '../support/accounts-app';
import { createWorkRequest } from '../factories';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

/** Races are won by chance: each is run several times. */
const ROUNDS = 6;

/** An answer as status and code, e.g. `409 request_not_open`. */
const outcome = (response: { statusCode: number; json(): { error?: string } }) =>
  response.statusCode < 300
    ? String(response.statusCode)
    : `${response.statusCode} ${response.json().error}`;

describe('two changes of one thing at the same moment', () => {
  it('a cancel racing a delete of the same request: each is done or refused with a code', async () => {
    const client = await h.signedIn('client');
    const admin = await h.signedIn('administrator');
    for (let round = 0; round < ROUNDS; round++) {
      for (const deleter of [client.agent, admin.agent]) {
        const request = await createWorkRequest(h.database.db, {
          id: client.id,
          name: 'Klient',
          email: client.email,
        });
        const [cancelled, deleted] = await Promise.all([
          client.agent.patch(`/api/work-requests/${request.id}/cancel`),
          deleter.delete(`/api/work-requests/${request.id}`),
        ]);
        // The owner may delete only an open request; an administrator any.
        expect(['200', '404 request_not_found']).toContain(outcome(cancelled));
        expect(['200', '409 request_not_open']).toContain(outcome(deleted));
        const [left] = await h.database.db
          .select()
          .from(workRequests)
          .where(eq(workRequests.id, request.id));
        if (deleted.statusCode === 200) expect(left).toBeUndefined();
        else expect(left?.status).toBe('CANCELLED');
      }
    }
  });

  it('two re-enables of one account (its owner twice, or its owner and an administrator) both leave it active', async () => {
    const admin = await h.signedIn('administrator');
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, email, password, id } = await h.signedIn('provider');
      expect((await agent.patch('/api/users/disable')).statusCode).toBe(200);
      // Two tabs of the owner's browser, each after its own sign-in.
      const tabs = [h.agent(), h.agent()] as const;
      for (const tab of tabs) await tab.post('/api/auth/login', { email, password });
      const byAdministrator = () =>
        admin.agent.request({
          method: 'PATCH',
          url: `/api/admin/users/provider/${id}/status`,
          payload: { account_status: 'active' },
        });
      const answers = await Promise.all([
        tabs[0].post('/api/users/enable'),
        round % 2 ? tabs[1].post('/api/users/enable') : byAdministrator(),
        byAdministrator(),
      ]);
      for (const answer of answers)
        expect(['200', '403 reenable_not_allowed']).toContain(outcome(answer));
      const [account] = await h.database.db.select().from(users).where(eq(users.id, id));
      expect(account?.accountStatus).toBe('active');
    }
  });

  it('a re-enable racing the deletion of the account: never a 5xx, and nothing of it is left', async () => {
    const admin = await h.signedIn('administrator');
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, email, password, id } = await h.signedIn('provider');
      expect((await agent.patch('/api/users/disable')).statusCode).toBe(200);
      const tab = h.agent();
      await tab.post('/api/auth/login', { email, password });
      const [byOwner, byAdministrator, deleted] = await Promise.all([
        tab.post('/api/users/enable'),
        admin.agent.request({
          method: 'PATCH',
          url: `/api/admin/users/provider/${id}/status`,
          payload: { account_status: 'active' },
        }),
        admin.agent.request({
          method: 'DELETE',
          url: `/api/admin/users/provider/${id}`,
          payload: { reason: 'Spam account' },
        }),
      ]);
      expect(['200', '401 not_authenticated', '403 reenable_not_allowed']).toContain(
        outcome(byOwner!),
      );
      expect(['200', '404 user_not_found']).toContain(outcome(byAdministrator!));
      expect(outcome(deleted!)).toBe('200');
      expect(await h.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
      expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual(
        [],
      );
    }
  });
});
