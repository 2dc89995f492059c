import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { fileResponse } from '../../../server/openapi';
import { directoryQuery, directoryResponse, publicProvider } from '../providers.schema';
import { presentDirectory } from './directory.presenter';
import { browseDirectory } from './directory.service';
import { reviewsResponse } from '../../reviews/reviews.schema';
import { presentReviewPage } from '../../reviews/server';
import { presentProvider } from './providers.presenter';
import { providerPage, providerPicture, providerReviews } from './providers.service';

const idParams = z.object({ id: z.uuid({ message: 'provider_not_found' }) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const providersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/providers',
    {
      // Nothing in it is private, but towns are named in the asker's language (the `lang`
      // cookie), as GET /api/places names them: no shared cache keeps it.
      schema: { querystring: directoryQuery, response: { 200: directoryResponse } },
    },
    async (request) =>
      presentDirectory(
        request.query,
        await browseDirectory(ctx, request.query, request.user),
        request.language,
      ),
  );

  app.get(
    '/providers/:id',
    { schema: { params: idParams, response: { 200: z.object({ user: publicProvider }) } } },
    async (request) => {
      const page = await providerPage(ctx, request.user, request.params.id);
      return {
        user: presentProvider(
          page.row,
          page.rating,
          page.showContact,
          page.reviewable,
          request.language,
          page.showcase,
          page.forViewer,
        ),
      };
    },
  );

  app.get(
    '/providers/:id/reviews',
    { schema: { params: idParams, querystring: pageQuery, response: { 200: reviewsResponse } } },
    async (request) => {
      const { page, limit } = request.query;
      const reviews = await providerReviews(ctx, request.user, request.params.id, page, limit);
      return presentReviewPage(request.query, reviews, request.user);
    },
  );

  app.get(
    '/users/profile-picture/provider/:id',
    {
      schema: {
        params: idParams,
        response: { 200: fileResponse('The profile picture', ['image/jpeg']) },
      },
    },
    async (request, reply) => {
      const picture = await providerPicture(ctx.db, request.user, request.params.id);
      if (!picture || !(await ctx.storage.exists(picture.key))) {
        throw new AppError('picture_not_found', 'No profile picture.');
      }
      return (
        reply
          .header('Content-Type', 'image/jpeg')
          // A disabled provider's picture is shown to its owner and administrators alone: no shared cache keeps it.
          .header('Cache-Control', picture.shared ? 'public, max-age=300' : 'private, no-store')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(ctx.storage.read(picture.key))
      );
    },
  );
};
