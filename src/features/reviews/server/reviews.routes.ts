import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import { reviewBody, reviewView } from '../reviews.schema';
import { presentReview } from './reviews.presenter';
import { addReview } from './reviews.service';

const idParams = z.object({ id: z.uuid({ message: 'provider_not_found' }) });

export const reviewsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
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
      const added = await addReview(ctx, me, request.params.id, request.body);
      return reply.status(201).send({ review: presentReview(added) });
    },
  );
};
