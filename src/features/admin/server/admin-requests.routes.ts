import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { requestIdParams } from '../../requests/requests.schema';
import {
  adminBidsQuery,
  adminBidsResponse,
  adminRequestResponse,
  adminRequestsQuery,
  adminRequestsResponse,
} from '../admin.schema';
import { administratorOf } from './admin-guard';
import { presentPagination, presentRequestRow } from './admin-requests.presenter';
import {
  bidsForAdministrator,
  listRequestsForAdministrator,
  requestForAdministrator,
} from './admin-requests.service';

/**
 * The console's requests (accounts spec §7 "Administration"). Registered inside the admin scope,
 * whose guard has already refused anyone but an administrator. Deleting a request is the
 * requests feature's own `DELETE /api/work-requests/:id` (administrators: any state).
 */
export const adminRequestsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/work-requests/admin/all',
    { schema: { querystring: adminRequestsQuery, response: { 200: adminRequestsResponse } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listRequestsForAdministrator(
        ctx,
        administratorOf(request),
        request.query,
      );
      return {
        work_requests: rows.map(presentRequestRow),
        pagination: presentPagination(page, limit, total),
      };
    },
  );

  app.get(
    '/work-requests/admin/:id',
    { schema: { params: requestIdParams, response: { 200: adminRequestResponse } } },
    async (request) => ({
      work_request: await requestForAdministrator(
        ctx,
        administratorOf(request),
        request.params.id,
        request.language,
      ),
    }),
  );

  app.get(
    '/admin/bids',
    { schema: { querystring: adminBidsQuery, response: { 200: adminBidsResponse } } },
    async (request) => ({
      bids: await bidsForAdministrator(
        ctx,
        administratorOf(request),
        request.query.work_request_id,
      ),
    }),
  );
};
