import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressText } from './compress-text';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('compressText', () => {
  const page = `<!doctype html><html lang="sk"><body>${'<p>Oprava kúpeľne v Bratislave</p>'.repeat(200)}</body></html>`;

  it('answers brotli or gzip that decodes to the same page', async () => {
    const br = await compressText(page, 'gzip, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
    const gz = await compressText(page, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(page);
    expect((br.body as Buffer).length).toBeLessThan(page.length / 10);
  });

  it('leaves small bodies and clients without an encoding alone', async () => {
    expect(await compressText('<p>krátke</p>', 'br')).toEqual({ body: '<p>krátke</p>' });
    expect(await compressText(page, undefined)).toEqual({ body: page });
  });
});
