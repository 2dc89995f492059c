import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { requireRole } from '../../../server/plugins/auth';
import {
  reportDetailResponse,
  reportIdParams,
  reportResponseForAdmin,
  reportsQuery,
  reportsResponse,
} from '../../conversations/conversations.schema';
import {
  closeReportAs,
  openReport,
  presentReport,
  presentReportedMessages,
  reportsFor,
} from '../../conversations/server';

/**
 * Reported conversations (docs/conversations.md "Reports"): the console reads a thread only
 * through a report, and every look is audited.
 */
export const adminReportsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/admin/reports',
    { schema: { querystring: reportsQuery, response: { 200: reportsResponse } } },
    async (request) => {
      requireRole(request, 'administrator');
      const found = await reportsFor(ctx, request.query.status, request.query.page);
      return {
        reports: found.rows.map(presentReport),
        pagination: { page: found.page, total_pages: found.totalPages, total: found.total },
      };
    },
  );

  app.get(
    '/admin/reports/:id',
    { schema: { params: reportIdParams, response: { 200: reportDetailResponse } } },
    async (request) => {
      const admin = requireRole(request, 'administrator');
      const row = await openReport(ctx, admin, request.params.id);
      return { report: presentReport(row), messages: presentReportedMessages(row) };
    },
  );

  app.patch(
    '/admin/reports/:id/close',
    { schema: { params: reportIdParams, response: { 200: reportResponseForAdmin } } },
    async (request) => {
      const admin = requireRole(request, 'administrator');
      return { report: presentReport(await closeReportAs(ctx, admin, request.params.id)) };
    },
  );
};
