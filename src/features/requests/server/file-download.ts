import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../../../server/storage/storage';
import { isImage } from '../attachments.rules';
import { contentDisposition } from './content-disposition';

/** Whatever an upload contains, it is never run as a page of our site. */
export const DOWNLOAD_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
/** Chrome's PDF viewer does not run in a sandboxed document; PDF scripts run in the viewer, not our origin. */
const PDF_CSP = "default-src 'none'; object-src 'self'";

/** A stored upload as the people who may open it download it. */
export interface StoredFile {
  filename: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

/**
 * Sends an uploaded file: as a download, or shown in the browser (`inline`) when it is an image
 * or a PDF, under a CSP that runs nothing of it on our origin.
 */
export function sendUpload(
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFile,
  wantsInline: boolean,
) {
  const viewable = isImage(file.mimeType) || file.mimeType === 'application/pdf';
  const inline = wantsInline && viewable;
  return reply
    .header(
      'Content-Type',
      file.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mimeType,
    )
    .header('Content-Length', String(file.sizeBytes))
    .header(
      'Content-Disposition',
      contentDisposition(inline ? 'inline' : 'attachment', file.filename),
    )
    .header(
      'Content-Security-Policy',
      inline && file.mimeType === 'application/pdf' ? PDF_CSP : DOWNLOAD_CSP,
    )
    .header('Cache-Control', 'private, max-age=3600')
    .send(storage.read(file.storageKey));
}
