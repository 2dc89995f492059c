import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, PNG, requestForm, EXE } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { auditWriter } from '../../../../server/audit';
import type { EventBus } from '../../../../server/events/bus';
import { sweepCompletions } from '../completion-timer';
import { doneAgo, hiredJob, notificationsOf, statusOf } from './completion-world';

let h: AccountsHarness;
let events: EventBus;
beforeAll(async () => {
  h = await accountsHarness({ eventHandlers: (bus) => (events = bus) });
});
afterAll(async () => h.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const sweep = (now: Date) =>
  sweepCompletions(
    { db: h.database.db, events, writeAudit: auditWriter(h.database.db, h.app.log) },
    now,
  );

const photo = () => file(PNG, 'hotovo.png', 'image/png');

describe("the provider's done", () => {
  it('moves the job to DONE with a note and photos, tells the client, and only once', async () => {
    const { client, provider, other, request, title } = await hiredJob(h);
    // Nobody but the hired provider says it is done.
    for (const who of [client, other]) {
      const refused = await who.agent.form(
        'POST',
        `/api/work-requests/${request.id}/done`,
        requestForm({}),
      );
      expect(refused.statusCode).toBe(403);
    }
    const done = await provider.agent.form(
      'POST',
      `/api/work-requests/${request.id}/done`,
      requestForm({ note: 'Batéria vymenená, tesnenia nové.' }, [photo()]),
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().work_request.status).toBe('DONE');
    // The client's page offers to confirm or report a problem.
    const page = (await client.agent.get(`/api/work-requests/${request.id}`)).json().work_request;
    expect(page.allowed_actions).toEqual(['complete', 'report_problem', 'review', 'view_bids']);
    // The hire stands: the provider still sees the client's contact.
    const seen = (await provider.agent.get(`/api/work-requests/${request.id}`)).json().work_request;
    expect(seen.contact_email).toBe(client.email);

    const told = await notificationsOf(h, client.id, 'job_marked_done');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ work_request_id: request.id, title });
    expect(told[0]!.link).toBe(`/request/${request.id}`);

    const completion = (
      await client.agent.get(`/api/work-requests/${request.id}/completion`)
    ).json();
    expect(completion.status).toBe('DONE');
    expect(Date.parse(completion.auto_completes_at) - Date.now()).toBeGreaterThan(7 * DAY - HOUR);
    expect(completion.steps).toHaveLength(1);
    const [step] = completion.steps;
    expect(step).toMatchObject({
      kind: 'done',
      author_role: 'provider',
      note: 'Batéria vymenená, tesnenia nové.',
    });
    const fileUrl = `/api/work-requests/${request.id}/completion-files/${step.files[0].id}`;
    expect((await client.agent.get(fileUrl)).statusCode).toBe(200);
    expect((await provider.agent.get(fileUrl)).statusCode).toBe(200);
    // Another bidder may open the request, but not the words of its end nor their files.
    expect((await other.agent.get(`/api/work-requests/${request.id}/completion`)).statusCode).toBe(
      403,
    );
    expect((await other.agent.get(fileUrl)).statusCode).toBe(404);

    const again = await provider.agent.form(
      'POST',
      `/api/work-requests/${request.id}/done`,
      requestForm({}),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('request_not_in_progress');
    expect(await h.auditsOf('request.mark_done', client.id)).toHaveLength(1);
  });

  it('refuses a file that is not what it says, a note too long, and stores nothing then', async () => {
    const { provider, request } = await hiredJob(h);
    const before = h.storedFiles().length;
    const url = `/api/work-requests/${request.id}/done`;
    const exe = await provider.agent.form(
      'POST',
      url,
      requestForm({}, [file(EXE, 'foto.png', 'image/png')]),
    );
    expect(exe.json().error).toBe('unsupported_file_type');
    const long = await provider.agent.form('POST', url, requestForm({ note: 'x'.repeat(2001) }));
    expect(long.statusCode).toBe(400);
    const nul = await provider.agent.form('POST', url, requestForm({ note: 'hotovo\u0000' }));
    expect(nul.statusCode).toBe(400);
    expect(h.storedFiles().length).toBe(before);
    expect(await statusOf(h, request.id)).toBe('ASSIGNED');
  });
});

describe("the client's answer", () => {
  it('confirming completes the job and tells the provider', async () => {
    const { client, provider, request } = await hiredJob(h);
    await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
    const confirmed = await client.agent.patch(`/api/work-requests/${request.id}/complete`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().work_request.status).toBe('COMPLETED');
    const told = await notificationsOf(h, provider.id, 'job_completed');
    expect(told.map((n) => n.data.automatic)).toEqual([false]);
    expect(await notificationsOf(h, client.id, 'job_completed')).toEqual([]);
  });

  it('a problem disputes the job with a reason, text and photos, and tells the provider', async () => {
    const { client, provider, other, request } = await hiredJob(h);
    await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
    const url = `/api/work-requests/${request.id}/problem`;
    const bad = [
      requestForm({ text: 'Z batérie stále kvapká voda.' }),
      requestForm({ reason: 'weather', text: 'Z batérie stále kvapká voda.' }),
      requestForm({ reason: 'poor_quality', text: 'krátko' }),
      requestForm({ reason: 'poor_quality', text: 'x'.repeat(1_000_000) }),
      requestForm({ reason: 'poor_quality', text: 'Z batérie \u0000 kvapká.' }),
    ];
    for (const form of bad) {
      const refused = await client.agent.form('POST', url, form);
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    expect(
      (
        await provider.agent.form(
          'POST',
          url,
          requestForm({ reason: 'other', text: 'Klient neplatí načas.' }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await other.agent.form(
          'POST',
          url,
          requestForm({ reason: 'other', text: 'Klient neplatí načas.' }),
        )
      ).statusCode,
    ).toBe(403);

    const reported = await client.agent.form(
      'POST',
      url,
      requestForm({ reason: 'poor_quality', text: 'Z batérie stále kvapká voda.' }, [photo()]),
    );
    expect(reported.statusCode).toBe(200);
    expect(reported.json().work_request.status).toBe('DISPUTED');
    expect(reported.json().work_request.allowed_actions).toEqual(['review', 'view_bids']);
    expect(await notificationsOf(h, provider.id, 'problem_reported')).toHaveLength(1);
    const steps = (await provider.agent.get(`/api/work-requests/${request.id}/completion`)).json()
      .steps;
    expect(steps.map((s: { kind: string }) => s.kind)).toEqual(['done', 'problem']);
    expect(steps[1]).toMatchObject({
      author_role: 'client',
      reason: 'poor_quality',
      note: 'Z batérie stále kvapká voda.',
    });
    expect(steps[1].files).toHaveLength(1);
    // A disputed job is neither confirmed nor disputed again.
    expect((await client.agent.patch(`/api/work-requests/${request.id}/complete`)).statusCode).toBe(
      409,
    );
    expect(
      (
        await client.agent.form(
          'POST',
          url,
          requestForm({ reason: 'other', text: 'Ešte niečo ďalšie.' }),
        )
      ).statusCode,
    ).toBe(409);
    expect(await h.auditsOf('request.report_problem', provider.id)).toHaveLength(1);
  });

  it('a problem may be reported before the provider says done', async () => {
    const { client, request } = await hiredJob(h);
    const reported = await client.agent.form(
      'POST',
      `/api/work-requests/${request.id}/problem`,
      requestForm({ reason: 'no_show', text: 'Majster neprišiel v dohodnutý deň.' }),
    );
    expect(reported.statusCode).toBe(200);
    expect(await statusOf(h, request.id)).toBe('DISPUTED');
  });
});

describe('completing by itself', () => {
  it('warns both sides 24 hours before, once, and completes 7 days after the done', async () => {
    const now = new Date();
    const { client, provider, request } = await hiredJob(h);
    await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
    const warnings = async () => [
      ...(await notificationsOf(h, client.id, 'completion_due')),
      ...(await notificationsOf(h, provider.id, 'completion_due')),
    ];

    await doneAgo(h, request.id, 5 * DAY, now);
    await sweep(now);
    expect(await warnings()).toEqual([]);

    await doneAgo(h, request.id, 6 * DAY + HOUR, now);
    await sweep(now);
    expect(await warnings()).toHaveLength(2);
    await sweep(now);
    expect(await warnings()).toHaveLength(2);
    expect(await statusOf(h, request.id)).toBe('DONE');

    await doneAgo(h, request.id, 7 * DAY + 1000, now);
    await sweep(now);
    expect(await statusOf(h, request.id)).toBe('COMPLETED');
    for (const who of [client, provider]) {
      const told = await notificationsOf(h, who.id, 'job_completed');
      expect(told.map((n) => n.data.automatic)).toEqual([true]);
    }
    expect(await h.auditsOf('request.auto_complete', client.id)).toHaveLength(1);
    await sweep(now);
    expect(await notificationsOf(h, client.id, 'job_completed')).toHaveLength(1);
  });

  it('never completes a disputed job by itself', async () => {
    const now = new Date();
    const { client, provider, request } = await hiredJob(h);
    await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
    await client.agent.form(
      'POST',
      `/api/work-requests/${request.id}/problem`,
      requestForm({ reason: 'damage', text: 'Poškodená dlažba pri umývadle.' }),
    );
    await doneAgo(h, request.id, 8 * DAY, now);
    await sweep(now);
    expect(await statusOf(h, request.id)).toBe('DISPUTED');
    expect(await notificationsOf(h, client.id, 'completion_due')).toEqual([]);
  });

  it('the client confirming while the sweep completes it: exactly one outcome', async () => {
    for (let round = 0; round < 4; round += 1) {
      const now = new Date();
      const { client, provider, request } = await hiredJob(h);
      await provider.agent.form('POST', `/api/work-requests/${request.id}/done`, requestForm({}));
      await doneAgo(h, request.id, 7 * DAY + 1000, now);
      const [confirmed, swept] = await Promise.all([
        client.agent.patch(`/api/work-requests/${request.id}/complete`),
        sweep(now),
      ]);
      expect(await statusOf(h, request.id)).toBe('COMPLETED');
      const providerTold = await notificationsOf(h, provider.id, 'job_completed');
      if (confirmed.statusCode === 200) {
        expect(swept.completed).toBe(0);
        expect(providerTold.map((n) => n.data.automatic)).toEqual([false]);
      } else {
        expect(confirmed.json().error).toBe('request_not_assigned');
        expect(swept.completed).toBe(1);
        expect(providerTold.map((n) => n.data.automatic)).toEqual([true]);
      }
    }
  });
});
