import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import {
  emailBody,
  messageResponse,
  resetPasswordBody,
  resetTokenResponse,
} from '../accounts.schema';
import { requestPasswordReset, resetLinkOwner, resetPassword } from './password-reset.service';

/** Spec accounts §8: the request always answers with this sentence. */
export const RESET_REQUEST_ANSWER =
  'If the email exists in our system, a password reset link has been sent.';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/password-reset/request-reset',
    {
      config: { rateLimit: 'passwordReset' },
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: emailBody, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      // Answered before anything depends on the address (lookup, audit, link, mail), so the
      // answer's timing cannot tell a known address from an unknown one.
      const { email } = request.body;
      reply.afterResponse(() => requestPasswordReset(ctx, email));
      return { message: RESET_REQUEST_ANSWER };
    },
  );

  app.get(
    '/password-reset/verify-token/:token',
    {
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: resetTokenResponse },
      },
    },
    async (request) => resetLinkOwner(ctx, request.params.token),
  );

  app.post(
    '/password-reset/reset-password',
    {
      config: { rateLimit: 'passwordReset' },
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: resetPasswordBody, response: { 200: messageResponse } },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.new_password);
      return { message: 'Your password has been changed. You can log in now.' };
    },
  );
};
