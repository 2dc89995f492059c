import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { canOpenRequest } from '../requests.rules';
import { findRequest } from './requests.repo';
import { viewerHasBid } from './requests.service';

const attachmentNotFound = () => new AppError('attachment_not_found', 'Attachment not found.');

/**
 * An attachment's row, if the viewer may open its request; otherwise the same 404 as an
 * attachment that does not exist. The download and the card's preview both go through here.
 */
async function openableAttachment(
  ctx: ServerContext,
  viewer: Actor,
  workRequestId: string,
  attachmentId: string,
) {
  const found = await findRequest(ctx.db, workRequestId);
  if (!found) throw attachmentNotFound();
  if (!canOpenRequest(viewer, found.facts, await viewerHasBid(ctx.db, viewer, workRequestId))) {
    throw attachmentNotFound();
  }
  const file = found.attachments.find((attachment) => attachment.id === attachmentId);
  if (!file) throw attachmentNotFound();
  return file;
}

/** An attachment for download, under the rules of `openableAttachment`. */
export async function attachmentFor(
  ctx: ServerContext,
  viewer: Actor,
  workRequestId: string,
  attachmentId: string,
) {
  const file = await openableAttachment(ctx, viewer, workRequestId, attachmentId);
  if (!(await ctx.storage.exists(file.storageKey))) throw attachmentNotFound();
  return file;
}

/**
 * The storage key of an attachment's card preview, under exactly the download's rules; 404 when
 * the file has none (not an image, an SVG, or posted before previews were made).
 */
export async function thumbnailFor(
  ctx: ServerContext,
  viewer: Actor,
  workRequestId: string,
  attachmentId: string,
) {
  const { thumbnailKey } = await openableAttachment(ctx, viewer, workRequestId, attachmentId);
  if (!thumbnailKey || !(await ctx.storage.exists(thumbnailKey))) throw attachmentNotFound();
  return thumbnailKey;
}
