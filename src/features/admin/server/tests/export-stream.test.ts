import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import * as schema from '../../../../server/db/schema';
import { exportAudits } from '../audits.service';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query(
    `insert into audit_entries (created_at, action, outcome, message)
     select now() - g * interval '1 second', 'bulk', 'success', 'entry ' || g
     from generate_series(1, 5000) as g`,
  );
});

afterAll(async () => {
  await database.drop();
});

describe('the export stream', () => {
  it('reads the next batch only when the reader has taken the previous one', async () => {
    let batches = 0;
    const db = drizzle(database.pool, {
      schema,
      casing: 'snake_case',
      logger: {
        logQuery: (query) => {
          if (query.includes('"audit_entries"') && query.startsWith('select')) batches++;
        },
      },
    });
    const stream = await exportAudits(
      { db, writeAudit: async () => {} },
      { id: '00000000-0000-4000-8000-000000000001' },
      { action: 'bulk' },
      'ndjson',
    );
    // Nobody reads: the stream fills its buffer and stops asking for batches.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(batches).toBeLessThanOrEqual(2);

    let lines = 0;
    for await (const chunk of stream) lines += (chunk as Buffer).toString().split('\n').length - 1;
    expect(lines).toBe(5000);
    expect(batches).toBe(11); // ten full batches, then one that finds nothing more
  });
});
