import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import { leadAlertsBody, leadAlertsResponse } from '../leads.schema';
import { presentLeadAlerts } from './leads.presenter';
import { leadAlertsOf, saveLeadAlerts } from './leads.service';

/** A provider's own lead alerts (docs/leads.md): read them, or replace the whole list. */
export const leadsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/users/lead-alerts',
    { schema: { response: { 200: leadAlertsResponse } } },
    async (request) => {
      const me = requireUser(request);
      return presentLeadAlerts(await leadAlertsOf(ctx, me), request.language);
    },
  );

  app.put(
    '/users/lead-alerts',
    {
      bodyLimit: BODY_LIMITS.json,
      schema: { body: leadAlertsBody, response: { 200: leadAlertsResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      await saveLeadAlerts(ctx, me, request.body.alerts);
      return presentLeadAlerts(await leadAlertsOf(ctx, me), request.language);
    },
  );
};
