import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { contactMessages } from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import { checkChallenge } from '../../challenge/server/challenge.service';
import { contactBody } from '../contact.schema';

/**
 * The contact form: the message is stored first, then mailed to support. If mail fails the
 * message is still kept (and an `email` alert raised), but the person is told to write directly.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: 'contact' },
      schema: { body: contactBody, response: { 201: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      await checkChallenge(ctx.db, ctx.signer, request.body);
      const { name, email, subject, message } = request.body;
      const [stored] = await ctx.db
        .insert(contactMessages)
        .values({
          name,
          email,
          subject,
          message,
          language: request.language,
          userId: request.user?.id ?? null,
        })
        .returning({ id: contactMessages.id });
      const delivered = await ctx.sendMail(
        'contact',
        ctx.supportEmail,
        'sk',
        { name, email, subject, message, language: request.language },
        { replyTo: email },
      );
      if (!delivered) {
        throw new AppError(
          'contact_delivery_failed',
          `Your message could not be delivered. Please write to us at ${ctx.supportEmail}.`,
        );
      }
      await ctx.db
        .update(contactMessages)
        .set({ deliveredAt: new Date() })
        .where(eq(contactMessages.id, stored!.id));
      return reply.status(201).send({ message: 'Thank you, your message has been sent.' });
    },
  );
};
