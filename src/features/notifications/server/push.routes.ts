import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  pushDeviceParams,
  pushDeviceView,
  pushDevicesResponse,
  pushKeyResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '../push.schema';
import { presentPushDevice } from './push.presenter';
import type { AllowedOrigins } from './push.rules';
import { listDevices, removeDevice, subscribe, unsubscribe } from './push.service';

/**
 * Web push (issue 29 §3; docs/notifications.md "Push"): the server's public key, and the signed-in
 * person's subscriptions — this browser's, and the list of devices that get their push.
 */
export const pushRoutes: FastifyPluginAsyncZod<{
  ctx: ServerContext;
  push: { publicKey: string; allowedOrigins: AllowedOrigins };
}> = async (app, { ctx, push }) => {
  // The same for everybody and fixed for the life of the deployment.
  app.get(
    '/push/key',
    {
      config: { publicCache: { browser: 3600, shared: 3600 } },
      schema: { response: { 200: pushKeyResponse } },
    },
    async () => ({ public_key: push.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      bodyLimit: BODY_LIMITS.shortForm,
      schema: {
        body: pushSubscriptionBody,
        response: { 201: z.object({ subscription: pushDeviceView }) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const saved = await subscribe(
        ctx,
        push.allowedOrigins,
        me,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send({ subscription: presentPushDevice(saved) });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: pushUnsubscribeBody, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await unsubscribe(ctx, requireUser(request), request.body.endpoint);
      return reply.status(204).send();
    },
  );

  app.get(
    '/push/subscriptions',
    { schema: { response: { 200: pushDevicesResponse } } },
    async (request) => {
      const devices = await listDevices(ctx, requireUser(request));
      return { subscriptions: devices.map(presentPushDevice) };
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    { schema: { params: pushDeviceParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await removeDevice(ctx, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
