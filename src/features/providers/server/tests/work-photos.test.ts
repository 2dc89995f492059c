import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { PDF, PNG, file } from '../../../../../tests/factories/files';
import { users, workPhotos } from '../../../../server/db/schema';
import { WORK_PHOTO_LIMIT } from '../../work-photos.schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const MINE = '/api/providers/me/work-photos';

/** A photo as a phone takes it: JPEG, turned by its EXIF orientation, with a GPS position. */
async function phonePhoto(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: '#b45309' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Copyright: 'Tajna poloha' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 3/1' },
      },
    })
    .toBuffer();
}

/** Whether EXIF data holds a GPS block (its pointer, tag 0x8825, in either byte order). */
const hasGps = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

function photoForm(caption: string | undefined, bytes: Buffer = PNG, name = 'praca.png') {
  const form = new FormData();
  if (caption !== undefined) form.set('caption', caption);
  form.set('photo', file(bytes, name, 'image/png'));
  return form;
}

type Photo = { id: string; url: string; caption: string; width: number; height: number };
const photosOf = (response: { json(): unknown }) =>
  (response.json() as { work_photos: Photo[] }).work_photos;

async function providerWith(captions: string[]) {
  const provider = await h.signedIn('provider');
  let photos: Photo[] = [];
  for (const caption of captions) {
    const response = await provider.agent.form('POST', MINE, photoForm(caption));
    expect(response.statusCode).toBe(201);
    photos = photosOf(response);
  }
  return { ...provider, photos };
}

describe('photos of past work', () => {
  it('stores a WebP, upright, with no EXIF or GPS left, and serves it to anyone', async () => {
    const provider = await h.signedIn('provider');
    const original = await phonePhoto();
    const meta = await sharp(original).metadata();
    expect(meta.orientation).toBe(6);
    expect(hasGps(meta.exif!)).toBe(true);
    const response = await provider.agent.form(
      'POST',
      MINE,
      photoForm('Kúpeľňa v Prešove', original, 'IMG_2041.jpg'),
    );
    expect(response.statusCode).toBe(201);
    const [photo] = photosOf(response);
    // Orientation 6: the 1200 × 800 sensor image is a portrait photo.
    expect(photo).toMatchObject({ caption: 'Kúpeľňa v Prešove', width: 800, height: 1200 });

    const served = await h.agent().get(photo!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(
      'public, max-age=31536000, s-maxage=86400, immutable',
    );
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([800, 1200]);
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Tajna'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(hasGps(served.rawPayload)).toBe(false);

    const page = (await h.agent().get(`/api/providers/${provider.id}`)).json().user;
    expect(page.work_photos).toEqual([photo]);
  });

  it('keeps the provider’s order: new photos last, a new order as given, gaps closed', async () => {
    const { agent, id, photos } = await providerWith(['Strecha', 'Komín', 'Odkvap']);
    expect(photos.map((p) => p.caption)).toEqual(['Strecha', 'Komín', 'Odkvap']);
    const [roof, chimney, gutter] = photos.map((p) => p.id);

    const ordered = await agent.put(`${MINE}/order`, { ids: [gutter, roof, chimney] });
    expect(ordered.statusCode).toBe(200);
    expect(photosOf(ordered).map((p) => p.caption)).toEqual(['Odkvap', 'Strecha', 'Komín']);
    const page = (await h.agent().get(`/api/providers/${id}`)).json().user;
    expect(page.work_photos.map((p: Photo) => p.caption)).toEqual(['Odkvap', 'Strecha', 'Komín']);

    const removed = await agent.delete(`${MINE}/${roof}`);
    expect(photosOf(removed).map((p) => p.caption)).toEqual(['Odkvap', 'Komín']);
    const added = await agent.form('POST', MINE, photoForm('Rína'));
    expect(photosOf(added).map((p) => p.caption)).toEqual(['Odkvap', 'Komín', 'Rína']);
    const positions = await h.database.db
      .select({ position: workPhotos.position })
      .from(workPhotos)
      .where(eq(workPhotos.providerId, id))
      .orderBy(workPhotos.position);
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it('refuses an order that does not name each photo exactly once', async () => {
    const { agent, photos } = await providerWith(['Jedna', 'Dva']);
    const [a, b] = photos.map((p) => p.id);
    for (const ids of [[a], [a, a], [a, b, crypto.randomUUID()], [b, crypto.randomUUID()]]) {
      const response = await agent.put(`${MINE}/order`, { ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json().error).toBe('work_photo_order_mismatch');
    }
    const refused = await agent.put(`${MINE}/order`, { ids: ['nie-je-id'] });
    expect(refused.statusCode).toBe(400);
  });

  it(`holds at most ${WORK_PHOTO_LIMIT} photos, and leaves no file of a refused one`, async () => {
    const { agent } = await providerWith(
      Array.from({ length: WORK_PHOTO_LIMIT }, (_, i) => `Fotka ${i + 1}`),
    );
    const filesBefore = h.storedFiles().length;
    const response = await agent.form('POST', MINE, photoForm('Dvadsiata piata'));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('work_photo_limit');
    expect(h.storedFiles()).toHaveLength(filesBefore);
    expect(photosOf(await agent.get(MINE))).toHaveLength(WORK_PHOTO_LIMIT);
  });

  it('holds the limit when uploads race', async () => {
    const { agent } = await providerWith(
      Array.from({ length: WORK_PHOTO_LIMIT - 2 }, (_, i) => `Fotka ${i + 1}`),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => agent.form('POST', MINE, photoForm(`Naraz ${i}`))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(photosOf(await agent.get(MINE))).toHaveLength(WORK_PHOTO_LIMIT);
  });

  it('validates captions: required, at most 200 characters, text only', async () => {
    const { agent, photos } = await providerWith(['Pôvodný popis']);
    for (const caption of [undefined, '', '   ', 'x'.repeat(201)]) {
      const response = await agent.form('POST', MINE, photoForm(caption));
      expect(response.statusCode, String(caption)).toBe(400);
      expect(response.json().error).toBe('validation_failed');
      expect(response.json().details[0].field).toBe('caption');
    }
    const withNul = await agent.form('POST', MINE, photoForm('zlý\u0000popis'));
    expect(withNul.statusCode).toBe(400);
    const huge = await agent.form('POST', MINE, photoForm('x'.repeat(1024 * 1024)));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(typeof huge.json().error).toBe('string');
    const hugeJson = await agent.patch(`${MINE}/${photos[0]!.id}`, {
      caption: 'x'.repeat(1024 * 1024),
    });
    expect(hugeJson.statusCode).toBe(413);
    const url = `${MINE}/${photos[0]!.id}`;
    for (const body of [{ caption: '' }, { caption: 'y'.repeat(201) }, { caption: 5 }, {}]) {
      const response = await agent.patch(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const edited = await agent.patch(url, { caption: '  Nový popis  ' });
    expect(edited.statusCode).toBe(200);
    expect(photosOf(edited)[0]!.caption).toBe('Nový popis');
    expect(photosOf(await agent.get(MINE))).toHaveLength(1);
  });

  it('takes only images, by their bytes', async () => {
    const provider = await h.signedIn('provider');
    const pdf = await provider.agent.form('POST', MINE, photoForm('Faktúra', PDF, 'praca.png'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe('work_photo_type');
    const form = new FormData();
    form.set('caption', 'Bez fotky');
    const none = await provider.agent.form('POST', MINE, form);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('empty_file');
  });

  it('lets only the owner change a photo; others are told it does not exist', async () => {
    const owner = await providerWith(['Moja práca']);
    const photoId = owner.photos[0]!.id;
    const other = await h.signedIn('provider');
    expect((await other.agent.patch(`${MINE}/${photoId}`, { caption: 'Cudzia' })).statusCode).toBe(
      404,
    );
    expect((await other.agent.delete(`${MINE}/${photoId}`)).statusCode).toBe(404);
    expect((await other.agent.put(`${MINE}/order`, { ids: [photoId] })).statusCode).toBe(400);
    for (const role of ['client', 'administrator'] as const) {
      const someone = await h.signedIn(role);
      expect((await someone.agent.patch(`${MINE}/${photoId}`, { caption: 'X' })).statusCode).toBe(
        403,
      );
      const upload = await someone.agent.form('POST', MINE, photoForm('Nie moja'));
      expect(upload.statusCode).toBe(403);
      expect(upload.json().error).toBe('provider_only');
    }
    const visitor = await h.agent().patch(`${MINE}/${photoId}`, { caption: 'X' });
    expect(visitor.statusCode).toBe(401);
    expect(photosOf(await owner.agent.get(MINE))[0]!.caption).toBe('Moja práca');
  });

  it('hides a disabled provider’s photos from everyone but them and administrators', async () => {
    const owner = await providerWith(['Schody']);
    const url = owner.photos[0]!.url;
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, owner.id));
    expect((await h.agent().get(url)).statusCode).toBe(404);
    const admin = await h.signedIn('administrator');
    const seen = await admin.agent.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    // Another provider's id in the address does not reach the photo.
    const other = await h.signedIn('provider');
    expect((await h.agent().get(url.replace(owner.id, other.id))).statusCode).toBe(404);
  });

  it('removes the files of a deleted photo', async () => {
    const { agent, photos } = await providerWith(['Dočasná']);
    const before = h.storedFiles().length;
    await agent.delete(`${MINE}/${photos[0]!.id}`);
    expect(h.storedFiles()).toHaveLength(before - 1);
    expect((await h.agent().get(photos[0]!.url)).statusCode).toBe(404);
  });

  it('removes every photo’s file with the provider’s account', async () => {
    const { agent } = await providerWith(['Prvá', 'Druhá']);
    const before = h.storedFiles().length;
    expect((await agent.delete('/api/users/account')).statusCode).toBe(200);
    expect(h.storedFiles()).toHaveLength(before - 2);
  });
});
