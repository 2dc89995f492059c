import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  favouriteParams,
  favouriteResponse,
  favouritesQuery,
  favouritesResponse,
} from '../favourites.schema';
import { presentFavourites } from './favourites.presenter';
import { dropFavourite, favouritesOf, keepFavourite } from './favourites.service';

/** A client's favourite providers (docs/invitations.md "Favourites"): PUT and DELETE are idempotent. */
export const favouritesRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/me/favourites',
    { schema: { querystring: favouritesQuery, response: { 200: favouritesResponse } } },
    async (request) => {
      const me = requireUser(request);
      const { page, limit } = request.query;
      return presentFavourites(request.query, await favouritesOf(ctx, me, page, limit));
    },
  );

  app.put(
    '/me/favourites/:providerId',
    { schema: { params: favouriteParams, response: { 200: favouriteResponse } } },
    async (request) => {
      const me = requireUser(request);
      const kept = await keepFavourite(ctx, me, request.params.providerId);
      return { favourite: { provider_id: kept.providerId, saved_at: kept.savedAt.toISOString() } };
    },
  );

  app.delete(
    '/me/favourites/:providerId',
    { schema: { params: favouriteParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      const me = requireUser(request);
      await dropFavourite(ctx, me, request.params.providerId);
      return reply.status(204).send();
    },
  );
};
