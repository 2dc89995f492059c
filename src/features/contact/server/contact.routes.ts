import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { contactBody, contactResponse } from '../contact.schema';
import { sendContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: 'contact' },
      schema: { body: contactBody, response: { 201: contactResponse } },
    },
    async (request, reply) => {
      await sendContactMessage(ctx, request.body, {
        language: request.language,
        userId: request.user?.id ?? null,
      });
      return reply.status(201).send({ message: 'Thank you, your message has been sent.' });
    },
  );
};
