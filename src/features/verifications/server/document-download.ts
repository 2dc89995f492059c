import type { FastifyReply } from 'fastify';
import { NOT_STORED } from '../../../server/plugins/cache-policy';
import { dispositionHeader } from '../../../server/storage/content-disposition';
import type { FileStorage } from '../../../server/storage/storage';
import { cleanDocumentName } from './uploads';

/** Whatever a document contains, it never runs as a page of our site. */
const IMAGE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
/** Chrome's PDF viewer does not run in a sandboxed document; PDF scripts run in the viewer. */
const PDF_CSP = "default-src 'none'; object-src 'self'";

/** RFC 6266 Content-Disposition: an ASCII fallback and the UTF-8 name, nothing that could spoof it. */
export function documentDisposition(kind: 'inline' | 'attachment', stored: string): string {
  return dispositionHeader(kind, cleanDocumentName(stored));
}

/**
 * Sends a document to its provider or an administrator: shown in the browser when asked
 * (`inline`), else as a download; never kept by a browser's or a proxy's cache (`no-store`).
 */
export function sendDocument(
  reply: FastifyReply,
  storage: FileStorage,
  file: { filename: string; mimeType: string; sizeBytes: number; storageKey: string },
  inline: boolean,
) {
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Length', String(file.sizeBytes))
    .header(
      'Content-Disposition',
      documentDisposition(inline ? 'inline' : 'attachment', file.filename),
    )
    .header(
      'Content-Security-Policy',
      inline && file.mimeType === 'application/pdf' ? PDF_CSP : IMAGE_CSP,
    )
    .header('Cache-Control', NOT_STORED)
    .send(storage.read(file.storageKey));
}
