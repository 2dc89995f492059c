import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { fileResponse } from '../../../server/openapi';
import { requireUser } from '../../../server/plugins/auth';
import { formRoutes } from '../../../server/plugins/forms';
import { DOCUMENT_TYPES } from '../verifications.rules';
import { documentIdParams, myVerificationsResponse, uploadFields } from '../verifications.schema';
import { sendDocument } from './document-download';
import { presentOwn } from './verifications.presenter';
import {
  assertCanUpload,
  documentFor,
  ownDocuments,
  ownIco,
  uploadDocument,
} from './verifications.service';
import { readDocumentForm } from './uploads';

/**
 * The provider's side of checked business and insurance (docs/verifications.md): their documents
 * and badges, an upload, and a document's file (to its provider and administrators only). The
 * console's side is the admin feature's (admin/server/verifications.routes.ts).
 */
export const verificationsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  const mine = async (me: { id: string; role: 'client' | 'provider' | 'administrator' }) => {
    const now = new Date();
    const rows = await ownDocuments(ctx, me);
    return presentOwn(rows, await ownIco(ctx, me.id), now);
  };

  app.get(
    '/verifications/mine',
    { schema: { response: { 200: myVerificationsResponse } } },
    async (request) => mine(requireUser(request)),
  );

  await app.register(
    formRoutes(async (forms) => {
      forms.post(
        '/verifications',
        {
          config: { rateLimit: 'upload' },
          schema: { response: { 201: myVerificationsResponse } },
        },
        async (request, reply) => {
          const me = requireUser(request);
          assertCanUpload(me);
          const { fields, file } = await readDocumentForm(request);
          await uploadDocument(ctx, me, uploadFields.parse(fields), file);
          return reply.status(201).send(await mine(me));
        },
      );
    }),
  );

  app.get(
    '/verifications/:id/document',
    {
      schema: {
        params: documentIdParams,
        querystring: z.object({ disposition: z.enum(['inline', 'attachment']).optional() }),
        response: {
          200: fileResponse('The document, as it was uploaded', Object.keys(DOCUMENT_TYPES)),
        },
      },
    },
    async (request, reply) => {
      const file = await documentFor(ctx, requireUser(request), request.params.id);
      return sendDocument(reply, ctx.storage, file, request.query.disposition === 'inline');
    },
  );
};
