import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../tests/support/accounts-app';
import { requestForm } from '../../tests/factories/files';
import { auditEntries } from './db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

/** The audit entries written while answering the HTTP request with this id. */
const entriesOf = async (httpRequestId: string) =>
  (
    await h.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.httpRequestId, httpRequestId))
  ).map((entry) => entry.action);

describe('the HTTP request an audit entry belongs to', () => {
  it('is named without the services passing it, after a JSON body and a multipart form', async () => {
    const client = await h.signedIn('client');
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      requestForm({
        title: 'Výmena batérie',
        category: 'other',
        description: 'Treba vymeniť batériu v kúpeľni.',
        location: 'Trnava',
      }),
    );
    expect(posted.statusCode).toBe(201);
    expect(await entriesOf(posted.headers['x-request-id'] as string)).toEqual(['request.create']);

    const provider = await h.signedIn('provider');
    const bid = await provider.agent.post('/api/bids', {
      work_request_id: posted.json().work_request.id,
      amount: 80,
      description: 'Vymením ju ešte dnes.',
    });
    expect(bid.statusCode).toBe(201);
    expect(await entriesOf(bid.headers['x-request-id'] as string)).toEqual(['bid.create']);

    // Two answered at once keep their own ids.
    const [one, two] = await Promise.all([
      client.agent.patch('/api/users/disable'),
      provider.agent.delete(`/api/bids/${bid.json().bid.id}`),
    ]);
    expect(await entriesOf(one.headers['x-request-id'] as string)).toEqual(['account.disable']);
    expect(await entriesOf(two.headers['x-request-id'] as string)).toEqual(['bid.withdraw']);
  });
});
