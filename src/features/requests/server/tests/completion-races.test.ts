import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestForm } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { hiredJob, notificationsOf, statusOf } from './completion-world';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const statuses = (answers: { statusCode: number }[]) =>
  answers.map((answer) => answer.statusCode).sort();

describe('the same step twice at once', () => {
  it("the provider's done sent twice: one step, one notification", async () => {
    const { client, provider, request } = await hiredJob(h);
    const url = `/api/work-requests/${request.id}/done`;
    const answers = await Promise.all([
      provider.agent.form('POST', url, requestForm({ note: 'Hotovo.' })),
      provider.agent.form('POST', url, requestForm({ note: 'Hotovo.' })),
    ]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(await notificationsOf(h, client.id, 'job_marked_done')).toHaveLength(1);
    const steps = (await client.agent.get(`/api/work-requests/${request.id}/completion`)).json()
      .steps;
    expect(steps).toHaveLength(1);
  });

  it('the client confirming while reporting a problem: exactly one outcome', async () => {
    const { client, provider, request } = await hiredJob(h);
    await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
    const [confirmed, reported] = await Promise.all([
      client.agent.patch(`/api/work-requests/${request.id}/complete`),
      client.agent.form(
        'POST',
        `/api/work-requests/${request.id}/problem`,
        requestForm({ reason: 'poor_quality', text: 'Z batérie stále kvapká voda.' }),
      ),
    ]);
    expect(statuses([confirmed, reported])).toEqual([200, 409]);
    expect(await statusOf(h, request.id)).toBe(
      confirmed.statusCode === 200 ? 'COMPLETED' : 'DISPUTED',
    );
  });

  it('two administrators deciding one case at once: one decision stands', async () => {
    const { client, provider, request } = await hiredJob(h);
    await client.agent.form(
      'POST',
      `/api/work-requests/${request.id}/problem`,
      requestForm({ reason: 'no_show', text: 'Majster neprišiel v dohodnutý deň.' }),
    );
    const [first, second] = [await h.signedIn('administrator'), await h.signedIn('administrator')];
    const url = `/api/admin/cases/${request.id}/decision`;
    const answers = await Promise.all([
      first.agent.post(url, { outcome: 'cancel', note: 'Zákazka sa ruší.' }),
      second.agent.post(url, { outcome: 'complete', note: 'Zákazka je hotová.' }),
    ]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(await notificationsOf(h, provider.id, 'case_decided')).toHaveLength(1);
    const audits = [
      ...(await h.auditsOf('case.cancel', client.id)),
      ...(await h.auditsOf('case.complete', client.id)),
    ];
    expect(audits).toHaveLength(1);
  });
});

describe('the hired provider leaving', () => {
  it('reopens a job they said was done, as it does an assigned one', async () => {
    const { client, provider, other, request } = await hiredJob(h);
    await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
    expect((await provider.agent.delete('/api/users/account')).statusCode).toBe(200);
    expect(await statusOf(h, request.id)).toBe('OPEN');
    expect(await notificationsOf(h, client.id, 'hire_released')).toHaveLength(1);
    expect(await notificationsOf(h, other.id, 'request_reopened')).toHaveLength(1);
    // The words of the earlier hire stay with the request, their author gone.
    const steps = (await client.agent.get(`/api/work-requests/${request.id}/completion`)).json()
      .steps;
    expect(steps).toEqual([expect.objectContaining({ kind: 'done', author_role: null })]);
  });
});
