import { PNG } from '../factories/files';

/**
 * Inputs that fuzzing once answered with a 5xx, sent on every run of the fuzz suite
 * (tests/integration/fuzz.test.ts) whatever its seed and count.
 */

const BOUNDARY = 'fuzzFoundBoundary';

const form = (...parts: (string | Buffer)[]) =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${BOUNDARY}\r\n`),
      Buffer.from(part),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

/**
 * Multipart forms with a part that has no name: a field (it was read as a field named
 * `undefined`, and the check of its name threw: 500) or a file with only a filename. Each is
 * sent to both form routes (as a client and as a provider).
 */
const NAMELESS: [string, Buffer][] = [
  ['a field with no name', form('Content-Disposition: form-data\r\n\r\nOprava strechy')],
  [
    'a named field, then one with no name',
    form(
      'Content-Disposition: form-data; name="name"\r\n\r\nJana',
      'Content-Disposition: form-data\r\n\r\n',
    ),
  ],
  [
    'a file with a filename and no name',
    form(
      Buffer.concat([
        Buffer.from('Content-Disposition: form-data; filename="a.png"\r\n'),
        Buffer.from('Content-Type: image/png\r\n\r\n'),
        PNG,
      ]),
    ),
  ],
];

export const NAMELESS_PARTS = (
  [
    ['POST /api/work-requests', 'client'],
    ['PUT /api/users/profile', 'provider'],
  ] as const
).flatMap(([key, actor]) =>
  NAMELESS.map(([name, payload]) => ({
    key,
    actor,
    name: `${key}: ${name}`,
    body: { payload, contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  })),
);
