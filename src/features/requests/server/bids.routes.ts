import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  acceptBidBody,
  answerProposalBody,
  bidResponse,
  bidsResponse,
  createBidBody,
  proposePriceBody,
  reviseBidBody,
  revisionsResponse,
} from '../bids.schema';
import { answerProposal, bidHistory, proposePrice, requestNewPrice } from './bid-prices.service';
import { presentBid, presentRevision } from './bids.presenter';
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
    { schema: { params: idParams, body: acceptBidBody, response: { 200: bidResponse } } },
    async (request) => {
      const me = requireUser(request);
      const row = await acceptBid(ctx, me, request.params.id, request.body?.revision);
      return { bid: presentBid(row, me) };
    },
  );

  app.put(
    '/bids/:id',
    {
      schema: {
        params: idParams,
        body: reviseBidBody,
        response: { 200: bidResponse },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const row = await changeBid(ctx, me, request.params.id, request.body);
      return { bid: presentBid(row, me) };
    },
  );

  app.get(
    '/bids/:id/revisions',
    { schema: { params: idParams, response: { 200: revisionsResponse } } },
    async (request) => {
      const rows = await bidHistory(ctx, requireUser(request), request.params.id);
      return { revisions: rows.map(presentRevision) };
    },
  );

  app.post(
    '/bids/:id/price-request',
    { schema: { params: idParams, response: { 200: bidResponse } } },
    async (request) => {
      const me = requireUser(request);
      const row = await requestNewPrice(ctx, me, request.params.id);
      return { bid: presentBid(row, me) };
    },
  );

  app.post(
    '/bids/:id/price-proposal',
    { schema: { params: idParams, body: proposePriceBody, response: { 200: bidResponse } } },
    async (request) => {
      const me = requireUser(request);
      const row = await proposePrice(ctx, me, request.params.id, request.body);
      return { bid: presentBid(row, me) };
    },
  );

  app.patch(
    '/bids/:id/price-proposal',
    { schema: { params: idParams, body: answerProposalBody, response: { 200: bidResponse } } },
    async (request) => {
      const me = requireUser(request);
      const row = await answerProposal(ctx, me, request.params.id, request.body.answer);
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
