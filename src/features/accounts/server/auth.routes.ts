import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { requireUser } from '../../../server/plugins/auth';
import { FAILED_SIGN_IN_EXTRA_POINTS } from '../../../server/plugins/rate-limit';
import {
  emailBody,
  loginBody,
  messageResponse,
  verifyEmailResponse,
  registerClientBody,
  registerProviderBody,
  registerResponse,
  sessionResponse,
  signInResponse,
  verifyEmailQuery,
} from '../accounts.schema';
import { secondFactorRequiredResponse } from '../two-factor.schema';
import { presentAccount } from './accounts.presenter';
import { reenableAccount } from './account-status.service';
import { registerAccount, resendVerification, verifyEmail } from './registration.service';
import { signIn, signInAttempt, signOut } from './sign-in.service';
import { viewAccount } from './own-account.service';
import {
  browserOf,
  clearReenableCookie,
  clearSessionCookies,
  REENABLE_COOKIE,
  setDeviceCookie,
  setReenableCookie,
  setSecondFactorCookie,
  setSessionCookies,
} from './session-cookies';
import type { SessionUser } from './sessions';

const RESEND_ANSWER =
  'If the account exists and is not verified yet, a new verification link has been sent.';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const sessionOf = async (me: Pick<SessionUser, 'id' | 'role'>) => {
    const account = await viewAccount(ctx, me, me.id);
    return { user: presentAccount(account), user_type: account.user.role };
  };

  for (const [role, body] of [
    ['client', registerClientBody],
    ['provider', registerProviderBody],
  ] as const) {
    app.post(
      `/auth/register/${role}`,
      {
        config: { rateLimit: 'registration' },
        bodyLimit: BODY_LIMITS.shortForm,
        schema: { body, response: { 201: registerResponse } },
      },
      async (request, reply) => {
        await registerAccount(ctx, role, request.body, request.language);
        return reply.status(201).send({
          requires_verification: true,
          message: 'Account created. Check your email to verify your address.',
        });
      },
    );
  }

  app.get(
    '/auth/verify-email',
    { schema: { querystring: verifyEmailQuery, response: { 200: verifyEmailResponse } } },
    async (request) => {
      const { alreadyVerified } = await verifyEmail(ctx, request.query.token, request.query.email);
      return {
        message: alreadyVerified
          ? 'This email address is already verified. You can log in.'
          : 'Email verified. You can log in now.',
        already_verified: alreadyVerified,
      };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { rateLimit: 'registration' },
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
      schema: {
        body: loginBody,
        response: { 200: z.union([signInResponse, secondFactorRequiredResponse]) },
      },
    },
    async (request, reply) => {
      const browser = browserOf(request);
      const attempt = signInAttempt(ctx, request.body.email, browser);
      await request.limitSignIn(attempt.accountKey, attempt.trusted);
      const outcome = await signIn(ctx, request.body, browser);
      switch (outcome.kind) {
        case 'signed_in':
          setSessionCookies(
            reply,
            outcome.session,
            outcome.user.preferredLanguage,
            ctx.secureCookies,
          );
          setDeviceCookie(reply, outcome.device, ctx.secureCookies);
          return { ...(await sessionOf(outcome.user)), first_sign_in: outcome.session.firstSignIn };
        case 'second_factor_required':
          setSecondFactorCookie(reply, outcome.challenge, ctx.secureCookies);
          return { second_factor_required: true as const };
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
          setReenableCookie(reply, outcome.reenableProof, ctx.secureCookies);
          throw new AppError(
            'account_disabled_by_self',
            'You disabled this account. You can enable it again.',
          );
      }
    },
  );

  app.get(
    '/auth/session',
    // The read that gives a browser without one its CSRF token (signed in or not: a visitor gets
    // 401 and the cookie), beside the page itself.
    { config: { csrf: 'issue' }, schema: { response: { 200: sessionResponse } } },
    async (request) => sessionOf(requireUser(request)),
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await signOut(ctx, request.user);
      clearSessionCookies(reply);
      return { message: 'Logged out.' };
    },
  );

  app.post(
    '/users/enable',
    {
      config: { rateLimit: 'auth' },
      schema: { response: { 200: z.union([signInResponse, secondFactorRequiredResponse]) } },
    },
    async (request, reply) => {
      const enabled = await reenableAccount(
        ctx,
        request.cookies[REENABLE_COOKIE],
        browserOf(request),
      );
      clearReenableCookie(reply);
      if ('secondFactorChallenge' in enabled) {
        setSecondFactorCookie(reply, enabled.secondFactorChallenge, ctx.secureCookies);
        return { second_factor_required: true as const };
      }
      setSessionCookies(reply, enabled.session, enabled.user.preferredLanguage, ctx.secureCookies);
      return { ...(await sessionOf(enabled.user)), first_sign_in: enabled.session.firstSignIn };
    },
  );
};
