import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { fileResponse } from '../../../server/openapi';
import { requireUser } from '../../../server/plugins/auth';
import { formRoutes } from '../../../server/plugins/forms';
import { ATTACHMENT_TYPES } from '../attachments.rules';
import {
  completionFileParams,
  completionResponse,
  markDoneFields,
  reportProblemFields,
} from '../completion.schema';
import { requestIdParams, workRequestResponse } from '../requests.schema';
import { presentCompletion } from './completion.presenter';
import { completionFileFor, completionFor, markDone, reportProblem } from './completion.service';
import { sendUpload } from './file-download';
import { presentDetail } from './requests.presenter';
import { viewRequest } from './requests.service';
import { readForm } from './uploads';

/**
 * The end of a hired job (docs/requests.md "Completion"): the provider's "done" and the client's
 * problem, each a form with photos; what both sides said, and its files. The client's
 * confirmation is `PATCH /api/work-requests/:id/complete` (requests.routes.ts).
 */
export const completionRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  await app.register(
    formRoutes(async (forms) => {
      forms.post(
        '/work-requests/:id/done',
        {
          config: { rateLimit: 'upload' },
          schema: { params: requestIdParams, response: { 200: workRequestResponse } },
        },
        async (request) => {
          const me = requireUser(request);
          const { fields, files } = await readForm(request);
          const { note } = markDoneFields.parse(fields);
          await markDone(ctx, me, request.params.id, note, files);
          const { found, actions } = await viewRequest(ctx, me, request.params.id);
          return { work_request: presentDetail(found, me, actions, request.language) };
        },
      );

      forms.post(
        '/work-requests/:id/problem',
        {
          config: { rateLimit: 'upload' },
          schema: { params: requestIdParams, response: { 200: workRequestResponse } },
        },
        async (request) => {
          const me = requireUser(request);
          const { fields, files } = await readForm(request);
          const input = reportProblemFields.parse(fields);
          await reportProblem(ctx, me, request.params.id, input, files);
          const { found, actions } = await viewRequest(ctx, me, request.params.id);
          return { work_request: presentDetail(found, me, actions, request.language) };
        },
      );
    }),
  );

  app.get(
    '/work-requests/:id/completion',
    { schema: { params: requestIdParams, response: { 200: completionResponse } } },
    async (request) =>
      presentCompletion(await completionFor(ctx, requireUser(request), request.params.id)),
  );

  app.get(
    '/work-requests/:id/completion-files/:fileId',
    {
      schema: {
        params: completionFileParams,
        querystring: z.object({ disposition: z.enum(['inline', 'attachment']).optional() }),
        response: {
          200: fileResponse(
            'A photo or file of a job\'s "done" or problem',
            Object.keys(ATTACHMENT_TYPES),
          ),
        },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await completionFileFor(ctx, requireUser(request), id, fileId);
      return sendUpload(reply, ctx.storage, file, request.query.disposition === 'inline');
    },
  );
};
