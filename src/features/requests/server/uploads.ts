import type { FastifyRequest } from 'fastify';
import { fileTypeOf, imageTool } from '../../../server/image-libraries';
import { AppError } from '../../../server/errors';
import { fieldText, formParts } from '../../../server/plugins/forms';
import { LIMITS } from '../../../shared/limits';
import { classifyUpload, cleanFilename, type AttachmentMime } from '../attachments.rules';

export interface CheckedFile {
  filename: string;
  mime: AttachmentMime;
  bytes: Buffer;
  /** The card's preview of a raster image (cardThumbnail); null for other files. */
  thumbnail: Buffer | null;
}

/** Largest side of a card's preview, in pixels. */
export const THUMBNAIL_SIZE = 320;

/** Raster images get a preview; an SVG is never rendered on the server (it may hold anything). */
const PREVIEWED: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * A small preview for request cards: turned upright by its EXIF orientation, at most 320 px on
 * either side, re-encoded as WebP with no metadata (no EXIF, no GPS position). An image sharp
 * cannot decode, or a decompression bomb, simply gets no preview; the upload itself stands.
 */
export async function cardThumbnail(mime: AttachmentMime, bytes: Buffer): Promise<Buffer | null> {
  if (!PREVIEWED.includes(mime)) return null;
  try {
    const sharp = await imageTool();
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    return null;
  }
}

const REFUSALS = {
  unsupported_file_type: 'This type of file is not accepted. Attach images, PDF, DOC, DOCX or TXT.',
  file_type_mismatch: "The file's content does not match its name.",
  empty_file: 'The file is empty.',
  file_too_large: 'Each file may be at most 5 MB.',
} as const;

/**
 * Reads a multipart form: text fields, and up to 5 files of at most 5 MB each, every one checked
 * by its bytes. Nothing is stored here; a refusal leaves nothing behind.
 */
export async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: CheckedFile[] }> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the request as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files: CheckedFile[] = [];
  try {
    for await (const part of formParts(request, {
      files: LIMITS.attachments.maxFiles,
      fileSize: LIMITS.attachments.maxBytes,
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part);
        continue;
      }
      const bytes = await part.toBuffer();
      const filename = cleanFilename(part.filename);
      const detected = await fileTypeOf(bytes);
      const verdict = classifyUpload(filename, bytes, detected?.mime);
      if (!verdict.ok) {
        throw new AppError(verdict.reason, `${filename}: ${REFUSALS[verdict.reason]}`);
      }
      const thumbnail = await cardThumbnail(verdict.mime, bytes);
      files.push({ filename, mime: verdict.mime, bytes, thumbnail });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('too_many_files', 'Attach at most 5 files.');
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file_too_large', 'Each file may be at most 5 MB.');
    throw error;
  }
  return { fields, files };
}
