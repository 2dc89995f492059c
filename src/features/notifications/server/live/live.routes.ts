import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../../server/errors';
import { requireUser } from '../../../../server/plugins/auth';
import type { LiveHub } from './live-hub';

/** `Last-Event-ID` as the browser's EventSource sends it after a dropped connection. */
const liveHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .catch(undefined),
});

/**
 * `GET /api/live`: the signed-in person's Server-Sent Events stream (docs/notifications.md "Live
 * streams"): `notification` events with the new notification, `changed` events naming what an
 * open page should fetch again, and a heartbeat comment.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get(
    '/live',
    {
      schema: {
        headers: liveHeaders,
        // Sent as text/event-stream: `notification` and `changed` events, one JSON object each.
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (hub.full())
        throw new AppError(
          'service_unavailable',
          'Too many live connections here; try again soon.',
          {
            retryAfterSeconds: 30,
          },
        );
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
        // Proxies such as nginx must pass each event on at once, not collect them.
        'x-accel-buffering': 'no',
      });
      // The heartbeat keeps the connection busy: no idle time-out of the server's may end it.
      const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
      socket?.setTimeout?.(0);
      // HEAD asks for the head alone: nothing will ever be sent on it, so it ends here.
    if (request.method === 'HEAD') return void response.end();
    const lastEventId = Number(request.headers['last-event-id'] ?? 0);
      await hub.open(user, response, lastEventId);
    },
  );
};
