import { displayFilename } from '../attachments.rules';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name, without spoofing characters. */
export function contentDisposition(kind: 'inline' | 'attachment', stored: string): string {
  const filename = displayFilename(stored);
  const fallback = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
