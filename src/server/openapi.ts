import { Readable } from 'node:stream';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { registerPageCsrf, type CsrfIssuer } from './plugins/csrf';
import { PRODUCT_NAME } from '../shared/brand';
import { ERROR_CODES } from '../shared/error-codes';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body the API document shows but Fastify does not check, for a handler that reads
     * the body itself (a multipart form read part by part). The handler must check it.
     */
    documentedBody?: ZodType;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The document's own shape, for the route that serves it (the paths are checked by tests). */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The answer of a route that sends a file (a picture, a download) rather than JSON: shown in the
 * document as binary content of the given media types. Fastify does not serialize a Buffer or a
 * stream, so this schema only describes. Use: `response: { 200: fileResponse('The picture', ['image/jpeg']) }`.
 */
export function fileResponse(
  description: string,
  mediaTypes: readonly string[] = ['application/octet-stream'],
) {
  const file = z
    .custom<Buffer | Readable>((value) => Buffer.isBuffer(value) || value instanceof Readable)
    .meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: file }])),
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The wire error shape every route may answer with (src/shared/error-codes.ts). */
const apiError = z
  .object({
    error: z.enum(ERROR_CODES),
    message: z.string().describe('English text; the browser shows a translation of the code'),
    request_id: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .describe('An error: the status is the one of its code');
const apiErrorJson = z.toJSONSchema(apiError, { target: 'draft-2020-12' });

/**
 * The zod provider's transform, plus `documentedBody` shown as the body, plus the error shape as
 * every route's `default` answer.
 */
function transform(input: TransformInput) {
  const { documentedBody, ...schema } = input.schema ?? {};
  const result = jsonSchemaTransform(
    documentedBody ? { ...input, schema: { ...schema, body: documentedBody } } : input,
  );
  if (result.schema && !result.schema.hide) {
    const response = (result.schema.response ?? {}) as Record<string, unknown>;
    result.schema.response = { ...response, default: apiErrorJson };
  }
  return result;
}

const DESCRIPTION = `Every call of the ${PRODUCT_NAME} browser app, generated from the route schemas.

- JSON keys are snake_case both ways (one exception: \`PUT /api/users/password\`).
- The session is the HttpOnly \`sid\` cookie set at sign-in; send cookies with every call.
- Every write (POST, PUT, PATCH, DELETE) must echo the \`csrf_token\` cookie in the \`X-CSRF-Token\`
  header, or it is refused with 403 \`csrf_invalid\`. \`GET /api/auth/session\` sets the cookie.
- Errors: \`{ "error": "<stable_code>", "message": "<English text>", "request_id": "…" }\` with the
  status of the code.`;

/**
 * The API described: `GET /api/openapi.json` (OpenAPI 3.1, generated from every route's zod
 * schemas) and `/api/docs` (Swagger UI from its own static files: no inline script or style, so
 * it runs under the app's strict CSP). Register before the routes: the document collects them
 * as they are added.
 */
export async function registerApiDocs(app: FastifyInstance, version: string, issue: CsrfIssuer) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version, description: DESCRIPTION },
    },
    transform,
  });
  // The docs page is an HTML page of the site: it hands out the CSRF token like the app's pages.
  await app.register(async (docs) => {
    registerPageCsrf(docs, issue);
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      theme: { title: `${PRODUCT_NAME} API` },
      uiConfig: {
        // No top bar: its logo is an SVG with a <style> element, which the CSP refuses.
        layout: 'BaseLayout',
        deepLinking: true,
        // Reads can be tried from the page; writes need the CSRF header, which the page does not send.
        supportedSubmitMethods: ['get'],
      },
    });
  });
  app.get(
    OPENAPI_PATH,
    { schema: { summary: 'This document', response: { 200: openApiDocument } } },
    async () => app.swagger() as unknown as z.infer<typeof openApiDocument>,
  );
}
