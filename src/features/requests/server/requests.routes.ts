import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../server/db/database';
import { listWorkRequestsQuery, workRequestList } from '../requests.schema';
import { presentCard, presentPagination } from './requests.presenter';
import { listOpenRequests } from './requests.repo';

export const requestsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/work-requests',
    { schema: { querystring: listWorkRequestsQuery, response: { 200: workRequestList } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listOpenRequests(db, page, limit);
      return {
        work_requests: rows.map(presentCard),
        pagination: presentPagination(page, limit, total),
      };
    },
  );
};
