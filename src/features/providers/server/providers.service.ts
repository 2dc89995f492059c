import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ServerContext } from '../../../server/context';
import { providerProfiles, reviews, users } from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import type { SessionUser } from '../../accounts/server/sessions';
import { eurosToCents } from '../../../shared/format';
import type { ProviderProfileInput } from '../providers.schema';
import { canSeeProviderContact } from './providers.policy';
import { findProvider, hiredRequests } from './providers.repo';

/** A provider's public page: 404 if unknown, provider_disabled unless active (admins and the provider still see it). */
export async function viewProvider(
  ctx: ServerContext,
  viewer: SessionUser | undefined,
  id: string,
) {
  const row = await findProvider(ctx.db, id);
  if (!row) throw new AppError('provider_not_found', 'Provider not found.');
  const privileged = viewer?.role === 'administrator' || viewer?.id === id;
  if (viewer?.role === 'provider' && !privileged) {
    throw new AppError('insufficient_permissions', 'Providers can view only their own profile.');
  }
  if (row.user.accountStatus !== 'active' && !privileged) {
    throw new AppError('provider_disabled', "This provider's account is disabled.");
  }
  return { row, showContact: await canSeeProviderContact(ctx.db, viewer, id) };
}

/** The viewer's hires of this provider that still await a review. */
export async function reviewableRequests(
  ctx: ServerContext,
  viewer: SessionUser | undefined,
  providerId: string,
) {
  if (viewer?.role !== 'client') return [];
  const hired = await hiredRequests(ctx.db, viewer.id, providerId);
  if (hired.length === 0) return [];
  const reviewed = await ctx.db
    .select({ id: reviews.workRequestId })
    .from(reviews)
    .where(eq(reviews.providerId, providerId));
  const done = new Set(reviewed.map((review) => review.id));
  return hired.map((request) => request.id).filter((id) => !done.has(id));
}

/** Largest side of a stored profile picture, in pixels. */
const PICTURE_SIZE = 512;

/**
 * A profile picture: JPEG or PNG by its bytes, re-encoded as a JPEG of at most 512 × 512 with
 * no metadata (no location, no camera details), so nothing but pixels is ever served back.
 */
export async function preparePicture(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') {
    throw new AppError('picture_type', 'The profile picture must be a JPEG or PNG image.');
  }
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('picture_type', 'The profile picture could not be read as an image.');
  }
}

export async function updateProviderProfile(
  ctx: ServerContext,
  me: SessionUser,
  input: ProviderProfileInput,
  picture: Buffer | undefined,
  requestId: string,
) {
  const pictureKey = picture ? ctx.storage.newKey() : undefined;
  if (picture && pictureKey) await ctx.storage.put(pictureKey, picture);
  let previousKey: string | null | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ key: providerProfiles.pictureKey })
        .from(providerProfiles)
        .where(eq(providerProfiles.userId, me.id))
        .for('update');
      previousKey = current?.key;
      await tx.update(users).set({ name: input.name }).where(eq(users.id, me.id));
      await tx
        .update(providerProfiles)
        .set({
          contactEmail: input.contact_email,
          contactPhone: input.contact_phone ?? null,
          bio: input.bio ?? null,
          serviceCategory: input.service_category ?? null,
          location: input.location ?? null,
          hourlyRateCents: input.hourly_rate === undefined ? null : eurosToCents(input.hourly_rate),
          experienceYears: input.experience_years ?? null,
          availability: input.availability ?? null,
          website: input.website ?? null,
          ...(pictureKey ? { pictureKey } : {}),
        })
        .where(eq(providerProfiles.userId, me.id));
    });
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
    requestId,
  });
}

/** Reviews come only from real hires: the client of a request this provider won, once per request. */
export async function addReview(
  ctx: ServerContext,
  viewer: SessionUser,
  providerId: string,
  input: {
    work_request_id: string;
    rating: number;
    comment?: string | undefined;
    anonymous: boolean;
  },
  requestId: string,
) {
  if (viewer.role !== 'client')
    throw new AppError(
      'review_not_allowed',
      'Only the client who hired this provider can review them.',
    );
  const hired = await hiredRequests(ctx.db, viewer.id, providerId);
  if (!hired.some((request) => request.id === input.work_request_id)) {
    throw new AppError(
      'review_not_allowed',
      'Only the client who hired this provider can review them.',
    );
  }
  const [review] = await ctx.db
    .insert(reviews)
    .values({
      providerId,
      clientId: viewer.id,
      workRequestId: input.work_request_id,
      rating: input.rating,
      comment: input.comment ?? null,
      anonymous: input.anonymous,
    })
    .onConflictDoNothing()
    .returning();
  if (!review) throw new AppError('review_exists', 'This job has already been reviewed.');
  await ctx.writeAudit({
    action: 'review.create',
    outcome: 'success',
    actorType: 'client',
    actorId: viewer.id,
    targetType: 'provider',
    targetUserId: providerId,
    requestId,
  });
  return review;
}
