/**
 * RFC 6266 Content-Disposition for a stored file sent back: an ASCII fallback (accents dropped,
 * anything else and quotes replaced) and the UTF-8 name. `filename` is already cleaned of what
 * could spoof it by its feature (attachments, verification documents).
 */
export function dispositionHeader(kind: 'inline' | 'attachment', filename: string): string {
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
