import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../server/errors';
import { fileTypeOf } from '../../../server/image-libraries';
import { fieldText, formParts } from '../../../server/plugins/forms';
import { LIMITS } from '../../../shared/limits';
import { DOCUMENT_TYPES, type DocumentMime } from '../verifications.rules';

export interface CheckedDocument {
  filename: string;
  mime: DocumentMime;
  bytes: Buffer;
}

const REFUSALS = {
  unsupported_file_type: 'This type of file is not accepted. Upload a PDF, JPEG, PNG or WebP.',
  file_type_mismatch: "The file's content does not match its name.",
  empty_file: 'The file is empty.',
  file_too_large: 'The file may be at most 5 MB.',
  too_many_files: 'Upload one file.',
  file_required: 'Choose the document to upload.',
} as const;

const refuse = (code: keyof typeof REFUSALS) => new AppError(code, REFUSALS[code]);

/**
 * Characters never kept in a shown file name: control and bidirectional characters (which could
 * make "fdp.exe" show as "exe.pdf"), separators, and those Windows refuses in names.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff"<>|:*?]/g;

/** The uploader's file name as safe display text, at most 120 characters, no folders. */
export function cleanDocumentName(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const name = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const characters = Array.from(name);
  return (characters.length > 120 ? characters.slice(-120).join('') : name) || 'document';
}

const extensionOf = (filename: string) =>
  filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '';

/** The file's type by its bytes; its name's extension must agree with it. */
export function classifyDocument(
  filename: string,
  bytes: Uint8Array,
  detected: string | undefined,
): DocumentMime {
  if (bytes.length === 0) throw refuse('empty_file');
  if (bytes.length > LIMITS.attachments.maxBytes) throw refuse('file_too_large');
  if (!detected || !(detected in DOCUMENT_TYPES)) throw refuse('unsupported_file_type');
  const allowed = DOCUMENT_TYPES[detected as DocumentMime] as readonly string[];
  if (!allowed.includes(extensionOf(filename))) throw refuse('file_type_mismatch');
  return detected as DocumentMime;
}

/**
 * Reads the upload form: its text fields and exactly one file of at most 5 MB (the attachments'
 * limit), a PDF or an image by its bytes. Nothing is stored here.
 */
export async function readDocumentForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: CheckedDocument }> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the request as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: CheckedDocument | undefined;
  try {
    for await (const part of formParts(request, {
      files: 1,
      fileSize: LIMITS.attachments.maxBytes,
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part);
        continue;
      }
      const bytes = await part.toBuffer();
      const filename = cleanDocumentName(part.filename);
      const mime = classifyDocument(filename, bytes, (await fileTypeOf(bytes))?.mime);
      file = { filename, mime, bytes };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw refuse('too_many_files');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('file_too_large');
    throw error;
  }
  if (!file) throw refuse('file_required');
  return { fields, file };
}
