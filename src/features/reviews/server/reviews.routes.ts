import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import { viewProvider } from '../../providers/server/providers.service';
import { reviewBody, reviewView, reviewsResponse } from '../reviews.schema';
import { presentReview, presentReviewPage } from './reviews.presenter';
import { addReview, listReviews } from './reviews.service';

const idParams = z.object({ id: z.uuid({ message: 'provider_not_found' }) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const reviewsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/providers/:id/reviews',
    { schema: { params: idParams, querystring: pageQuery, response: { 200: reviewsResponse } } },
    async (request) => {
      // The provider's page rules (unknown, disabled, providers' own only) hold for the reviews too.
      await viewProvider(ctx, request.user, request.params.id);
      const { page, limit } = request.query;
      return presentReviewPage(
        request.query,
        await listReviews(ctx.db, request.params.id, page, limit),
      );
    },
  );

  app.post(
    '/providers/:id/reviews',
    {
      schema: {
        params: idParams,
        body: reviewBody,
        response: { 201: z.object({ review: reviewView }) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const added = await addReview(ctx, me, request.params.id, request.body, request.id);
      return reply.status(201).send({ review: presentReview(added) });
    },
  );
};
