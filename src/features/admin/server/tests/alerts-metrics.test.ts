import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { alerts } from '../tables';
import { lastSixtySeconds, memoryResponseCounts } from '../metrics';

let h: AccountsHarness;
let admin: Agent;
const minute = 60_000;

interface AlertsJson {
  alerts: { id: number; timestamp: string; type: string; message: string }[];
  pagination: { page: number; total_pages: number; total: number };
}
interface MetricsJson {
  rates: {
    window_totals: {
      last1m: { '4xx': number; '5xx': number };
      last10m: { lockouts: number; email_failures: number };
    };
  };
  per_minute: { minute: string; '4xx': number; '5xx': number }[];
}

beforeAll(async () => {
  h = await accountsHarness();
  admin = (await h.signedIn('administrator')).agent;
  const now = Date.now();
  await h.database.db.insert(alerts).values([
    // 25 CSP alerts, one a minute, the newest two minutes ago.
    ...Array.from({ length: 25 }, (_, i) => ({
      createdAt: new Date(now - (i + 2) * minute),
      type: 'csp' as const,
      message: `csp ${i}`,
    })),
    { createdAt: new Date(now - 3 * minute), type: 'lockout', message: 'locked 1' },
    { createdAt: new Date(now - 9 * minute), type: 'lockout', message: 'locked 2' },
    { createdAt: new Date(now - 11 * minute), type: 'lockout', message: 'too old' },
    { createdAt: new Date(now - 1 * minute), type: 'email', message: 'smtp down' },
    { createdAt: new Date(now - 30 * minute), type: 'email', message: 'too old' },
  ]);
});

afterAll(async () => {
  await h.close();
});

describe('GET /api/admin/alerts', () => {
  it('lists alerts newest first, twenty a page by default', async () => {
    const response = await admin.get('/api/admin/alerts');
    expect(response.statusCode).toBe(200);
    const body = response.json<AlertsJson>();
    expect(body.alerts).toHaveLength(20);
    expect(body.pagination).toEqual({ page: 1, total_pages: 2, total: 30 });
    expect(body.alerts[0]).toMatchObject({ type: 'email', message: 'smtp down' });
    const times = body.alerts.map((a) => Date.parse(a.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by type and pages with the dashboard page size', async () => {
    const body = (await admin.get('/api/admin/alerts?type=csp&limit=10&page=3')).json<AlertsJson>();
    expect(body.alerts.map((a) => a.message)).toEqual([20, 21, 22, 23, 24].map((i) => `csp ${i}`));
    expect(body.pagination).toEqual({ page: 3, total_pages: 3, total: 25 });
    const lockouts = (await admin.get('/api/admin/alerts?type=lockout')).json<AlertsJson>();
    expect(lockouts.alerts.map((a) => a.message)).toEqual(['locked 1', 'locked 2', 'too old']);
    expect((await admin.get('/api/admin/alerts?type=4xx')).json<AlertsJson>().alerts).toEqual([]);
    expect((await admin.get('/api/admin/alerts?type=nonsense')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/metrics', () => {
  it('counts error answers of the last minute and the last hour, minute by minute', async () => {
    const before = (await admin.get('/api/admin/metrics')).json<MetricsJson>();
    const anonymous = h.agent();
    for (let i = 0; i < 3; i++) await anonymous.get('/api/admin/metrics'); // 401
    await anonymous.get('/api/no-such-call'); // 404
    const response = await admin.get('/api/admin/metrics');
    expect(response.statusCode).toBe(200);
    const body = response.json<MetricsJson>();
    expect(body.rates.window_totals.last1m['4xx']).toBeGreaterThanOrEqual(
      before.rates.window_totals.last1m['4xx'] + 4,
    );
    expect(body.rates.window_totals.last1m['5xx']).toBe(0);
    expect(body.per_minute).toHaveLength(60);
    const minutes = body.per_minute.map((m) => Date.parse(m.minute));
    for (let i = 1; i < 60; i++) expect(minutes[i]! - minutes[i - 1]!).toBe(minute);
    expect(Date.now() - minutes[59]!).toBeLessThan(minute);
    expect(Date.now() - minutes[59]!).toBeGreaterThanOrEqual(0);
    const hour4xx = body.per_minute.reduce((sum, m) => sum + m['4xx'], 0);
    expect(hour4xx).toBeGreaterThanOrEqual(4);
  });

  it('counts lockouts and mail failures of the last ten minutes from the alerts', async () => {
    const body = (await admin.get('/api/admin/metrics')).json<MetricsJson>();
    expect(body.rates.window_totals.last10m).toEqual({ lockouts: 2, email_failures: 1 });
  });
});

describe('response counts', () => {
  it('keep 4xx and 5xx per minute and forget the rest', async () => {
    const counts = memoryResponseCounts();
    const t = new Date('2026-11-23T10:00:30Z');
    counts.record(200, t);
    counts.record(302, t);
    counts.record(404, t);
    counts.record(429, t);
    counts.record(503, t);
    counts.record(500, new Date('2026-11-23T09:59:10Z'));
    counts.record(400, new Date('2026-11-23T08:00:00Z')); // older than the hour
    const last = await counts.lastMinutes(new Date('2026-11-23T10:00:45Z'), 60);
    expect(last).toHaveLength(60);
    expect(last[0]!.minute.toISOString()).toBe('2026-11-23T09:01:00.000Z');
    expect(last[59]).toEqual({ minute: new Date('2026-11-23T10:00:00Z'), '4xx': 2, '5xx': 1 });
    expect(last[58]).toEqual({ minute: new Date('2026-11-23T09:59:00Z'), '4xx': 0, '5xx': 1 });
    expect(last.reduce((sum, m) => sum + m['4xx'], 0)).toBe(2);
  });

  it('estimate the last sixty seconds from the current and the previous minute', () => {
    expect(lastSixtySeconds(new Date('2026-11-23T10:00:00Z'), 10, 0)).toBe(10);
    expect(lastSixtySeconds(new Date('2026-11-23T10:00:45Z'), 8, 3)).toBe(5);
    expect(lastSixtySeconds(new Date('2026-11-23T10:00:59.999Z'), 8, 3)).toBe(3);
  });
});
