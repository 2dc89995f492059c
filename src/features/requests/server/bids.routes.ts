import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  bidAmount,
  bidDescription,
  bidResponse,
  bidsResponse,
  createBidBody,
} from '../bids.schema';
import { presentBid } from './bids.presenter';
import {
  acceptBid,
  bidsForProvider,
  bidsForRequest,
  changeBid,
  placeBid,
  withdrawBid,
} from './bids.service';

const idParams = z.object({ id: z.uuid({ message: 'not_found' }) });

export const bidsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/bids',
    { schema: { body: createBidBody, response: { 201: bidResponse } } },
    async (request, reply) => {
      const me = requireUser(request);
      const row = await placeBid(ctx, me, request.body);
      return reply.status(201).send({ bid: presentBid(row, me) });
    },
  );

  app.get(
    '/bids/work-request/:id',
    { schema: { params: idParams, response: { 200: bidsResponse } } },
    async (request) => {
      const me = requireUser(request);
      const rows = await bidsForRequest(ctx, me, request.params.id);
      return { bids: rows.map((row) => presentBid(row, me)) };
    },
  );

  app.get(
    '/bids/provider/:id',
    { schema: { params: idParams, response: { 200: bidsResponse } } },
    async (request) => {
      const me = requireUser(request);
      const rows = await bidsForProvider(ctx, me, request.params.id);
      return { bids: rows.map((row) => presentBid(row, me)) };
    },
  );

  app.patch(
    '/bids/:id/accept',
    { schema: { params: idParams, response: { 200: bidResponse } } },
    async (request) => {
      const me = requireUser(request);
      const row = await acceptBid(ctx, me, request.params.id);
      return { bid: presentBid(row, me) };
    },
  );

  app.put(
    '/bids/:id',
    {
      schema: {
        params: idParams,
        body: z.object({ amount: bidAmount, description: bidDescription }),
        response: { 200: bidResponse },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const row = await changeBid(ctx, me, request.params.id, request.body);
      return { bid: presentBid(row, me) };
    },
  );

  app.delete(
    '/bids/:id',
    { schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await withdrawBid(ctx, requireUser(request), request.params.id);
      return { message: 'Bid withdrawn.' };
    },
  );
};
