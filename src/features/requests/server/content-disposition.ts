import { dispositionHeader } from '../../../server/storage/content-disposition';
import { displayFilename } from '../attachments.rules';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name, without spoofing characters. */
export function contentDisposition(kind: 'inline' | 'attachment', stored: string): string {
  return dispositionHeader(kind, displayFilename(stored));
}
