import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { fileTypeOf, imageTool } from '../../../server/image-libraries';
import type { Actor } from '../../../shared/actor';
import { WORK_PHOTO_LIMIT, WORK_PHOTO_TYPES } from '../work-photos.schema';
import { canManageWorkPhotos, canSeeProviderPicture } from './providers.policy';
import {
  deleteWorkPhoto,
  findWorkPhoto,
  insertWorkPhoto,
  listWorkPhotos,
  lockProviderPhotos,
  setCaption,
  setPosition,
} from './work-photos.repo';

/** Largest side of a stored photo, in pixels: sharp on a page, light on a phone. */
const PHOTO_SIZE = 1600;

const notFound = () => new AppError('work_photo_not_found', 'No such photo of your work.');

function requireOwnGallery(actor: Actor) {
  if (!canManageWorkPhotos(actor)) {
    throw new AppError('provider_only', 'Only providers keep photos of their work.');
  }
}

/**
 * A photo of past work: JPEG, PNG or WebP by its bytes, turned upright by its EXIF orientation,
 * at most 1600 px on either side, re-encoded as WebP. sharp writes no metadata unless asked, so
 * no EXIF, GPS position or camera details survive: nothing but pixels is served back.
 */
export async function prepareWorkPhoto(bytes: Buffer) {
  const type = await fileTypeOf(bytes);
  if (!type || !(WORK_PHOTO_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError('work_photo_type', 'A photo must be a JPEG, PNG or WebP image.');
  }
  try {
    const sharp = await imageTool();
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('work_photo_type', 'The photo could not be read as an image.');
  }
}

/** The provider's own photos, in their order. */
export async function ownWorkPhotos(ctx: Pick<ServerContext, 'db'>, actor: Actor) {
  requireOwnGallery(actor);
  return listWorkPhotos(ctx.db, actor.id);
}

/**
 * Adds a photo at the end of the provider's gallery. The file is stored first and removed again
 * if the gallery is full (24, 409 `work_photo_limit`) or the write fails.
 */
export async function addWorkPhoto(
  ctx: ServerContext,
  actor: Actor,
  photo: { bytes: Buffer; width: number; height: number },
  caption: string,
) {
  requireOwnGallery(actor);
  const key = ctx.storage.newKey();
  await ctx.storage.put(key, photo.bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await lockProviderPhotos(tx, actor.id))) {
        throw new AppError('provider_only', 'Only providers keep photos of their work.');
      }
      const photos = await listWorkPhotos(tx, actor.id);
      if (photos.length >= WORK_PHOTO_LIMIT) {
        throw new AppError(
          'work_photo_limit',
          `A profile holds at most ${WORK_PHOTO_LIMIT} photos.`,
        );
      }
      const last = photos.at(-1)?.position ?? -1;
      await insertWorkPhoto(tx, {
        providerId: actor.id,
        storageKey: key,
        caption,
        position: last + 1,
        width: photo.width,
        height: photo.height,
        sizeBytes: photo.bytes.length,
      });
    });
  } catch (error) {
    await ctx.storage.remove([key]);
    throw error;
  }
  return listWorkPhotos(ctx.db, actor.id);
}

export async function captionWorkPhoto(
  ctx: Pick<ServerContext, 'db'>,
  actor: Actor,
  id: string,
  caption: string,
) {
  requireOwnGallery(actor);
  if (!(await setCaption(ctx.db, actor.id, id, caption))) throw notFound();
  return listWorkPhotos(ctx.db, actor.id);
}

/**
 * The provider's new order: `ids` must be exactly their photos, each once (400
 * `work_photo_order_mismatch` otherwise, say when a photo was added or removed meanwhile).
 */
export async function orderWorkPhotos(ctx: Pick<ServerContext, 'db'>, actor: Actor, ids: string[]) {
  requireOwnGallery(actor);
  await ctx.db.transaction(async (tx) => {
    await lockProviderPhotos(tx, actor.id);
    const current = new Set((await listWorkPhotos(tx, actor.id)).map((photo) => photo.id));
    const given = new Set(ids);
    if (
      given.size !== ids.length ||
      given.size !== current.size ||
      ids.some((id) => !current.has(id))
    ) {
      throw new AppError(
        'work_photo_order_mismatch',
        'The new order must name each of your photos exactly once.',
      );
    }
    for (const [position, id] of ids.entries()) await setPosition(tx, id, position);
  });
  return listWorkPhotos(ctx.db, actor.id);
}

/** Removes a photo and its file; the others close up behind it. */
export async function removeWorkPhoto(ctx: ServerContext, actor: Actor, id: string) {
  requireOwnGallery(actor);
  const key = await ctx.db.transaction(async (tx) => {
    await lockProviderPhotos(tx, actor.id);
    const removed = await deleteWorkPhoto(tx, actor.id, id);
    if (!removed) throw notFound();
    const rest = await listWorkPhotos(tx, actor.id);
    for (const [position, photo] of rest.entries()) {
      if (photo.position !== position) await setPosition(tx, photo.id, position);
    }
    return removed;
  });
  await ctx.storage.remove([key]);
  return listWorkPhotos(ctx.db, actor.id);
}

/**
 * A photo's stored file, where the viewer may see it: as the provider's picture (an active
 * provider's, to anyone; otherwise to the provider and administrators). `shared` when anyone may.
 */
export async function workPhotoFile(
  db: Db,
  viewer: Actor | undefined,
  providerId: string,
  id: string,
) {
  const row = await findWorkPhoto(db, providerId, id);
  if (!row || !canSeeProviderPicture(viewer, { id: providerId, ...row })) throw notFound();
  return { key: row.key, shared: row.accountStatus === 'active' };
}
