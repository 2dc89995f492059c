import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { createClient } from '../../tests/factories';
import { openSession } from '../features/accounts/server/sessions';
import { Agent } from '../../tests/support/agent';
import { buildApp, type App } from './app';

let database: TestDatabase;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ db: database.db, logger: { level: 'error', stream } });
  // Names holding this word now break a constraint: the update fails inside PostgreSQL.
  await database.db.execute(
    sql`ALTER TABLE users ADD CONSTRAINT users_name_test_check CHECK (name NOT LIKE '%Tajomná%')`,
  );
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('a failed query in the log', () => {
  it('names the error class, the PostgreSQL code, the constraint and the table, and nothing a person wrote', async () => {
    const client = await createClient(database.db, { email: 'tajomna.osoba@example.test' });
    const agent = new Agent(app);
    agent.useSession((await openSession(database.db, client.id)).token, 'sk');

    const failed = await agent.put('/api/users/profile', {
      name: 'Tajomná Osoba',
      phone_number: '+421 911 222 333',
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toBe('internal_error');

    const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: unknown });
    const entry = logged.find((line) => line.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: {
        type: 'DatabaseError',
        code: '23514',
        constraint: 'users_name_test_check',
        table: 'users',
      },
    });
    const text = lines.join('\n');
    for (const secret of ['Tajomná', 'tajomna.osoba', '911 222 333', 'update ', 'Failing row'])
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
  });
});
