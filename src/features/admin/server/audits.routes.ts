import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { fileResponse } from '../../../server/openapi';
import { requireRole } from '../../../server/plugins/auth';
import { auditsExportQuery, auditsQuery, auditsResponse } from '../admin.schema';
import { presentAudit } from './audits.presenter';
import { EXPORT_FILES, exportAudits, listAudits } from './audits.service';
import { presentBrowsePagination } from './browse';

const filtersOf = (query: {
  request_id?: string | undefined;
  action?: string | undefined;
  actor_id?: string | undefined;
  actor_type?: 'administrator' | 'client' | 'provider' | undefined;
}) => ({
  httpRequestId: query.request_id,
  action: query.action,
  actorId: query.actor_id,
  actorType: query.actor_type,
});

/** The audit trail for administrators (accounts spec §2 "Audits tab", §7 "Administration"). */
export const auditsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/audits',
    { schema: { querystring: auditsQuery, response: { 200: auditsResponse } } },
    async (request) => {
      requireRole(request, 'administrator');
      const { page, limit } = request.query;
      const found = await listAudits(ctx, filtersOf(request.query), page, limit);
      return {
        audits: found.rows.map(presentAudit),
        pagination: presentBrowsePagination(page, limit, found.total),
        total: found.total,
        total_estimated: found.estimated,
      };
    },
  );

  app.get(
    '/admin/audits/export',
    {
      schema: {
        querystring: auditsExportQuery,
        response: {
          200: fileResponse('Every matching audit entry, newest first', [
            'text/csv',
            'application/x-ndjson',
          ]),
        },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'administrator');
      const { format } = request.query;
      const file = EXPORT_FILES[format];
      const stream = await exportAudits(ctx, admin, filtersOf(request.query), format);
      return reply
        .type(file.mediaType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
};
