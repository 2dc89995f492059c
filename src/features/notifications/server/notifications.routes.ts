import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  markReadBody,
  notificationsQuery,
  notificationsResponse,
  preferencesBody,
  preferencesResponse,
  unreadResponse,
} from '../notifications.schema';
import { presentNotification } from './notifications.presenter';
import { inboxPage, preferencesOf, readNotifications, savePreferences } from './inbox.service';

/** The signed-in person's inbox and their choice of channels (docs/notifications.md). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/notifications',
    { schema: { querystring: notificationsQuery, response: { 200: notificationsResponse } } },
    async (request) => {
      const query = request.query;
      const { rows, total, unread } = await inboxPage(ctx, requireUser(request), query);
      return {
        notifications: rows.map(presentNotification),
        unread_count: unread,
        pagination: {
          page: query.page,
          total_pages: Math.max(1, Math.ceil(total / query.limit)),
          total,
        },
      };
    },
  );

  app.post(
    '/notifications/read',
    {
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: markReadBody, response: { 200: unreadResponse } },
    },
    async (request) => {
      const body = request.body;
      const ids = 'all' in body ? 'all' : body.ids;
      return { unread_count: await readNotifications(ctx, requireUser(request), ids) };
    },
  );

  app.get(
    '/users/notification-preferences',
    { schema: { response: { 200: preferencesResponse } } },
    async (request) => ({ preferences: await preferencesOf(ctx, requireUser(request)) }),
  );

  app.put(
    '/users/notification-preferences',
    {
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: preferencesBody, response: { 200: preferencesResponse } },
    },
    async (request) => ({
      preferences: await savePreferences(ctx, requireUser(request), request.body.preferences),
    }),
  );
};
