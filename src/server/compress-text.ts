import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size a compressed answer saves less than its headers and the work cost. */
const SMALLEST = 1024;

export type TextEncoding = 'br' | 'gzip';

/** The best encoding the client accepts (`Accept-Encoding`, honouring `q=0`), or none. */
export function acceptedEncoding(header: string | undefined): TextEncoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * A text body compressed for a client that accepts it: brotli at a fast level (pages are made
 * per request, so the level trades a few bytes for milliseconds), else gzip; small bodies and
 * clients that accept neither get the text as it is.
 */
export async function compressText(
  text: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer | string; encoding?: TextEncoding }> {
  const encoding = acceptedEncoding(acceptEncoding);
  if (!encoding || Buffer.byteLength(text) < SMALLEST) return { body: text };
  const body =
    encoding === 'br'
      ? await brotli(text, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzip(text, { level: 6 });
  return { body, encoding };
}
