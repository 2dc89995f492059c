import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { googleCompleteBody, sessionResponse } from '../accounts.schema';
import { presentAccount } from './accounts.presenter';
import { loadAccount } from './accounts.repo';
import type { GoogleSignIn } from './google';

/** Registered only when Google is configured; otherwise these paths answer 404 and the button is hidden. */
export const googleRoutes: FastifyPluginAsyncZod<{
  ctx: ServerContext;
  google: GoogleSignIn;
}> = async (app, { ctx, google }) => {
  app.get('/auth/google', { config: { rateLimit: 'auth' } }, (request, reply) =>
    google.start(request, reply),
  );
  app.get('/auth/google/callback', { config: { rateLimit: 'auth' } }, (request, reply) =>
    google.callback(request, reply),
  );
  app.post(
    '/auth/google/complete-registration',
    {
      config: { rateLimit: 'auth' },
      schema: { body: googleCompleteBody, response: { 200: sessionResponse } },
    },
    async (request, reply) => {
      const user = await google.completeRegistration(
        request,
        reply,
        request.body.token,
        request.body.role,
      );
      const account = await loadAccount(ctx.db, user.id);
      return { user: presentAccount(account!), user_type: user.role };
    },
  );
};
