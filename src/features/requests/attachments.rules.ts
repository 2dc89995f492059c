import { LIMITS } from '../../shared/limits';

/**
 * What may be attached to a request (spec core §9): the type is decided by the file's bytes;
 * the name's extension must agree with it, so a program renamed to .jpg is refused.
 */
export const ATTACHMENT_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'text/plain': ['txt'],
} as const;

export type AttachmentMime = keyof typeof ATTACHMENT_TYPES;

/** For the file picker: a hint to the browser; the server decides by the bytes. */
export const ACCEPT_ATTRIBUTE = Object.values(ATTACHMENT_TYPES)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',');

export const isImage = (mime: string) => mime.startsWith('image/');

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * Characters never kept in a file name: control characters (C0, DEL, C1), the bidirectional
 * controls that make "gpj.exe" show as "exe.jpg" (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069), line and paragraph separators and the byte-order mark, and the characters
 * Windows refuses in names.
 */
const UNSAFE_IN_FILENAME =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff"<>|:*?]/g;

/** A stored file name without the characters that could spoof it when shown (older uploads too). */
export function displayFilename(stored: string): string {
  return stored.replace(UNSAFE_IN_FILENAME, '') || 'file';
}

/**
 * The uploader's file name as safe display text: no folders, no control or bidirectional
 * characters, no leading dots, at most 120 characters (keeping the extension).
 */
export function cleanFilename(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base.replace(UNSAFE_IN_FILENAME, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  // Counted and cut in characters, as PostgreSQL counts them: a cut by UTF-16 units could split
  // an emoji and leave half of it.
  const characters = Array.from(name);
  if (characters.length > 120) {
    const ext = extensionOf(name);
    name = `${characters.slice(0, 120 - Array.from(ext).length - 1).join('')}.${ext}`;
  }
  return name || 'file';
}

export type ClassifiedUpload =
  | { ok: true; mime: AttachmentMime }
  | {
      ok: false;
      reason: 'unsupported_file_type' | 'file_type_mismatch' | 'empty_file' | 'file_too_large';
    };

/** `detected` is what the bytes say (file-type); undefined or XML means "some kind of text". */
export function classifyUpload(
  filename: string,
  bytes: Uint8Array,
  detected: string | undefined,
): ClassifiedUpload {
  if (bytes.length === 0) return { ok: false, reason: 'empty_file' };
  if (bytes.length > LIMITS.attachments.maxBytes) return { ok: false, reason: 'file_too_large' };
  let mime: string | undefined = detected === 'application/x-cfb' ? 'application/msword' : detected;
  if (mime === undefined || mime === 'application/xml') mime = textKind(bytes);
  if (!mime || !(mime in ATTACHMENT_TYPES)) return { ok: false, reason: 'unsupported_file_type' };
  const allowed = ATTACHMENT_TYPES[mime as AttachmentMime] as readonly string[];
  if (!allowed.includes(extensionOf(filename))) return { ok: false, reason: 'file_type_mismatch' };
  return { ok: true, mime: mime as AttachmentMime };
}

/** Plain text or an SVG drawing; anything binary or oddly encoded is neither. */
function textKind(bytes: Uint8Array): 'text/plain' | 'image/svg+xml' | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f]/.test(text)) return undefined;
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[\s\S]*?>/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(start) ? 'image/svg+xml' : 'text/plain';
}
