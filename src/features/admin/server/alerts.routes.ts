import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { requireRole } from '../../../server/plugins/auth';
import { alertsQuery, alertsResponse, metricsResponse } from '../admin.schema';
import { presentAlert, presentMetrics } from './alerts.presenter';
import { listAlerts, metricsSnapshot } from './alerts.service';
import { presentBrowsePagination } from './browse';
import type { ResponseCounts } from './metrics';

/** Alerts and the counters above them (accounts spec §2 "Alerts tab", §7 "Administration"). */
export const alertsRoutes: FastifyPluginAsyncZod<{
  ctx: ServerContext;
  responseCounts: ResponseCounts;
}> = async (app, { ctx, responseCounts }) => {
  app.get(
    '/admin/alerts',
    { schema: { querystring: alertsQuery, response: { 200: alertsResponse } } },
    async (request) => {
      requireRole(request, 'administrator');
      const { type, page, limit } = request.query;
      const found = await listAlerts(ctx, type, page, limit);
      return {
        alerts: found.rows.map(presentAlert),
        pagination: presentBrowsePagination(page, limit, found.total),
      };
    },
  );

  app.get('/admin/metrics', { schema: { response: { 200: metricsResponse } } }, async (request) => {
    requireRole(request, 'administrator');
    return presentMetrics(await metricsSnapshot(ctx, responseCounts));
  });
};
