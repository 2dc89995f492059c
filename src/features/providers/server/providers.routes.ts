import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { providerProfiles, reviews, users } from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import { requireUser } from '../../../server/plugins/auth';
import { publicProvider, reviewBody, reviewView, reviewsResponse } from '../providers.schema';
import { presentProvider } from './providers.presenter';
import { providerReviews } from './providers.repo';
import { addReview, reviewableRequests, viewProvider } from './providers.service';

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
    '/providers/:id',
    { schema: { params: idParams, response: { 200: z.object({ user: publicProvider }) } } },
    async (request) => {
      const { row, showContact } = await viewProvider(ctx, request.user, request.params.id);
      const reviewable = await reviewableRequests(ctx, request.user, request.params.id);
      return { user: presentProvider(row, showContact, reviewable) };
    },
  );

  app.get(
    '/providers/:id/reviews',
    { schema: { params: idParams, querystring: pageQuery, response: { 200: reviewsResponse } } },
    async (request) => {
      await viewProvider(ctx, request.user, request.params.id);
      const { page, limit } = request.query;
      const [rows, [total]] = await Promise.all([
        providerReviews(ctx.db, request.params.id, limit, (page - 1) * limit),
        ctx.db
          .select({ n: count() })
          .from(reviews)
          .where(eq(reviews.providerId, request.params.id)),
      ]);
      return {
        reviews: rows.map(({ review, authorName }) => ({
          id: review.id,
          rating: review.rating,
          comment: review.comment,
          author_name: review.anonymous || !authorName ? null : authorName,
          created_at: review.createdAt.toISOString(),
        })),
        pagination: {
          page,
          total_pages: Math.max(1, Math.ceil((total?.n ?? 0) / limit)),
          total: total?.n ?? 0,
        },
      };
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
      const review = await addReview(ctx, me, request.params.id, request.body, request.id);
      const [author] = await ctx.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, me.id));
      return reply.status(201).send({
        review: {
          id: review.id,
          rating: review.rating,
          comment: review.comment,
          author_name: review.anonymous ? null : (author?.name ?? null),
          created_at: review.createdAt.toISOString(),
        },
      });
    },
  );

  app.get(
    '/users/profile-picture/provider/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const [row] = await ctx.db
        .select({ key: providerProfiles.pictureKey, status: users.accountStatus })
        .from(providerProfiles)
        .innerJoin(users, eq(users.id, providerProfiles.userId))
        .where(eq(providerProfiles.userId, request.params.id));
      const visible =
        row?.status === 'active' ||
        request.user?.id === request.params.id ||
        request.user?.role === 'administrator';
      if (!row?.key || !visible || !(await ctx.storage.exists(row.key))) {
        throw new AppError('picture_not_found', 'No profile picture.');
      }
      return (
        reply
          .header('Content-Type', 'image/jpeg')
          // Only an active provider's picture is public; a disabled one's is shown to its owner and
          // administrators alone, so no shared cache may keep it.
          .header(
            'Cache-Control',
            row.status === 'active' ? 'public, max-age=300' : 'private, no-store',
          )
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(ctx.storage.read(row.key))
      );
    },
  );
};
