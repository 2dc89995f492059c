import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { AUDIT_COLUMNS } from '../audits.presenter';
import { auditEntries } from '../tables';

let h: AccountsHarness;
let admin: Agent;
let adminId: string;
const actorA = '11111111-1111-4111-8111-111111111111';
const actorB = '22222222-2222-4222-8222-222222222222';
const minute = 60_000;
const base = Date.now() - 60 * minute;

interface AuditJson {
  id: number;
  timestamp: string;
  action: string;
  actor_id: string | null;
  actor_type: string | null;
  request_id: string | null;
  message: string | null;
}
interface AuditsJson {
  audits: AuditJson[];
  pagination: { page: number; total_pages: number; total: number };
  total: number;
  total_estimated?: boolean;
}

/** RFC 4180: quoted cells may hold commas, doubled quotes, CR and LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error(`unterminated last line: ${cell}`);
  return rows;
}

const list = async (query = '') => {
  const response = await admin.get(`/api/admin/audits${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditsJson>();
};

beforeAll(async () => {
  h = await accountsHarness();
  const signedIn = await h.signedIn('administrator');
  admin = signedIn.agent;
  adminId = signedIn.id;
  // 25 entries one minute apart: 15 by actor A (client, auth.login.success), 10 by B (provider).
  await h.database.db.insert(auditEntries).values(
    Array.from({ length: 25 }, (_, i) => ({
      createdAt: new Date(base + i * minute),
      action: i < 15 ? 'auth.login.success' : 'bid.create',
      outcome: 'success',
      actorType: i < 15 ? 'client' : 'provider',
      actorId: i < 15 ? actorA : actorB,
      httpRequestId: `req-${i}`,
      message: `entry ${i}`,
    })),
  );
  // Cells a spreadsheet would run, and cells that need quoting.
  await h.database.db.insert(auditEntries).values(
    ['=cmd|calc', '+1', '-1', '@x', '\tx', '\rx', 'a, "quoted"\nline'].map((message, i) => ({
      createdAt: new Date(base - (i + 1) * minute),
      action: 'tricky',
      outcome: 'failure',
      actorType: 'administrator',
      message,
      httpRequestId: i === 0 ? '=HYPERLINK("http://x")' : null,
    })),
  );
});

afterAll(async () => {
  await h.close();
});

describe('who may read the audit trail, alerts and metrics', () => {
  const routes = [
    '/api/admin/audits',
    '/api/admin/audits/export?format=csv',
    '/api/admin/alerts',
    '/api/admin/metrics',
  ];

  it('refuses anonymous people with 401 and clients and providers with 403', async () => {
    const client = (await h.signedIn('client')).agent;
    const provider = (await h.signedIn('provider')).agent;
    for (const url of routes) {
      expect((await h.agent().get(url)).statusCode, url).toBe(401);
      expect((await client.get(url)).statusCode, url).toBe(403);
      expect((await provider.get(url)).json(), url).toMatchObject({
        error: 'insufficient_permissions',
      });
    }
  });
});

describe('GET /api/admin/audits', () => {
  it('lists entries newest first, ten a page, with the total', async () => {
    const body = await list('?action=auth.login.success');
    expect(body.total).toBe(15);
    expect(body.total_estimated).toBe(false);
    expect(body.pagination).toEqual({ page: 1, total_pages: 2, total: 15 });
    expect(body.audits).toHaveLength(10);
    expect(body.audits[0]).toMatchObject({
      action: 'auth.login.success',
      actor_type: 'client',
      actor_id: actorA,
      request_id: 'req-14',
      message: 'entry 14',
      level: 'info',
      outcome: 'success',
      target_type: null,
      target_user_id: null,
    });
    const times = body.audits.map((a) => Date.parse(a.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await list('?action=auth.login.success&page=2');
    expect(second.audits.map((a) => a.message)).toEqual([4, 3, 2, 1, 0].map((i) => `entry ${i}`));
    expect(second.pagination).toEqual({ page: 2, total_pages: 2, total: 15 });
  });

  it('filters by request id, action, actor id and actor type, together too', async () => {
    expect((await list('?request_id=req-3')).audits.map((a) => a.message)).toEqual(['entry 3']);
    expect((await list('?action=bid.create')).total).toBe(10);
    expect((await list(`?actor_id=${actorB}`)).total).toBe(10);
    expect((await list('?actor_type=client&action=auth.login.success')).total).toBe(15);
    // The client's refused calls on the admin routes (the first test) are in the trail too.
    expect((await list('?actor_type=client&action=admin.access.denied')).total).toBeGreaterThan(0);
    expect((await list('?actor_type=administrator&action=tricky')).total).toBe(7);
    expect((await list(`?actor_id=${actorA}&action=bid.create`)).total).toBe(0);
    // "All" in the actor type sends it empty: every type, as without it.
    expect((await list('?actor_type=&action=bid.create')).total).toBe(10);
    expect((await list('?actor_type=&request_id=&action=bid.create')).total).toBe(10);
    const none = await list('?action=nothing.like.this');
    expect(none).toEqual({
      audits: [],
      pagination: { page: 1, total_pages: 1, total: 0 },
      total: 0,
      total_estimated: false,
    });
  });

  it('takes another page size and answers an empty page past the end', async () => {
    const body = await list(`?actor_id=${actorB}&limit=4&page=3`);
    expect(body.audits.map((a) => a.message)).toEqual(['entry 16', 'entry 15']);
    expect(body.pagination).toEqual({ page: 3, total_pages: 3, total: 10 });
    const past = await list(`?actor_id=${actorB}&limit=4&page=9`);
    expect(past.audits).toEqual([]);
    expect(past.total).toBe(10);
  });

  it('searches every actor type when the type is left empty ("All")', async () => {
    const every = await list('?action=auth.login.success');
    expect(every.total).toBe(15);
    const all = await list('?actor_type=&action=auth.login.success&request_id=&actor_id=');
    expect(all.total).toBe(15);
    expect(all.audits.map((a) => a.id)).toEqual(every.audits.map((a) => a.id));
    expect((await list('?actor_type=')).total).toBe((await list('')).total);
  });

  it('refuses a malformed actor id or actor type', async () => {
    const bad = await admin.get('/api/admin/audits?actor_id=not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    const robot = await admin.get('/api/admin/audits?actor_type=robot');
    expect(robot.statusCode).toBe(400);
    expect(robot.json()).toMatchObject({
      error: 'validation_failed',
      details: [{ field: 'actor_type', message: 'choice_invalid' }],
    });
    const long = await admin.get(`/api/admin/audits?action=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ details: [{ field: 'action', message: 'too_long' }] });
    expect((await admin.get('/api/admin/audits?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/audits/export', () => {
  it('sends every matching entry as audits.csv with a header row', async () => {
    const response = await admin.get('/api/admin/audits/export?action=auth.login.success');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audits.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...AUDIT_COLUMNS]);
    expect(rows).toHaveLength(16);
    const record = Object.fromEntries(AUDIT_COLUMNS.map((c, i) => [c, rows[1]![i]]));
    expect(record).toMatchObject({
      action: 'auth.login.success',
      actor_type: 'client',
      actor_id: actorA,
      request_id: 'req-14',
      message: 'entry 14',
      target_type: '',
    });
    expect(rows.slice(1).map((r) => r[10])).toEqual(
      Array.from({ length: 15 }, (_, i) => `entry ${14 - i}`),
    );
  });

  it('quotes cells as RFC 4180 says and neutralises formulas', async () => {
    const response = await admin.get('/api/admin/audits/export?format=csv&action=tricky');
    const rows = parseCsv(response.body);
    const messages = rows.slice(1).map((r) => r[AUDIT_COLUMNS.indexOf('message')]);
    expect(messages).toEqual([
      "'=cmd|calc",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      'a, "quoted"\nline',
    ]);
    expect(rows[1]![AUDIT_COLUMNS.indexOf('request_id')]).toBe(`'=HYPERLINK("http://x")`);
    // Exactly what is on the wire for the quoted cell.
    expect(response.body).toContain('"a, ""quoted""\nline"\r\n');
    expect(response.body).toContain(`"'\rx"`);
  });

  it('sends audits.ndjson, one JSON object a line, with the same filters', async () => {
    const response = await admin.get(
      `/api/admin/audits/export?format=ndjson&actor_type=provider&actor_id=${actorB}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audits.ndjson"');
    expect(response.body.endsWith('\n')).toBe(true);
    const lines = response.body.slice(0, -1).split('\n');
    expect(lines).toHaveLength(10);
    const objects = lines.map((line) => JSON.parse(line) as AuditJson);
    for (const object of objects) {
      expect(object).toMatchObject({ actor_id: actorB, action: 'bid.create' });
      expect(Object.keys(object)).toEqual([...AUDIT_COLUMNS]);
    }
    const tricky = await admin.get('/api/admin/audits/export?format=ndjson&action=tricky');
    const parsed = tricky.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditJson);
    expect(parsed.map((a) => a.message)).toContain('a, "quoted"\nline');
    expect(parsed.map((a) => a.message)).toContain('=cmd|calc');
  });

  it('streams more entries than one batch, each exactly once', async () => {
    await h.database.db.execute(sql`
      insert into audit_entries (created_at, action, outcome, actor_type, message)
      select now() - interval '2 days' + (g % 7) * interval '1 second', 'bulk.export', 'success',
             'system', 'bulk ' || g
      from generate_series(1, 2500) as g`);
    const response = await admin.get('/api/admin/audits/export?format=ndjson&action=bulk.export');
    const ids = response.body
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as AuditJson).id);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });

  it('records who exported, and refuses an unknown format', async () => {
    await admin.get('/api/admin/audits/export?format=ndjson&request_id=none');
    const body = await list(`?action=admin.audits.export&actor_id=${adminId}`);
    expect(body.audits[0]).toMatchObject({ actor_type: 'administrator', message: 'format ndjson' });
    expect((await admin.get('/api/admin/audits/export?format=xlsx')).statusCode).toBe(400);
  });
});

describe('a million-row filter', () => {
  it('counts exactly up to 1 000 and estimates beyond, paging the newest 10 000', async () => {
    await h.database.db.execute(sql`
      insert into audit_entries (created_at, action, outcome)
      select now() - interval '1 day' - g * interval '1 second', 'bulk.many', 'success'
      from generate_series(1, 10050) as g`);
    await h.database.db.execute(sql`analyze audit_entries`);
    const body = await list('?action=bulk.many');
    expect(body.total_estimated).toBe(true);
    expect(body.total).toBeGreaterThan(1_000);
    expect(body.pagination.total_pages).toBe(1000);
    expect((await list('?action=bulk.many&page=1000')).audits).toHaveLength(10);
    expect((await list('?action=bulk.many&page=1001')).audits).toEqual([]);
  });
});
