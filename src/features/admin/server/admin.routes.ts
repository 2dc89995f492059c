import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { registerAdminGuard } from './admin-guard';
import { adminRequestsRoutes } from './admin-requests.routes';
import { adminCasesRoutes } from './cases.routes';
import type { ResponseCounts } from './metrics';
import { adminMonitoringRoutes } from './monitoring.routes';
import { adminReportsRoutes } from './reports.routes';
import { adminVerificationsRoutes } from './verifications.routes';

/**
 * The administration console's routes (its user actions handed in by the composition root), in one scope behind the admin guard (administrators only;
 * every refusal audited). Registered inside the `/api` scope, so the request chain runs first.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  ctx: ServerContext;
  responseCounts: ResponseCounts;
  /** The administrator's user actions, which span features (src/server/workflows/). */
  userRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }>;
}> = async (app, { ctx, responseCounts, userRoutes }) => {
  registerAdminGuard(app, ctx);
  await app.register(adminRequestsRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(adminMonitoringRoutes, { ctx, responseCounts });
  await app.register(adminReportsRoutes, { ctx });
  await app.register(adminCasesRoutes, { ctx });
  await app.register(adminVerificationsRoutes, { ctx });
};
