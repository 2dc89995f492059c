import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { EventBus } from '../../../../server/events/bus';
import { bid, person } from '../../../notifications/server/tests/inbox-world';
import { expireDueRequests } from '../expiry';
import { after, DAY, endingRequest, HOUR, statusOf, told } from './expiry-world';

/**
 * The client's one extension of the time for bids (docs/requests.md "Time for bids"). Time is
 * moved by the test, as in expiry.test.ts: a request ends an hour ahead of the real clock and the
 * sweep is run as of a `now` past it.
 */
let h: AccountsHarness;
let events: EventBus;

beforeAll(async () => {
  h = await accountsHarness({ eventHandlers: (bus) => (events = bus) });
});
afterAll(async () => h.close());

const sweep = (now: Date) => expireDueRequests({ db: h.database.db, events }, now);

describe('the extension', () => {
  it('opens an expired request again for up to 14 days, once', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const request = await endingRequest(h, client);
    await sweep(after(request.bidsUntil));

    const before = Date.now();
    const extended = await client.agent.patch(`/api/work-requests/${request.id}/extend`, {
      days: 14,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const detail = extended.json().work_request;
    expect(detail.status).toBe('OPEN');
    expect(detail.extended).toBe(true);
    expect(detail.allowed_actions).not.toContain('extend');
    // Counted from now: the old end is an hour ahead, the new one 14 days from now.
    const until = new Date(detail.bids_until).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(until).toBeLessThanOrEqual(Date.now() + 14 * DAY + HOUR + 1_000);

    await bid(provider, request.id);
    const again = await client.agent.patch(`/api/work-requests/${request.id}/extend`, { days: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('request_already_extended');
  });

  it('moves the end of an open request from where it was', async () => {
    const client = await person(h, 'client');
    const request = await endingRequest(h, client);
    const extended = await client.agent.patch(`/api/work-requests/${request.id}/extend`, {
      days: 3,
    });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().work_request.bids_until).toBe(
      new Date(request.bidsUntil.getTime() + 3 * DAY).toISOString(),
    );
    // The old end passes: nothing expires.
    expect(await sweep(after(request.bidsUntil))).toBe(0);
    expect((await statusOf(h, request.id)).status).toBe('OPEN');
  });

  it('is refused with wrong days, to anyone but the client, and once nobody is to be found', async () => {
    const client = await person(h, 'client');
    const other = await person(h, 'client');
    const provider = await person(h, 'provider');
    const admin = await person(h, 'administrator');
    const request = await endingRequest(h, client);
    const path = `/api/work-requests/${request.id}/extend`;
    for (const days of [0, 15, 1.5, -1, '3', null, 1e308]) {
      const refused = await client.agent.patch(path, { days });
      expect(refused.statusCode, String(days)).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
    }
    expect((await client.agent.patch(path, {})).statusCode).toBe(400);
    for (const someone of [other, provider, admin]) {
      const refused = await someone.agent.patch(path, { days: 3 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('insufficient_permissions');
    }
    const unknown = await client.agent.patch(
      '/api/work-requests/00000000-0000-4000-8000-000000000000/extend',
      { days: 3 },
    );
    expect(unknown.statusCode).toBe(404);
    // A hired request takes no extension.
    const bidId = await bid(provider, request.id);
    expect((await client.agent.patch(`/api/bids/${bidId}/accept`)).statusCode).toBe(200);
    const hired = await client.agent.patch(path, { days: 3 });
    expect(hired.statusCode).toBe(409);
    expect(hired.json().error).toBe('request_not_open');
    expect((await statusOf(h, request.id)).extendedAt).toBeNull();
  });

  it('asked twice at once, extends once', async () => {
    const client = await person(h, 'client');
    const request = await endingRequest(h, client);
    const path = `/api/work-requests/${request.id}/extend`;
    const answers = await Promise.all([
      client.agent.patch(path, { days: 2 }),
      client.agent.patch(path, { days: 5 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const until = (await statusOf(h, request.id)).bidsUntil.getTime() - request.bidsUntil.getTime();
    expect([2 * DAY, 5 * DAY]).toContain(until);
  });

  it('racing the expiry, leaves one consistent outcome: open, extended, told at most once', async () => {
    const client = await person(h, 'client');
    const request = await endingRequest(h, client);
    const now = after(request.bidsUntil);
    const [extended] = await Promise.all([
      client.agent.patch(`/api/work-requests/${request.id}/extend`, { days: 7 }),
      sweep(now),
    ]);
    expect(extended.statusCode).toBe(200);
    const row = await statusOf(h, request.id);
    expect(row.status).toBe('OPEN');
    expect(row.extendedAt).not.toBeNull();
    expect((await told(h, 'request_expired', request.id)).length).toBeLessThanOrEqual(1);
    expect(await sweep(now)).toBe(0);
  });
});
