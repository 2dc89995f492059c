import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  answerBody,
  answerView,
  clientRatingResponse,
  clientReviewBody,
  reviewBody,
  reviewView,
} from '../reviews.schema';
import { answerReview, editAnswer } from './answers.service';
import { clientRatingFor, reviewClient } from './client-reviews.service';
import { presentAnswer, presentClientRating, presentReview } from './reviews.presenter';
import { addReview } from './reviews.service';

const idParams = z.object({ id: z.uuid({ message: 'provider_not_found' }) });
const requestParams = z.object({ id: z.uuid({ message: 'request_not_found' }) });
const reviewParams = z.object({ id: z.uuid({ message: 'review_not_found' }) });
const ownReview = clientRatingResponse.shape.own_review.unwrap();

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
      return reply.status(201).send({ review: presentReview(added, me, new Date()) });
    },
  );

  // Reviews of clients (docs/reviews.md): their rating for providers, and the hired provider's review.
  app.get(
    '/work-requests/:id/client-rating',
    { schema: { params: requestParams, response: { 200: clientRatingResponse } } },
    async (request) => {
      const me = requireUser(request);
      return presentClientRating(await clientRatingFor(ctx, me, request.params.id));
    },
  );

  app.post(
    '/work-requests/:id/client-review',
    {
      schema: {
        params: requestParams,
        body: clientReviewBody,
        response: { 201: z.object({ review: ownReview }) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const review = await reviewClient(ctx, me, request.params.id, request.body);
      return reply.status(201).send({
        review: {
          rating: review.rating,
          comment: review.comment,
          created_at: review.createdAt.toISOString(),
        },
      });
    },
  );

  // The reviewed provider's public answer: written once, editable for 48 hours.
  app.post(
    '/reviews/:id/answer',
    {
      schema: {
        params: reviewParams,
        body: answerBody,
        response: { 201: z.object({ answer: answerView }) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const review = await answerReview(ctx, me, request.params.id, request.body.text);
      return reply.status(201).send({ answer: presentAnswer(review)! });
    },
  );

  app.put(
    '/reviews/:id/answer',
    {
      schema: {
        params: reviewParams,
        body: answerBody,
        response: { 200: z.object({ answer: answerView }) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const review = await editAnswer(ctx, me, request.params.id, request.body.text);
      return { answer: presentAnswer(review)! };
    },
  );
};
