import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../../../../tests/factories';
import { PDF, SVG_WITH_SCRIPT, file, requestForm } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { attachments, bids, workRequests } from '../../../../server/db/schema';

let h: AccountsHarness;
let client: Agent;
let photo: Buffer;

const fields = {
  title: 'Nový obklad v kúpeľni',
  category: 'tiling',
  description: 'Strhnúť starý obklad a položiť nový, asi 6 m².',
  location: 'Bratislava – Petržalka',
};

interface Card {
  id: string;
  created_at: string;
  bid_count: number;
  deadline: string | null;
  thumbnail_url: string | null;
  new_bid_count?: number;
}

/** A 1200 × 800 JPEG photo with camera metadata, as phones take them (GPS and all). */
async function cameraPhoto() {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a0522d' } })
    .withExif({ IFD0: { Make: 'Phone', Model: 'Camera 1' }, IFD3: { GPSLatitudeRef: 'N' } })
    .jpeg()
    .toBuffer();
}

async function post(agent: Agent, files: File[], extra: Record<string, string> = {}) {
  const response = await agent.form(
    'POST',
    '/api/work-requests',
    requestForm({ ...fields, ...extra }, files),
  );
  expect(response.statusCode).toBe(201);
  return response.json().work_request as { id: string; attachments: { id: string }[] };
}

async function browse(agent: Agent = h.agent()) {
  const response = await agent.get('/api/work-requests');
  expect(response.statusCode).toBe(200);
  return response.json().work_requests as Card[];
}

async function placeBids(requestId: string, count: number, at = new Date()) {
  for (let i = 0; i < count; i++) {
    const provider = await createProvider(h.database.db);
    await h.database.db.insert(bids).values({
      workRequestId: requestId,
      providerId: provider.id,
      amountCents: 12_000,
      description: 'Urobím to do týždňa, materiál zabezpečím.',
      createdAt: at,
    });
  }
}

beforeAll(async () => {
  h = await accountsHarness();
  ({ agent: client } = await h.signedIn('client', { name: 'Katarína Zadávateľka' }));
  photo = await cameraPhoto();
});
afterAll(async () => h.close());

describe('request cards', () => {
  it('count the bids so far and show the deadline', async () => {
    const quiet = await post(client, []);
    const busy = await post(client, [], { deadline: '2099-05-01' });
    await placeBids(busy.id, 3);
    const cards = await browse();
    expect(cards.find((card) => card.id === busy.id)).toMatchObject({
      bid_count: 3,
      deadline: '2099-05-01',
    });
    expect(cards.find((card) => card.id === quiet.id)).toMatchObject({
      bid_count: 0,
      deadline: null,
      thumbnail_url: null,
    });
  });

  it('carry every field as it was posted, the same in the list and in a search', async () => {
    const posted = await post(client, [file(photo, 'batéria.jpg', 'image/jpeg')], {
      title: 'Výmena vodovodnej batérie',
      deadline: '2099-06-15',
    });
    await placeBids(posted.id, 2);
    const page = (await client.get(`/api/work-requests/${posted.id}`)).json().work_request;
    const expected = {
      id: posted.id,
      title: 'Výmena vodovodnej batérie',
      description: fields.description,
      category: fields.category,
      location: fields.location,
      status: 'OPEN',
      created_at: page.created_at,
      bid_count: 2,
      deadline: '2099-06-15',
      thumbnail_url: `/api/work-requests/${posted.id}/attachments/${posted.attachments[0]!.id}/thumbnail`,
      // Only a search around a place measures a distance.
      distance_km: null,
      place_name: null,
      // The request's page and its card agree on until when it takes bids (14 days by default).
      bids_until: page.bids_until,
    };
    expect((await browse()).find((card) => card.id === posted.id)).toEqual(expected);
    const found = await h.agent().get('/api/work-requests?q=vodovodnej');
    expect(found.json().work_requests).toEqual([expected]);
  });

  it('tell when the request was posted to the millisecond, in the list, a search, its page and My requests', async () => {
    const posted = await post(client, [], { title: 'Oprava komína pred zimou' });
    // Microseconds the browser never sees: cut, as JavaScript's dates cut them, never rounded up.
    await h.database.db
      .update(workRequests)
      .set({ createdAt: sql`timestamptz '2026-11-20 10:11:12.999900+00'` })
      .where(eq(workRequests.id, posted.id));
    const expected = '2026-11-20T10:11:12.999Z';
    const listed = (await browse()).find((card) => card.id === posted.id);
    expect(listed?.created_at).toBe(expected);
    const found = await h.agent().get('/api/work-requests?q=komina');
    expect(found.json().work_requests.map((card: Card) => [card.id, card.created_at])).toEqual([
      [posted.id, expected],
    ]);
    const page = await client.get(`/api/work-requests/${posted.id}`);
    expect(page.json().work_request.created_at).toBe(expected);
    const mine = (await client.get('/api/work-requests/my')).json().work_requests as Card[];
    expect(mine.find((card) => card.id === posted.id)?.created_at).toBe(expected);
  });

  it('make a small re-encoded preview of a photo at upload, without its metadata', async () => {
    const created = await post(client, [
      file(PDF, 'pôdorys.pdf', 'application/pdf'),
      file(photo, 'kúpeľňa.jpg', 'image/jpeg'),
    ]);
    const [pdf, jpeg] = created.attachments;
    const rows = await h.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.workRequestId, created.id))
      .orderBy(attachments.position);
    expect(rows.map((row) => row.thumbnailKey === null)).toEqual([true, false]);

    const card = (await browse()).find((c) => c.id === created.id)!;
    expect(card.thumbnail_url).toBe(
      `/api/work-requests/${created.id}/attachments/${jpeg!.id}/thumbnail`,
    );
    // Nothing in the card leads to an uploaded file: no download address, no PDF's id.
    expect(JSON.stringify(card)).not.toContain('/download');
    expect(JSON.stringify(card)).not.toContain(pdf!.id);

    const preview = await client.get(card.thumbnail_url!);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(preview.rawPayload.length).toBeLessThan(photo.length / 4);
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBeLessThanOrEqual(320);
    expect(meta.exif).toBeUndefined();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
  });

  it('never render an SVG into a preview', async () => {
    const created = await post(client, [file(SVG_WITH_SCRIPT, 'plan.svg', 'image/svg+xml')]);
    const card = (await browse()).find((c) => c.id === created.id)!;
    expect(card.thumbnail_url).toBeNull();
    const refused = await client.get(
      `/api/work-requests/${created.id}/attachments/${created.attachments[0]!.id}/thumbnail`,
    );
    expect(refused.statusCode).toBe(404);
  });

  it('serve the preview under exactly the download’s rules', async () => {
    const created = await post(client, [file(photo, 'kúpeľňa.jpg', 'image/jpeg')]);
    const attachmentId = created.attachments[0]!.id;
    const base = `/api/work-requests/${created.id}/attachments/${attachmentId}`;
    const { agent: stranger } = await h.signedIn('provider');
    const { agent: bidder, id: bidderId } = await h.signedIn('provider');
    const { agent: administrator } = await h.signedIn('administrator');
    await h.database.db.insert(bids).values({
      workRequestId: created.id,
      providerId: bidderId,
      amountCents: 9_000,
      description: 'Mám voľný termín budúci týždeň.',
    });

    const statuses = async () => {
      const answers: Record<string, [number, number]> = {};
      for (const [who, agent] of Object.entries({
        visitor: h.agent(),
        stranger,
        bidder,
        administrator,
        client,
      })) {
        const [thumbnail, download] = await Promise.all([
          agent.get(`${base}/thumbnail`),
          agent.get(`${base}/download`),
        ]);
        answers[who] = [thumbnail.statusCode, download.statusCode];
      }
      return answers;
    };

    // Open: anyone signed in, as for the file itself; a visitor is asked to sign in.
    expect(await statuses()).toEqual({
      visitor: [401, 401],
      stranger: [200, 200],
      bidder: [200, 200],
      administrator: [200, 200],
      client: [200, 200],
    });
    await h.database.db
      .update(workRequests)
      .set({ status: 'CANCELLED' })
      .where(eq(workRequests.id, created.id));
    // Not open any more: a stranger meets the same 404 as for a file that does not exist.
    expect(await statuses()).toEqual({
      visitor: [401, 401],
      stranger: [404, 404],
      bidder: [200, 200],
      administrator: [200, 200],
      client: [200, 200],
    });
  });

  it('are removed with their previews when the request is deleted', async () => {
    const before = h.storedFiles().length;
    const created = await post(client, [file(photo, 'kúpeľňa.jpg', 'image/jpeg')]);
    expect(h.storedFiles().length).toBe(before + 2);
    expect((await client.delete(`/api/work-requests/${created.id}`)).statusCode).toBe(200);
    expect(h.storedFiles().length).toBe(before);
  });
});

describe('My requests', () => {
  const mine = async (agent: Agent) => {
    const response = await agent.get('/api/work-requests/my');
    expect(response.statusCode).toBe(200);
    return response.json().work_requests as Card[];
  };

  it('counts bids and marks those placed since the client last opened the request', async () => {
    const { agent: owner } = await h.signedIn('client');
    const created = await post(owner, []);
    const entry = async () => (await mine(owner)).find((r) => r.id === created.id)!;

    expect(await entry()).toMatchObject({ bid_count: 0, new_bid_count: 0 });
    await placeBids(created.id, 2, new Date(Date.now() - 60_000));
    // Never opened since: every bid is new.
    expect(await entry()).toMatchObject({ bid_count: 2, new_bid_count: 2 });

    // Others opening the page see nothing for the client.
    const { agent: administrator } = await h.signedIn('administrator');
    expect((await administrator.get(`/api/work-requests/${created.id}`)).statusCode).toBe(200);
    expect(await entry()).toMatchObject({ new_bid_count: 2 });

    expect((await owner.get(`/api/work-requests/${created.id}`)).statusCode).toBe(200);
    expect(await entry()).toMatchObject({ bid_count: 2, new_bid_count: 0 });

    await placeBids(created.id, 1);
    expect(await entry()).toMatchObject({ bid_count: 3, new_bid_count: 1 });
    expect((await owner.get(`/api/work-requests/${created.id}`)).statusCode).toBe(200);
    expect(await entry()).toMatchObject({ bid_count: 3, new_bid_count: 0 });
  });

  it('leaves the request’s last change as it was when the client only looked', async () => {
    const { agent: owner } = await h.signedIn('client');
    const created = await post(owner, []);
    await placeBids(created.id, 1);
    const updatedAt = async () =>
      (
        await h.database.db
          .select({ at: workRequests.updatedAt })
          .from(workRequests)
          .where(eq(workRequests.id, created.id))
      )[0]!.at.toISOString();
    const before = await updatedAt();
    await owner.get(`/api/work-requests/${created.id}`);
    expect(await updatedAt()).toBe(before);
  });
});
