import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../../server/context';
import { alertsRoutes } from './alerts.routes';
import { auditsRoutes } from './audits.routes';
import type { ResponseCounts } from './metrics';

/** The administrators' audit trail, alerts and metrics: /admin/audits, /admin/alerts, /admin/metrics. */
export const adminMonitoringRoutes: FastifyPluginAsync<{
  ctx: ServerContext;
  responseCounts: ResponseCounts;
}> = async (app, options) => {
  await app.register(auditsRoutes, { ctx: options.ctx });
  await app.register(alertsRoutes, options);
};
