import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { requireUser } from '../../../server/plugins/auth';
import { FAILED_SIGN_IN_EXTRA_POINTS } from '../../../server/plugins/rate-limit';
import { checkChallenge } from '../../challenge/server/challenge.service';
import {
  emailBody,
  loginBody,
  messageResponse,
  registerClientBody,
  registerProviderBody,
  registerResponse,
  sessionResponse,
  verifyEmailQuery,
} from '../accounts.schema';
import { presentAccount } from './accounts.presenter';
import { loadAccount } from './accounts.repo';
import {
  checkSignIn,
  grantReenable,
  reenableAccount,
  registerAccount,
  resendVerification,
  verifyEmail,
} from './accounts.service';
import { clearSessionCookies, endSession, startSession } from './sessions';

const RESEND_ANSWER =
  'If the account exists and is not verified yet, a new verification link has been sent.';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const sessionOf = async (userId: string) => {
    const account = await loadAccount(ctx.db, userId);
    if (!account) throw new AppError('not_authenticated', 'You must be logged in.');
    return { user: presentAccount(account), user_type: account.user.role };
  };

  for (const [role, body] of [
    ['client', registerClientBody],
    ['provider', registerProviderBody],
  ] as const) {
    app.post(
      `/auth/register/${role}`,
      {
        config: { rateLimit: 'auth' },
        bodyLimit: BODY_LIMITS.shortForm,
        schema: { body, response: { 201: registerResponse } },
      },
      async (request, reply) => {
        await checkChallenge(ctx.db, ctx.signer, request.body);
        await registerAccount(ctx, role, request.body, request.language, request.id);
        return reply.status(201).send({
          requires_verification: true,
          message: 'Account created. Check your email to verify your address.',
        });
      },
    );
  }

  app.get(
    '/auth/verify-email',
    { schema: { querystring: verifyEmailQuery, response: { 200: messageResponse } } },
    async (request) => {
      await verifyEmail(ctx, request.query.token, request.query.email, request.id);
      return { message: 'Email verified. You can log in now.' };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { rateLimit: 'auth' },
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: emailBody, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      // As for reset links: the answer must not wait for work only a known address causes.
      const { email } = request.body;
      reply.afterResponse(() => resendVerification(ctx, email));
      return { message: RESEND_ANSWER };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: 'auth' },
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: loginBody, response: { 200: sessionResponse } },
    },
    async (request, reply) => {
      const outcome = await checkSignIn(ctx, request.body.email, request.body.password, request.id);
      switch (outcome.kind) {
        case 'signed_in':
          await startSession(ctx.db, request, reply, outcome.user, ctx.secureCookies);
          return sessionOf(outcome.user.id);
        case 'invalid_credentials':
          await request.penalize(FAILED_SIGN_IN_EXTRA_POINTS);
          throw new AppError('invalid_credentials', 'Invalid credentials');
        case 'locked':
          await request.penalize(FAILED_SIGN_IN_EXTRA_POINTS);
          throw new AppError(
            'account_locked',
            'Account temporarily locked due to failed login attempts.',
          );
        case 'unverified':
          throw new AppError('email_verification_required', 'Email verification required');
        case 'disabled':
          throw new AppError('account_disabled', 'Account is disabled. Contact support.');
        case 'disabled_by_self':
          grantReenable(ctx, reply, outcome.user.id);
          throw new AppError(
            'account_disabled_by_self',
            'You disabled this account. You can enable it again.',
          );
      }
    },
  );

  app.get('/auth/session', { schema: { response: { 200: sessionResponse } } }, async (request) => {
    return sessionOf(requireUser(request).id);
  });

  app.post(
    '/auth/logout',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      if (request.user) {
        await endSession(ctx.db, request.user.sessionId);
        await ctx.writeAudit({
          action: 'auth.logout',
          outcome: 'success',
          actorType: request.user.role,
          actorId: request.user.id,
          targetUserId: request.user.id,
          requestId: request.id,
        });
      }
      clearSessionCookies(reply);
      return { message: 'Logged out.' };
    },
  );

  app.post(
    '/users/enable',
    { config: { rateLimit: 'auth' }, schema: { response: { 200: sessionResponse } } },
    async (request, reply) => {
      const user = await reenableAccount(ctx, request, reply);
      return sessionOf(user.id);
    },
  );
};
