import fc from 'fast-check';
import { z } from 'zod';

/**
 * Arbitraries for the API fuzz suite (tests/integration/fuzz.test.ts), derived from the routes'
 * own zod schemas through their JSON Schema (`z.toJSONSchema`, input side): values of the right
 * shape, mixed with hostile ones at every level. Multipart forms: fuzz-multipart.ts.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  default?: unknown;
};

/** The JSON Schema a zod schema accepts as input; `{}` (anything) where zod cannot say. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return {};
  return z.toJSONSchema(schema as z.ZodType, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
}

/**
 * The schema with every uuid also drawn from `ids` (the fixtures' real ids): a body or a query
 * naming a request, a provider or a message then reaches the thing it names now and then.
 */
export function withKnownIds(schema: JsonSchema, ids: readonly string[]): JsonSchema {
  if (ids.length === 0) return schema;
  const walk = (node: JsonSchema): JsonSchema => {
    if (node.format === 'uuid') return { anyOf: [node, { enum: [...ids] }] };
    const each = (nodes: JsonSchema[] | undefined) => nodes && nodes.map(walk);
    return {
      ...node,
      ...(node.properties && {
        properties: Object.fromEntries(
          Object.entries(node.properties).map(([key, value]) => [key, walk(value)]),
        ),
      }),
      ...(node.items && { items: walk(node.items) }),
      ...(node.anyOf && { anyOf: each(node.anyOf) }),
      ...(node.oneOf && { oneOf: each(node.oneOf) }),
      ...(node.allOf && { allOf: each(node.allOf) }),
    };
  };
  return walk(schema);
}

const MEGABYTE = 'A'.repeat(1024 * 1024);

/** Strings an attacker or a broken client sends. None names the database or the ORM. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u202Eexe.fdp\u202C',
  '\u200B\u200D\uFEFF',
  '\uD800',
  'Ω≈ç√∫˜µ≤≥÷ 😀👩‍👩‍👧‍👦 𝕳𝖊𝖑𝖑𝖔',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "Robert'); --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '\\\\server\\share',
  'NaN',
  '-1',
  '1e309',
  'null',
  'true',
  '__proto__',
  'x'.repeat(10_001),
  MEGABYTE,
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.1 + 0.2,
  1e-7,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1, 'a'], { a: 1 }, 'text', 1, -1.5];

/** Weighted: the big string is rare, so a run stays quick. */
export const hostileString = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1)) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const EMAILS = ['anna@example.test', 'ANNA@EXAMPLE.TEST', 'a@b.c', 'x@localhost', 'not-an-email'];
const PASSWORDS = ['Remeslo2025x', 'short', 'password123', 'Dlhé-heslo-2026'];

/** A value of the schema's shape (as far as the JSON Schema says), or nearly so. */
export function shaped(schema: JsonSchema, depth: number, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueFor(choice, depth, name)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0]!, depth, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'email' || /email/.test(name)) return fc.constantFrom(...EMAILS);
      if (/password/i.test(name)) return fc.constantFrom(...PASSWORDS);
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 60, 200));
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
      const max = schema.maximum ?? 100_000;
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
        : fc.double({ min, max: Math.max(min, max), noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object':
      return objectFor(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Valid-shaped three times out of four, hostile otherwise (deeper levels: less often). */
export function valueFor(schema: JsonSchema, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (depth > 3) return hostileValue;
  return fc.oneof(
    { weight: 3, arbitrary: shaped(schema, depth, name) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Keys that reach prototypes in careless code, and keys the schema does not know. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'role', 'is_admin', 'id', ''];

export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(
    ([key, property]) =>
      fc
        .tuple(
          // A required key is left out once in ten, an optional one half of the time.
          fc.integer({ min: 0, max: 9 }),
          valueFor(property, depth + 1, key),
        )
        .map(([roll, value]) =>
          (required.has(key) ? roll === 0 : roll < 5) ? undefined : ([key, value] as const),
        ) as fc.Arbitrary<readonly [string, unknown] | undefined>,
  );
  const extras = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })),
      hostileValue,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...entries), extras).map(([known, extra]) => {
    const body: Record<string, unknown> = {};
    for (const entry of known) {
      if (entry) Object.defineProperty(body, entry[0], { value: entry[1], enumerable: true });
    }
    // defineProperty: a `__proto__` key becomes an own key that JSON.stringify sends.
    for (const [key, value] of extra) {
      Object.defineProperty(body, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return body;
  });
}

/** A whole JSON request body: usually an object of the schema's shape, sometimes anything. */
export interface RawBody {
  /** Sent as is (already text), with this content type. */
  text: string;
  contentType: string;
}

export function jsonBodyFor(schema: JsonSchema): fc.Arbitrary<RawBody> {
  const json = (value: unknown) => ({
    text: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  return fc.oneof(
    { weight: 12, arbitrary: objectFor(schema).map(json) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: fc.array(objectFor(schema), { maxLength: 2 }).map(json) },
    {
      weight: 1,
      arbitrary: objectFor(schema).chain((value) => {
        const text = JSON.stringify(value);
        return fc
          .integer({ min: 0, max: Math.max(0, text.length - 1) })
          .map((cut) => ({ text: text.slice(0, cut), contentType: 'application/json' }));
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          objectFor(schema),
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            '',
          ),
        )
        .map(([value, contentType]) => ({ text: JSON.stringify(value), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"a":',
          '{"__proto__":{"role":"administrator"}}',
          '{"constructor":{"prototype":{"role":"administrator"}}}',
          '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
          '\u0000',
          '{"a":"\\ud800"}',
          `{${'"k":1,'.repeat(5000)}"k":2}`,
        )
        .map((text) => ({ text, contentType: 'application/json' })),
    },
  );
}

/** Path parameter values: real ids of the fixtures, random uuids, and hostile segments. */
export function paramFor(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...knownIds) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '..',
        '../admin/users',
        '%2e%2e%2f',
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '00000000-0000-4000-8000-00000000000',
        '1',
        '-1',
        "1' OR '1'='1",
        'a\u0000b',
        '\u202E',
        'x'.repeat(5000),
        'client',
        'provider',
        'administrator',
        'ÚČET',
        '%',
        '%zz',
        ' ',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }) },
  );
}

/** The text with each lone surrogate replaced (a URL cannot carry one; encodeURIComponent throws). */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A query string from the schema (known keys, hostile values, repeats, unknown keys). */
export function queryFor(schema: JsonSchema): fc.Arbitrary<string> {
  return fc
    .tuple(
      objectFor(schema),
      fc.array(
        fc.tuple(fc.constantFrom(...Object.keys(schema.properties ?? { x: {} })), hostileString),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([object, repeats]) => {
      const parts: string[] = [];
      const add = (key: string, value: unknown) => {
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        parts.push(
          `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(text.slice(0, 20_000)))}`,
        );
      };
      for (const key of Object.keys(object)) add(key, object[key]);
      for (const [key, value] of repeats) add(key, value);
      return parts.join('&');
    });
}
