import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { MIN_SHOWN_FIGURE } from '../home.rules';
import { homeStats as homeStatsSchema } from '../home.schema';
import { cachedFor, homeStats } from './home.service';

/** How long the server keeps the figures, and shared caches may too. */
const STATS_SECONDS = 60;

export const homeRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const stats = cachedFor(STATS_SECONDS * 1000, () => homeStats(ctx.db, new Date()));

  app.get(
    '/stats/home',
    {
      // The same for every viewer and nobody's data: browsers keep it a minute, as the server does.
      config: { publicCache: { browser: STATS_SECONDS, shared: STATS_SECONDS } },
      schema: {
        description:
          'The home page figures: open requests posted in the last 7 days, active providers and ' +
          'the reviews shown on their pages. Counted at most once a minute; a figure below ' +
          `${MIN_SHOWN_FIGURE} is null (the home page does not show it).`,
        response: { 200: homeStatsSchema },
      },
    },
    async () => stats(),
  );
};
