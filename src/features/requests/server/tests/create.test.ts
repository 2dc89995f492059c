import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import {
  EXE,
  JPEG,
  PDF,
  PNG,
  SVG_WITH_SCRIPT,
  TEXT,
  file,
  requestForm,
} from '../../../../../tests/factories/files';
import { attachments, users, workRequests } from '../../../../server/db/schema';
import type { Agent } from '../../../../../tests/support/agent';

let h: AccountsHarness;
let client: Agent;
let clientEmail: string;
beforeAll(async () => {
  h = await accountsHarness();
});
// Each test posts as a client of its own: posts count in the upload rate-limit group.
beforeEach(async () => {
  ({ agent: client, email: clientEmail } = await h.signedIn('client', {
    name: 'Katarína Zadávateľka',
  }));
});
afterAll(async () => h.close());

const fields = {
  title: 'Nový obklad v kúpeľni',
  category: 'tiling',
  description: 'Strhnúť starý obklad a položiť nový, asi 6 m².',
  location: 'Bratislava – Petržalka',
};

/** A date this many days from today (UTC), as the form sends it. */
const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function countRows() {
  const [requests, files] = await Promise.all([
    h.database.db.select().from(workRequests),
    h.database.db.select().from(attachments),
  ]);
  return { requests: requests.length, files: files.length };
}

describe('POST /api/work-requests', () => {
  it('posts a request with an image and a PDF, recording the contact from the profile', async () => {
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm({ ...fields, client_id: '00000000-0000-0000-0000-000000000000' }, [
        file(PNG, 'kúpeľňa teraz.png', 'image/png'),
        file(PDF, 'pôdorys.pdf', 'application/pdf'),
      ]),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().work_request;
    expect(created).toMatchObject({
      title: fields.title,
      category: 'tiling',
      location: 'Bratislava – Petržalka',
      status: 'OPEN',
      contact_name: 'Katarína Zadávateľka',
      contact_email: clientEmail,
      is_owner: true,
    });
    expect(
      created.attachments.map((a: { filename: string; mime_type: string }) => [
        a.filename,
        a.mime_type,
      ]),
    ).toEqual([
      ['kúpeľňa teraz.png', 'image/png'],
      ['pôdorys.pdf', 'application/pdf'],
    ]);
    const [row] = await h.database.db
      .select()
      .from(workRequests)
      .where(eq(workRequests.id, created.id));
    const [me] = await h.database.db.select().from(users).where(eq(users.email, clientEmail));
    expect(row!.clientId).toBe(me!.id);
    const stored = await h.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.workRequestId, created.id));
    for (const attachment of stored) {
      expect(attachment.storageKey).not.toContain('.');
      expect(await h.storage.exists(attachment.storageKey)).toBe(true);
    }
  });

  it('takes up to five files and refuses a sixth, keeping nothing', async () => {
    const before = await countRows();
    const six = Array.from({ length: 6 }, (_, i) => file(TEXT, `poznamka-${i}.txt`, 'text/plain'));
    const response = await client.form('POST', '/api/work-requests', requestForm(fields, six));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('too_many_files');
    expect(await countRows()).toEqual(before);

    const five = Array.from({ length: 5 }, (_, i) => file(TEXT, `poznamka-${i}.txt`, 'text/plain'));
    expect(
      (await client.form('POST', '/api/work-requests', requestForm(fields, five))).statusCode,
    ).toBe(201);
  });

  it('takes a file of exactly 5 MB and refuses 5 MB + 1 byte', async () => {
    const exactly = Buffer.concat([TEXT, Buffer.alloc(5 * 1024 * 1024 - TEXT.length, 'a')]);
    const ok = await client.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(exactly, 'velky.txt')]),
    );
    expect(ok.statusCode).toBe(201);

    const before = await countRows();
    const tooBig = Buffer.concat([exactly, Buffer.from('a')]);
    const refused = await client.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(tooBig, 'velky.txt')]),
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe('file_too_large');
    expect(await countRows()).toEqual(before);
  });

  it('refuses a program disguised by its extension and the browser type it claims', async () => {
    const before = await countRows();
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(PNG, 'ok.png', 'image/png'), file(EXE, 'fotka.jpg', 'image/jpeg')]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'unsupported_file_type' });
    expect(response.json().message).toContain('fotka.jpg');
    expect(await countRows()).toEqual(before);
  });

  it('refuses a file whose content does not match its name', async () => {
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(PDF, 'fotka.jpg', 'image/jpeg')]),
    );
    expect(response.json().error).toBe('file_type_mismatch');
  });

  it('keeps only the file name of a path, as display text', async () => {
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(JPEG, '../../../etc/cron.d/plan.jpg', 'image/jpeg')]),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().work_request.attachments[0].filename).toBe('plan.jpg');
  });

  it('accepts an SVG with a script, to be served so that it can never run', async () => {
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(SVG_WITH_SCRIPT, 'nakres.svg', 'image/svg+xml')]),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().work_request;
    const download = await client.get(
      `/api/work-requests/${created.id}/attachments/${created.attachments[0].id}/download?disposition=inline`,
    );
    expect(download.headers['content-type']).toBe('image/svg+xml');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['content-security-policy']).toContain("default-src 'none'");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['title', { title: 'Krát' }, 'title_length'],
    ['description', { description: 'Krátko' }, 'description_length'],
    ['category', { category: 'astrology' }, 'category_required'],
    ['location', { location: '  ' }, 'required'],
    ['deadline', { deadline: '0000-01-01' }, 'deadline_past'],
    ['deadline', { deadline: '99999-01-01' }, 'deadline_invalid'],
    ['deadline', { deadline: '2030-02-30' }, 'deadline_invalid'],
    ['deadline', { deadline: daysFromToday(-2) }, 'deadline_past'],
  ])('refuses a bad %s', async (field, change, message) => {
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm({ ...fields, ...change }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('takes a deadline of today or later', async () => {
    for (const deadline of [daysFromToday(0), daysFromToday(30), '9999-12-31']) {
      const response = await client.form(
        'POST',
        '/api/work-requests',
        requestForm({ ...fields, deadline }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().work_request.deadline).toBe(deadline);
    }
  });

  it('refuses missing fields, keeping nothing', async () => {
    const before = await countRows();
    const response = await client.form(
      'POST',
      '/api/work-requests',
      requestForm({}, [file(PNG, 'a.png')]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
    expect(await countRows()).toEqual(before);
  });

  it('is for verified clients only', async () => {
    const provider = (await h.signedIn('provider')).agent;
    const asProvider = await provider.form('POST', '/api/work-requests', requestForm(fields));
    expect(asProvider.statusCode).toBe(403);
    expect(asProvider.json().error).toBe('client_only');

    const visitor = await h.agent().form('POST', '/api/work-requests', requestForm(fields));
    expect(visitor.json().error).toBe('client_only');

    const { agent, id } = await h.signedIn('client');
    await h.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, id));
    const unverified = await agent.form('POST', '/api/work-requests', requestForm(fields));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toBe('email_not_verified');
  });

  it('counts in the upload rate-limit group: ten posts per 15 minutes', async () => {
    const { agent } = await h.signedIn('client');
    for (let i = 0; i < 10; i++) {
      expect((await agent.form('POST', '/api/work-requests', requestForm(fields))).statusCode).toBe(
        201,
      );
    }
    const eleventh = await agent.form('POST', '/api/work-requests', requestForm(fields));
    expect(eleventh.statusCode).toBe(429);
  });

  it('leaves no request and no files behind when the database fails half-way', async () => {
    await h.database.db.execute(sql`
      create function refuse_attachment() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$;
      create trigger refuse_attachment before insert on attachments for each row execute function refuse_attachment();
    `);
    try {
      const before = await countRows();
      const filesBefore = h.storedFiles().length;
      const response = await client.form(
        'POST',
        '/api/work-requests',
        requestForm(fields, [file(PNG, 'a.png'), file(PDF, 'b.pdf')]),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toBe('internal_error');
      expect(response.body).not.toContain('disk full');
      expect(await countRows()).toEqual(before);
      expect(h.storedFiles()).toHaveLength(filesBefore);
    } finally {
      await h.database.db.execute(
        sql`drop trigger refuse_attachment on attachments; drop function refuse_attachment()`,
      );
    }
  });
});
