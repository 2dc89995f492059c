import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../../server/plugins/auth';
import { liveHeaders, liveQuery } from '../../live.schema';
import type { LiveStreams } from './live-streams';

const EVENT_STREAM = 'text/event-stream; charset=utf-8';

const eventStreamResponse = {
  description:
    'Server-Sent Events for the signed-in person: `notification` (one notification in the inbox’s shape, its id as the event id) and `changed` (`{ kind, id }`), a comment line at least every 25 s (docs/notifications.md "Live streams")',
  content: { 'text/event-stream': { schema: z.string() } },
};

/**
 * `GET /api/live`: the signed-in person's live stream. `Last-Event-ID` (or `?lastEventId=`)
 * resumes after that notification. A HEAD answers the stream's headers and opens nothing.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ streams: LiveStreams }> = async (
  app,
  { streams },
) => {
  app.get(
    '/live',
    {
      config: { longLived: true },
      schema: {
        headers: liveHeaders,
        querystring: liveQuery,
        response: { 200: eventStreamResponse },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (request.method === 'HEAD') return reply.type(EVENT_STREAM).send('');
      const after = request.headers['last-event-id'] ?? request.query.lastEventId;
      await streams.open({ userId: me.id, sessionId: me.sessionId }, after, reply);
    },
  );
};
