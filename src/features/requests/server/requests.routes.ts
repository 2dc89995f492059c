import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { fileResponse } from '../../../server/openapi';
import { requireUser } from '../../../server/plugins/auth';
import { NOT_STORED } from '../../../server/plugins/cache-policy';
import { formRoutes } from '../../../server/plugins/forms';
import { ATTACHMENT_TYPES } from '../attachments.rules';

const ATTACHMENT_MEDIA_TYPES = Object.keys(ATTACHMENT_TYPES);
import {
  attachmentParams,
  extendBiddingBody,
  listWorkRequestsQuery,
  locationSuggestions,
  locationSuggestionsQuery,
  myWorkRequests,
  requestIdParams,
  workRequestFields,
  workRequestList,
  workRequestResponse,
} from '../requests.schema';
import { DOWNLOAD_CSP, sendUpload } from './file-download';
import { presentCard, presentCardList, presentDetail } from './requests.presenter';
import { browseRequests, suggestTowns } from './search/search.service';
import { attachmentFor, thumbnailFor } from './attachments.service';
import {
  assertCanPost,
  changeRequestStatus,
  createWorkRequest,
  deleteWorkRequest,
  extendBidding,
  myRequests,
  openRequestPage,
  viewRequest,
} from './requests.service';
import { readForm } from './uploads';

export const requestsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/work-requests',
    {
      // The same for every viewer reading in one language: each card names its town in the
      // language of the `lang` cookie, so a shared cache keeps an answer per cookie. Browsers ask
      // again each time (a new request shows at once); a shared cache may answer for 30 seconds.
      config: { publicCache: { browser: 0, shared: 30 } },
      schema: { querystring: listWorkRequestsQuery, response: { 200: workRequestList } },
    },
    async (request, reply) => {
      reply.header('Vary', 'Cookie');
      // Around a place, the answer names it in the asker's language (the `lang` cookie): no shared
      // cache may hand it to someone reading another.
      if (request.query.near !== undefined) reply.header('Cache-Control', NOT_STORED);
      return presentCardList(
        request.query,
        await browseRequests(ctx, request.query),
        request.language,
      );
    },
  );

  app.get(
    '/work-requests/locations',
    {
      // Towns change only as requests are posted or closed: a minute's staleness is harmless.
      config: { publicCache: { browser: 60, shared: 60 } },
      schema: {
        querystring: locationSuggestionsQuery,
        response: { 200: locationSuggestions },
      },
    },
    async (request) => ({ locations: await suggestTowns(ctx, request.query.prefix) }),
  );

  app.get(
    '/work-requests/my',
    { schema: { response: { 200: myWorkRequests } } },
    async (request) => {
      const mine = await myRequests(ctx, requireUser(request));
      return {
        work_requests: mine.map(({ row, actions }) => ({
          ...presentCard(row, request.language),
          attachment_count: row.attachmentCount,
          new_bid_count: row.newBidCount,
          allowed_actions: actions,
        })),
      };
    },
  );

  await app.register(
    formRoutes(async (forms) => {
      forms.post(
        '/work-requests',
        { config: { rateLimit: 'upload' }, schema: { response: { 201: workRequestResponse } } },
        async (request, reply) => {
          const contact = await assertCanPost(ctx, request.user);
          const me = request.user!;
          const { fields, files } = await readForm(request);
          const input = workRequestFields.parse(fields);
          const id = await createWorkRequest(ctx, me, contact, input, files);
          const { found, actions } = await viewRequest(ctx, me, id);
          return reply
            .status(201)
            .send({ work_request: presentDetail(found, me, actions, request.language) });
        },
      );
    }),
  );

  app.get(
    '/work-requests/:id',
    { schema: { params: requestIdParams, response: { 200: workRequestResponse } } },
    async (request) => {
      const me = requireUser(request);
      const { found, actions } = await openRequestPage(ctx, me, request.params.id);
      return { work_request: presentDetail(found, me, actions, request.language) };
    },
  );

  app.delete(
    '/work-requests/:id',
    { schema: { params: requestIdParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await deleteWorkRequest(ctx, requireUser(request), request.params.id);
      return { message: 'Request deleted.' };
    },
  );

  app.get(
    '/work-requests/:id/attachments/:attachmentId/download',
    {
      schema: {
        params: attachmentParams,
        querystring: z.object({ disposition: z.enum(['inline', 'attachment']).optional() }),
        response: {
          200: fileResponse('The attached file, as it was uploaded', ATTACHMENT_MEDIA_TYPES),
        },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await attachmentFor(ctx, requireUser(request), id, attachmentId);
      return sendUpload(reply, ctx.storage, file, request.query.disposition === 'inline');
    },
  );

  app.get(
    '/work-requests/:id/attachments/:attachmentId/thumbnail',
    {
      schema: {
        params: attachmentParams,
        response: {
          200: fileResponse("A photo's small preview for the request's card", ['image/webp']),
        },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      // Exactly the download's rules (signed in, may open the request); a preview never changes.
      const key = await thumbnailFor(ctx, requireUser(request), id, attachmentId);
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Disposition', 'inline')
        .header('Content-Security-Policy', DOWNLOAD_CSP)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(ctx.storage.read(key));
    },
  );

  // The client's one extension of the time for bids (docs/requests.md "Time for bids").
  app.patch(
    '/work-requests/:id/extend',
    {
      schema: {
        params: requestIdParams,
        body: extendBiddingBody,
        response: { 200: workRequestResponse },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await extendBidding(ctx, me, request.params.id, request.body.days);
      const { found, actions } = await viewRequest(ctx, me, request.params.id);
      return { work_request: presentDetail(found, me, actions, request.language) };
    },
  );

  for (const change of ['complete', 'cancel'] as const) {
    app.patch(
      `/work-requests/:id/${change}`,
      { schema: { params: requestIdParams, response: { 200: workRequestResponse } } },
      async (request) => {
        const me = requireUser(request);
        await changeRequestStatus(ctx, me, request.params.id, change);
        const { found, actions } = await viewRequest(ctx, me, request.params.id);
        return { work_request: presentDetail(found, me, actions, request.language) };
      },
    );
  }
};
