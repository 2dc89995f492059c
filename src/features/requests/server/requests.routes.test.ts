import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequest } from '../../../../tests/factories';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../server/app';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('GET /api/work-requests', () => {
  it('answers an empty first page when there are no requests', async () => {
    const response = await app.inject({ url: '/api/work-requests?page=1&limit=6' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      work_requests: [],
      pagination: { page: 1, total_pages: 1, total: 0 },
    });
  });

  it('lists open requests of active clients only, newest first, without contact data', async () => {
    const active = await createClient(database.db, { name: 'Aktívna Klientka' });
    const disabled = await createClient(database.db, { accountStatus: 'disabled' });
    const hour = 60 * 60 * 1000;
    const older = await createWorkRequest(database.db, active, {
      title: 'Staršia požiadavka',
      createdAt: new Date(Date.now() - 2 * hour),
    });
    const newer = await createWorkRequest(database.db, active, {
      title: 'Novšia požiadavka',
      createdAt: new Date(Date.now() - hour),
    });
    await createWorkRequest(database.db, active, {
      title: 'Pridelená požiadavka',
      status: 'ASSIGNED',
    });
    await createWorkRequest(database.db, active, {
      title: 'Zrušená požiadavka',
      status: 'CANCELLED',
    });
    await createWorkRequest(database.db, disabled, { title: 'Požiadavka vypnutého účtu' });

    const body = (await app.inject({ url: '/api/work-requests' })).json();
    expect(body.work_requests.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(body.pagination).toEqual({ page: 1, total_pages: 1, total: 2 });
    const text = JSON.stringify(body);
    expect(text).not.toContain(active.email);
    expect(text).not.toContain('Aktívna Klientka');
    expect(Object.keys(body.work_requests[0]).sort()).toEqual(
      ['category', 'created_at', 'description', 'id', 'location', 'status', 'title'].sort(),
    );
  });

  it('pages through the list', async () => {
    const client = await createClient(database.db);
    for (let i = 0; i < 5; i++)
      await createWorkRequest(database.db, client, { title: `Stránkovaná ${i}` });
    const page = (await app.inject({ url: '/api/work-requests?page=2&limit=3' })).json();
    expect(page.pagination).toEqual({ page: 2, total_pages: 3, total: 7 });
    expect(page.work_requests).toHaveLength(3);
  });

  it.each(['limit=0', 'limit=101', 'page=0', 'page=abc'])(
    'refuses %s with validation_failed',
    async (query) => {
      const response = await app.inject({ url: `/api/work-requests?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    },
  );
});
