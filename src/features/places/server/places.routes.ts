import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesQuery, placesResponse } from '../places.schema';
import { presentPlace } from './places.presenter';
import { suggestPlaces } from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    {
      schema: {
        description:
          'Towns and villages of Slovakia, Czechia and Ukraine whose name begins with, or looks ' +
          'like, `q` (accents, case and a typo forgiven; Latin or Cyrillic), larger places first, ' +
          'named in the language of the request (docs/places.md).',
        querystring: placesQuery,
        response: { 200: placesResponse },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const found = suggestPlaces(q, limit);
      return { places: found.map((row) => presentPlace(row, request.language)) };
    },
  );
};
