import { fileTypeOf, imageTool } from '../../../server/image-libraries';
import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { eurosToCents } from '../../../shared/format';
import type { Actor } from '../../../shared/actor';
import { writeProviderProfile } from '../../accounts/server';
import { hiresOf } from '../../requests/server';
import { canSeeProviderContact } from '../../requests/requests.rules';
import { listReviews, ratingOf, reviewableRequests } from '../../reviews/server';
import { placeOrRefuse } from '../../places/server';
import { DEFAULT_SERVICE_RADIUS_KM, type ProviderProfileInput } from '../providers.schema';
import { providerForViewer } from './favourites.service';
import { canSeeProviderPicture, providerPageRefusal } from './providers.policy';
import { findPicture, findProvider } from './providers.repo';
import { statsOf } from './provider-stats.repo';
import { listWorkPhotos } from './work-photos.repo';

const REFUSALS = {
  insufficient_permissions: 'Providers can view only their own profile.',
  provider_disabled: "This provider's account is disabled.",
} as const;

/**
 * A provider's public page: 404 if unknown, provider_disabled unless active (administrators and
 * the provider still see it), other providers refused.
 */
export async function viewProvider(ctx: ServerContext, viewer: Actor | undefined, id: string) {
  const row = await findProvider(ctx.db, id);
  if (!row) throw new AppError('provider_not_found', 'Provider not found.');
  const refusal = providerPageRefusal(viewer, row.user);
  if (refusal) throw new AppError(refusal, REFUSALS[refusal]);
  return row;
}

/** One page of the provider's reviews: the provider's page rules (unknown, disabled) hold for them too. */
export async function providerReviews(
  ctx: ServerContext,
  viewer: Actor | undefined,
  id: string,
  page: number,
  limit: number,
) {
  await viewProvider(ctx, viewer, id);
  return listReviews(ctx.db, id, page, limit);
}

/** The page with its rating, the contact where the viewer may see it, and the viewer's unreviewed hires. */
export async function providerPage(ctx: ServerContext, viewer: Actor | undefined, id: string) {
  const row = await viewProvider(ctx, viewer, id);
  const [rating, hired, reviewable, workPhotos, stats, forViewer] = await Promise.all([
    ratingOf(ctx.db, id),
    viewer?.role === 'client' ? hiresOf(ctx.db, viewer.id, id) : [],
    reviewableRequests(ctx.db, viewer, id),
    listWorkPhotos(ctx.db, id),
    statsOf(ctx.db, [id]),
    providerForViewer(ctx.db, viewer, { id, accountStatus: row.user.accountStatus }),
  ]);
  return {
    row,
    rating,
    showContact: canSeeProviderContact(viewer, id, hired.length > 0),
    reviewable,
    showcase: { workPhotos, stats: stats.get(id) },
    forViewer,
  };
}

/**
 * The stored picture, where the viewer may see it; `shared` when anyone may (an active
 * provider's), so a shared cache may keep it.
 */
export async function providerPicture(db: Db, viewer: Actor | undefined, providerId: string) {
  const row = await findPicture(db, providerId);
  if (!row?.key || !canSeeProviderPicture(viewer, { id: providerId, ...row })) return undefined;
  return { key: row.key, shared: row.accountStatus === 'active' };
}

/** Largest side of a stored profile picture, in pixels. */
const PICTURE_SIZE = 512;

/**
 * A profile picture: JPEG or PNG by its bytes, re-encoded as a JPEG of at most 512 × 512 with
 * no metadata (no location, no camera details), so nothing but pixels is ever served back.
 */
export async function preparePicture(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeOf(bytes);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') {
    throw new AppError('picture_type', 'The profile picture must be a JPEG or PNG image.');
  }
  try {
    const sharp = await imageTool();
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('picture_type', 'The profile picture could not be read as an image.');
  }
}

/**
 * The service area as stored (issue 31): a radius only with a place (30 km when none is given),
 * and the categories with the provider's trade first, each once.
 */
export function serviceAreaOf(input: ProviderProfileInput) {
  const placeId = input.place_id ?? null;
  const trade = input.service_category;
  const others = input.service_categories ?? [];
  return {
    placeId,
    serviceRadiusKm:
      placeId === null ? null : (input.service_radius_km ?? DEFAULT_SERVICE_RADIUS_KM),
    serviceCategories: trade ? [trade, ...others.filter((code) => code !== trade)] : others,
  };
}

/**
 * The provider's own form. Every field is written (one left out is cleared, as the form sends
 * them all); the place must be one of the gazetteer's (400 `unknown_place`, before the picture is
 * stored).
 */
export async function updateProviderProfile(
  ctx: ServerContext,
  me: Actor,
  input: ProviderProfileInput,
  picture: Buffer | undefined,
) {
  const area = serviceAreaOf(input);
  if (area.placeId !== null) placeOrRefuse(area.placeId);
  const pictureKey = picture ? ctx.storage.newKey() : undefined;
  if (picture && pictureKey) await ctx.storage.put(pictureKey, picture);
  let previousKey: string | null = null;
  try {
    previousKey = await ctx.db.transaction((tx) =>
      writeProviderProfile(tx, me.id, input.name, {
        contactEmail: input.contact_email,
        contactPhone: input.contact_phone ?? null,
        bio: input.bio ?? null,
        serviceCategory: input.service_category ?? null,
        location: input.location ?? null,
        hourlyRateCents: input.hourly_rate === undefined ? null : eurosToCents(input.hourly_rate),
        experienceYears: input.experience_years ?? null,
        availability: input.availability ?? null,
        website: input.website ?? null,
        ico: input.ico ?? null,
        ...area,
        ...(pictureKey ? { pictureKey } : {}),
      }),
    );
  } catch (error) {
    if (pictureKey) await ctx.storage.remove([pictureKey]);
    throw error;
  }
  if (pictureKey && previousKey) await ctx.storage.remove([previousKey]);
  await ctx.writeAudit({
    action: 'account.update',
    outcome: 'success',
    actorType: 'provider',
    actorId: me.id,
    targetUserId: me.id,
  });
}
