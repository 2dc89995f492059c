import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchema = z.core.$ZodType;
type RouteSchema = ZodSchema | { properties: ZodSchema };

/** The JSON a value becomes, as a value again: what a client would read. */
const onTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/**
 * How JSON answers are written (docs/performance.md "API cost per request").
 *
 * Checked (tests and development): each answer is encoded with its route's zod response schema,
 * as fastify-type-provider-zod does — a wrong shape fails the request — and an answer the schema
 * would change (a field it does not declare and would drop, a transform) fails too. So presenters
 * must return exactly the wire shape, and the unchecked writer below sends the same JSON.
 *
 * Unchecked (production): `JSON.stringify` of the handler's answer. Validating every card of a
 * 100-card page (uuids, dates) cost more than building it.
 */
export function responseSerializer(checked: boolean): FastifySerializerCompiler<RouteSchema> {
  if (!checked) return () => (data) => JSON.stringify(data);
  return (route) => {
    const encode = serializerCompiler(route);
    const given = route.schema;
    const schema = given instanceof z.core.$ZodType ? given : given.properties;
    return (data) => {
      const text = encode(data);
      const encoded = z.encode(schema, data as never);
      if (!isDeepStrictEqual(onTheWire(encoded), onTheWire(data))) {
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}) answered what its response schema would change: the presenter must return exactly the schema's shape`,
        );
      }
      return text;
    };
  };
}
