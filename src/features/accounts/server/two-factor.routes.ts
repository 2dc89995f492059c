import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../server/body-limits';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { requireUser } from '../../../server/plugins/auth';
import { FAILED_SIGN_IN_EXTRA_POINTS } from '../../../server/plugins/rate-limit';
import { messageResponse, signInResponse } from '../accounts.schema';
import {
  disableTwoFactorBody,
  enrolmentResponse,
  recoveryCodesResponse,
  secondFactorBody,
  startEnrolmentBody,
  twoFactorCodeBody,
  twoFactorStatusResponse,
} from '../two-factor.schema';
import { presentAccount } from './accounts.presenter';
import { viewAccount } from './own-account.service';
import {
  ACCOUNT_STEP,
  browserOf,
  clearSecondFactorCookie,
  SECOND_FACTOR_COOKIE,
  setDeviceCookie,
  setSessionCookies,
} from './session-cookies';
import { deviceProof } from './sign-in-device';
import {
  completeSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from './two-factor.service';

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): the second step of a sign-in, and
 * the signed-in person's own authenticator under `/api/users/two-factor`.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/auth/second-factor',
    {
      config: { rateLimit: 'secondFactor', rateLimitCookie: SECOND_FACTOR_COOKIE },
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: secondFactorBody, response: { 200: signInResponse } },
    },
    async (request, reply) => {
      const outcome = await completeSecondFactor(
        ctx,
        request.cookies[SECOND_FACTOR_COOKIE],
        request.body.code,
        browserOf(request),
      );
      switch (outcome.kind) {
        case 'signed_in': {
          clearSecondFactorCookie(reply);
          const { user, session } = outcome;
          setSessionCookies(reply, session, user.preferredLanguage, ctx.secureCookies);
          // Password and code both proved: this browser is the person's, as after a plain sign-in.
          setDeviceCookie(reply, deviceProof(ctx, user.email), ctx.secureCookies);
          return {
            user: presentAccount(await viewAccount(ctx, user, user.id)),
            user_type: user.role,
            first_sign_in: session.firstSignIn,
          };
        }
        case 'expired':
          clearSecondFactorCookie(reply);
          throw new AppError('second_factor_expired', 'The sign-in step has expired.');
        case 'invalid':
          // The attempt itself counts in the `auth` group; the account's lockout counts the failure.
          throw new AppError('second_factor_invalid', 'The code is not right.');
        case 'locked':
          await request.penalize(FAILED_SIGN_IN_EXTRA_POINTS);
          clearSecondFactorCookie(reply);
          throw new AppError(
            'account_locked',
            'Account temporarily locked due to failed login attempts.',
          );
      }
    },
  );

  app.get(
    '/users/two-factor',
    { schema: { response: { 200: twoFactorStatusResponse } } },
    async (request) => twoFactorStatus(ctx, requireUser(request)),
  );

  app.post(
    '/users/two-factor/enrolment',
    {
      config: ACCOUNT_STEP,
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: startEnrolmentBody, response: { 200: enrolmentResponse } },
    },
    async (request) => startEnrolment(ctx, requireUser(request), request.body.password),
  );

  app.post(
    '/users/two-factor/enrolment/confirm',
    {
      config: ACCOUNT_STEP,
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: twoFactorCodeBody, response: { 200: recoveryCodesResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      const codes = await confirmEnrolment(ctx, me, request.body.code);
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/users/two-factor/recovery-codes',
    {
      config: ACCOUNT_STEP,
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: twoFactorCodeBody, response: { 200: recoveryCodesResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      const codes = await regenerateRecoveryCodes(ctx, me, request.body.code);
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/users/two-factor/disable',
    {
      config: ACCOUNT_STEP,
      bodyLimit: BODY_LIMITS.shortForm,
      schema: { body: disableTwoFactorBody, response: { 200: messageResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      await disableTwoFactor(ctx, me, request.body);
      return { message: 'Two-factor sign-in is off.' };
    },
  );
};
