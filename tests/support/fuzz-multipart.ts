import fc from 'fast-check';
import { HOSTILE_KEYS, hostileString, objectFor, shaped, type JsonSchema } from './fuzz';

/**
 * Multipart forms for the API fuzz suite (tests/integration/fuzz.test.ts): the fields a route's
 * schema names (fuzz.ts's arbitraries), hostile files, floods and broken framing.
 */

export interface Part {
  name: string | null;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const FILE_HEADS = [
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from('ffd8ffe000104a464946', 'hex'),
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('MZ\x90\x00'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.alloc(0),
];

const FILE_NAMES = [
  'foto.png',
  '../../etc/passwd',
  'a\u0000.png',
  '\u202Egnp.exe',
  'x'.repeat(400) + '.pdf',
  'con.txt',
  '".png',
  'ľščťžýáíé.jpg',
  '',
];

const filePart = (names: string[]) =>
  fc
    .record({
      name: fc.constantFrom(...names, 'attachments', 'picture', 'file'),
      filename: fc.constantFrom(...FILE_NAMES),
      contentType: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'application/pdf',
        'text/plain',
        'application/x-msdownload',
        '',
      ),
      head: fc.constantFrom(...FILE_HEADS),
      rest: fc.uint8Array({ maxLength: 300 }),
      huge: fc.integer({ min: 0, max: 40 }),
    })
    .map(({ name, filename, contentType, head, rest, huge }): Part => ({
      name,
      filename,
      contentType,
      // Now and then a file past the 5 MB limit.
      data:
        huge === 0
          ? Buffer.alloc(5 * 1024 * 1024 + 10, 7)
          : Buffer.concat([head, Buffer.from(rest)]),
    }));

const fieldPart = (schema: JsonSchema) => {
  const names = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      fc.oneof(fc.constantFrom(...names, ...HOSTILE_KEYS), fc.constant(null)),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: hostileString },
      ),
    )
    .chain(([name, hostile]) => {
      const property = name ? schema.properties?.[name] : undefined;
      const value: fc.Arbitrary<unknown> =
        hostile !== undefined
          ? fc.constant(hostile)
          : property
            ? shaped(property, 1, name ?? '')
            : fc.string();
      return value.map((data): Part => ({
        name,
        data: Buffer.from(typeof data === 'string' ? data : (JSON.stringify(data) ?? '')),
      }));
    });
};

export interface MultipartBody {
  payload: Buffer;
  contentType: string;
}

/** A multipart form for a route whose fields the schema names, well formed or broken. */
export function multipartFor(schema: JsonSchema): fc.Arbitrary<MultipartBody> {
  const names = Object.keys(schema.properties ?? {});
  // Mostly a form with every field of the right shape (so the files reach the checks).
  const complete = objectFor({ ...schema, required: names }).map((object) =>
    Object.entries(object)
      .filter(([key]) => names.includes(key))
      .map(([key, value]): Part => ({
        name: key,
        data: Buffer.from(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
      })),
  );
  const parts = fc
    .tuple(
      complete,
      fc.array(fieldPart(schema), { maxLength: 6 }),
      fc.array(filePart(names), { maxLength: 3 }),
      fc.integer({ min: 0, max: 30 }),
    )
    .map(([fields, extra, files, flood]) => {
      const all = [...fields, ...extra, ...files];
      // Too many fields or files now and then (the limits are 30 and 5).
      if (flood === 0)
        for (let i = 0; i < 40; i++) all.push({ name: `f${i}`, data: Buffer.from('x') });
      if (flood === 1)
        for (let i = 0; i < 7; i++)
          all.push({
            name: 'attachments',
            filename: `${i}.txt`,
            contentType: 'text/plain',
            data: Buffer.from('text'),
          });
      if (flood === 2) all.push({ name: names[0] ?? 'name', data: Buffer.alloc(20_000, 'b') });
      return all;
    });
  return fc
    .tuple(
      parts,
      fc.constantFrom('----fuzzBoundary7MA4YWxkTrZu0gW', 'x', '"quoted"', 'a'.repeat(70)),
      fc.integer({ min: 0, max: 11 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([list, boundary, damage, where]) => {
      const chunks: Buffer[] = [];
      for (const part of list) {
        const disposition =
          part.name === null
            ? 'Content-Disposition: form-data'
            : `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
        const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
        chunks.push(
          Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`),
          part.data,
          Buffer.from('\r\n'),
        );
      }
      if (damage !== 3) chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      let header = `multipart/form-data; boundary=${boundary}`;
      // Damage: a boundary the body does not use, none at all, a cut body, a wrong type.
      if (damage === 0) header = 'multipart/form-data; boundary=somethingElse';
      if (damage === 1) header = 'multipart/form-data';
      if (damage === 2) payload = payload.subarray(0, Math.floor(payload.length * where));
      if (damage === 4) header = 'multipart/mixed; boundary=' + boundary;
      if (damage === 5)
        payload = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
      return { payload, contentType: header };
    });
}
