import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Signer } from '../../../server/signed-token';
import { challengeResponse } from '../challenge.schema';
import { issueChallenge } from './challenge.service';

export const challengeRoutes: FastifyPluginAsyncZod<{ signer: Signer }> = async (
  app,
  { signer },
) => {
  app.get(
    '/challenge',
    { schema: { response: { 200: challengeResponse } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issueChallenge(signer);
    },
  );
};
