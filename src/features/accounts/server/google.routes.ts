import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { RETURN_PARAM, safeReturnPath } from '../../../shared/return-path';
import { googleCompleteBody, sessionResponse } from '../accounts.schema';
import { presentAccount } from './accounts.presenter';
import type { GoogleOutcome, GoogleSignIn } from './google';
import { viewAccount } from './own-account.service';
import {
  browserOf,
  setReenableCookie,
  setSecondFactorCookie,
  setSessionCookies,
} from './session-cookies';

const FLOW_COOKIE = 'google_flow';
/** The page the person was going to before signing in, brought back on Google's return. */
const RETURN_COOKIE = 'google_next';
const FLOW_PATH = '/api/auth/google';
const CALLBACK_PAGE = '/auth/callback';

const redirect = (description: string) => ({ 302: z.undefined().describe(description) });

/** Registered only when Google is configured; otherwise these paths answer 404 and the button is hidden. */
export const googleRoutes: FastifyPluginAsyncZod<{
  ctx: ServerContext;
  google: GoogleSignIn;
}> = async (app, { ctx, google }) => {
  app.get(
    '/auth/google',
    {
      config: { rateLimit: 'auth' },
      schema: {
        querystring: z.looseObject({
          [RETURN_PARAM]: z
            .string()
            .optional()
            .describe('A page of this site to return to once signed in; anything else is ignored'),
        }),
        response: redirect("To Google's sign-in page"),
      },
    },
    async (request, reply) => {
      const { authorizationUrl, flow } = await google.start();
      const cookie = {
        path: FLOW_PATH,
        httpOnly: true,
        sameSite: 'lax' as const,
        secure: ctx.secureCookies,
        maxAge: flow.maxAgeSeconds,
      };
      reply.setCookie(FLOW_COOKIE, flow.token, cookie);
      const returnTo = safeReturnPath(request.query[RETURN_PARAM]);
      if (returnTo) reply.setCookie(RETURN_COOKIE, returnTo, cookie);
      else reply.clearCookie(RETURN_COOKIE, { path: FLOW_PATH });
      return reply.redirect(authorizationUrl, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { rateLimit: 'auth' },
      schema: {
        querystring: z.looseObject({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: redirect(
          `To the page ${CALLBACK_PAGE}: ?token=google when signed in (&firstSignIn=true for the account's first session), ?secondFactor=true when a code is owed (POST /api/auth/second-factor), ?needsRole=true&email=…&pendingToken=… for a new person, ?error=<code> otherwise; with &${RETURN_PARAM}=<page> when the sign-in started with one`,
        ),
      },
    },
    async (request, reply) => {
      /** Sets what the outcome gives this browser and says where it lands. */
      function callbackQuery(result: GoogleOutcome): URLSearchParams {
        switch (result.kind) {
          case 'signed_in':
            setSessionCookies(
              reply,
              result.session,
              result.user.preferredLanguage,
              ctx.secureCookies,
            );
            return new URLSearchParams({
              token: 'google',
              ...(result.session.firstSignIn && { firstSignIn: 'true' }),
            });
          case 'second_factor_required':
            setSecondFactorCookie(reply, result.challenge, ctx.secureCookies);
            return new URLSearchParams({ secondFactor: 'true' });
          case 'disabled_by_self':
            setReenableCookie(reply, result.reenableProof, ctx.secureCookies);
            return new URLSearchParams({ error: 'account_disabled_by_self' });
          case 'disabled':
            return new URLSearchParams({ error: 'account_disabled' });
          case 'unverified':
            return new URLSearchParams({ error: 'email_verification_required' });
          case 'needs_role':
            return new URLSearchParams({
              needsRole: 'true',
              email: result.email,
              pendingToken: result.pendingToken,
            });
          case 'failed':
            request.log.warn({ err: result.reason }, 'Google sign-in failed');
            return new URLSearchParams({ error: 'google_failed' });
        }
      }

      const outcome = await google.finish(
        request.cookies[FLOW_COOKIE],
        request.url,
        browserOf(request),
      );
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
      const query = callbackQuery(outcome);
      // Checked again: a cookie is the browser's to change.
      const returnTo = safeReturnPath(request.cookies[RETURN_COOKIE]);
      if (returnTo) query.set(RETURN_PARAM, returnTo);
      reply.clearCookie(RETURN_COOKIE, { path: FLOW_PATH });
      return reply.redirect(`${CALLBACK_PAGE}?${query}`, 302);
    },
  );

  app.post(
    '/auth/google/complete-registration',
    {
      config: { rateLimit: 'auth' },
      schema: { body: googleCompleteBody, response: { 200: sessionResponse } },
    },
    async (request, reply) => {
      const { user, session } = await google.completeRegistration(
        request.body.token,
        request.body.role,
        request.language,
        browserOf(request),
      );
      setSessionCookies(reply, session, user.preferredLanguage, ctx.secureCookies);
      return { user: presentAccount(await viewAccount(ctx, user, user.id)), user_type: user.role };
    },
  );
};
