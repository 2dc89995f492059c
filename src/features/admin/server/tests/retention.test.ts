import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { alerts, auditEntries } from '../tables';
import { conversationReports } from '../../../conversations/server/tables';
import { startJobQueue } from '../../../../server/jobs/job-queue';
import { applyRetention, scheduleRetention } from '../retention';

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
    expect(result).toEqual({ audits: 2, alerts: 2, reports: 0 });
    expect(await ages()).toEqual({
      audits: ['1 days', '364 days'],
      alerts: ['1 days', '89 days'],
    });
    expect(await applyRetention(database.pool, { auditDays: 365, alertDays: 90 }, now)).toEqual({
      audits: 0,
      alerts: 0,
      reports: 0,
    });
  });

  it('removes reports of conversations closed longer ago than the audit retention, never open ones', async () => {
    const at = (days: number) => new Date(now.getTime() - days * day);
    await database.db.insert(conversationReports).values(
      (
        [
          ['open, old', 900, null],
          ['closed recently', 900, 10],
          ['closed long ago', 900, 400],
        ] as const
      ).map(([note, created, closed]) => ({
        reason: 'spam',
        note,
        requestTitle: 'Obklad',
        messages: [],
        createdAt: at(created),
        closedAt: closed === null ? null : at(closed),
      })),
    );
    const result = await applyRetention(database.pool, { auditDays: 365, alertDays: 90 }, now);
    expect(result.reports).toBe(1);
    const left = await database.db.select().from(conversationReports);
    expect(left.map((r) => r.note).sort()).toEqual(['closed recently', 'open, old']);
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

  it("runs on the job queue's schedule", async () => {
    await database.db.delete(auditEntries);
    await database.db.delete(alerts);
    await database.db.delete(conversationReports);
    await database.db.insert(auditEntries).values({
      createdAt: new Date(Date.now() - 10 * day),
      action: 'test',
      outcome: 'success',
      message: 'background',
    });
    const lines: string[] = [];
    const queue = await startJobQueue(
      database.pool,
      { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
      () => {},
    );
    try {
      // Every minute: the schedule is due as soon as the queue starts.
      await scheduleRetention(queue, database.pool, { auditDays: 5, alertDays: 5 }, '* * * * *', {
        info: (line) => lines.push(line),
        error: () => {},
      });
      await expect
        .poll(() => lines, { timeout: 15_000 })
        .toEqual(['retention: removed 1 audit entries and 0 alerts']);
    } finally {
      await queue.stop();
    }
    expect((await ages()).audits).not.toContain('background');
  });
});
