import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { alerts, auditEntries } from '../admin.table';
import { applyRetention, startRetention } from '../retention';

let database: TestDatabase;
const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const ages = async () => ({
  audits: (await database.db.select().from(auditEntries)).map((r) => r.message).sort(),
  alerts: (await database.db.select().from(alerts)).map((r) => r.message).sort(),
});

describe('retention', () => {
  it('removes audit entries and alerts older than their retention, and nothing else', async () => {
    const at = (days: number) => new Date(now.getTime() - days * day);
    await database.db.insert(auditEntries).values(
      [1, 364, 366, 900].map((d) => ({
        createdAt: at(d),
        action: 'test',
        outcome: 'success',
        message: `${d} days`,
      })),
    );
    await database.db.insert(alerts).values(
      [1, 89, 91, 400].map((d) => ({
        createdAt: at(d),
        type: 'csp' as const,
        message: `${d} days`,
      })),
    );

    const result = await applyRetention(database.pool, { auditDays: 365, alertDays: 90 }, now);
    expect(result).toEqual({ ran: true, audits: 2, alerts: 2 });
    expect(await ages()).toEqual({
      audits: ['1 days', '364 days'],
      alerts: ['1 days', '89 days'],
    });
    expect(await applyRetention(database.pool, { auditDays: 365, alertDays: 90 }, now)).toEqual({
      ran: true,
      audits: 0,
      alerts: 0,
    });
  });

  it('removes many rows in batches', async () => {
    const old = new Date(now.getTime() - 400 * day);
    await database.pool.query(
      `insert into audit_entries (created_at, action, outcome)
       select $1::timestamptz, 'bulk', 'success' from generate_series(1, 12000)`,
      [old],
    );
    const result = await applyRetention(database.pool, { auditDays: 365, alertDays: 90 }, now);
    expect(result.audits).toBe(12000);
  });

  it('skips a round while another instance holds the lock', async () => {
    const other = await database.pool.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [0x6d616a_7265]);
      expect(await applyRetention(database.pool, { auditDays: 1, alertDays: 1 }, now)).toEqual({
        ran: false,
        audits: 0,
        alerts: 0,
      });
      await other.query('select pg_advisory_unlock($1)', [0x6d616a_7265]);
    } finally {
      other.release();
    }
  });

  it('runs in the background until stopped', async () => {
    await database.db.delete(auditEntries);
    await database.db.delete(alerts);
    await database.db.insert(auditEntries).values({
      createdAt: new Date(Date.now() - 10 * day),
      action: 'test',
      outcome: 'success',
      message: 'background',
    });
    const lines: string[] = [];
    const stop = startRetention(
      database.pool,
      { auditDays: 5, alertDays: 5 },
      { info: (line) => lines.push(line), error: () => {} },
      { firstAfterMs: 10, everyMs: 60_000 },
    );
    await expect.poll(() => lines).toEqual(['retention: removed 1 audit entries and 0 alerts']);
    await stop();
    expect((await ages()).audits).not.toContain('background');
  });
});
