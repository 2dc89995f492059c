import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import { inboxQuery, inboxResponse, markReadBody, unreadCountResponse } from '../inbox.schema';
import { preferencesBody, preferencesResponse } from '../preferences.schema';
import { inboxPage, markAsRead } from './inbox.service';
import { presentInboxPage } from './notifications.presenter';
import { choosePreferences, preferencesOf } from './preferences.service';
import { unsubscribeRoutes } from './unsubscribe.routes';

/**
 * The signed-in person's inbox and channel choices (docs/notifications.md), and the one-click
 * unsubscribe link of the mail (unsubscribe.routes.ts).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/notifications',
    { schema: { querystring: inboxQuery, response: { 200: inboxResponse } } },
    async (request) => {
      const me = requireUser(request);
      const { page, limit } = request.query;
      return presentInboxPage({ page, limit }, await inboxPage(ctx, me.id, page, limit));
    },
  );

  app.post(
    '/notifications/read',
    {
      // Opening notifications one after another is reading, not changing anything of weight.
      config: { rateLimit: 'read' },
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: markReadBody, response: { 200: unreadCountResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      const ids = 'all' in request.body ? 'all' : request.body.ids;
      return { unread_count: await markAsRead(ctx, me.id, ids) };
    },
  );

  app.get(
    '/users/notification-preferences',
    { schema: { response: { 200: preferencesResponse } } },
    async (request) => ({ preferences: await preferencesOf(ctx.db, requireUser(request).id) }),
  );

  app.put(
    '/users/notification-preferences',
    {
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: preferencesBody, response: { 200: preferencesResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      return { preferences: await choosePreferences(ctx, me.id, request.body.preferences) };
    },
  );

  await app.register(unsubscribeRoutes, { ctx });
};
