import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { requestIdParams } from '../../requests/requests.schema';
import {
  caseDetailResponse,
  casesQuery,
  casesResponse,
  disputeDecisionBody,
} from '../cases.schema';
import { administratorOf } from './admin-guard';
import { decideCase, listCases, openCase } from './cases.service';

/**
 * The console's Cases (docs/admin.md "Cases"): disputed jobs, read (audited) and decided.
 * Registered inside the admin scope, whose guard has already refused anyone but an administrator.
 */
export const adminCasesRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/admin/cases',
    { schema: { querystring: casesQuery, response: { 200: casesResponse } } },
    async (request) => {
      administratorOf(request);
      return listCases(ctx, request.query.page);
    },
  );

  app.get(
    '/admin/cases/:id',
    { schema: { params: requestIdParams, response: { 200: caseDetailResponse } } },
    async (request) => openCase(ctx, administratorOf(request), request.params.id, request.language),
  );

  app.post(
    '/admin/cases/:id/decision',
    {
      schema: {
        params: requestIdParams,
        body: disputeDecisionBody,
        response: { 200: caseDetailResponse },
      },
    },
    async (request) =>
      decideCase(ctx, administratorOf(request), request.params.id, request.body, request.language),
  );
};
