import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import {
  deviceParams,
  devicesResponse,
  signedOutOthersResponse,
  changePasswordBody,
  languageBody,
  messageResponse,
  notificationsBody,
  userResponse,
} from '../accounts.schema';
import { presentAccount } from './accounts.presenter';
import {
  changePassword,
  disableOwnAccount,
  setBidEmails,
  setLanguage,
  viewAccount,
} from './own-account.service';
import { ACCOUNT_STEP, browserOf, clearSessionCookies, setSessionCookies } from './session-cookies';
import { endOtherSessions, endOwnSession, listOwnSessions } from './devices.service';

/** The signed-in person's own account: `/api/users/...` */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const accountOf = async (me: { id: string; role: 'client' | 'provider' | 'administrator' }) => ({
    user: presentAccount(await viewAccount(ctx, me, me.id)),
  });

  app.get('/users/profile', { schema: { response: { 200: userResponse } } }, async (request) =>
    accountOf(requireUser(request)),
  );

  app.put(
    '/users/password',
    {
      config: ACCOUNT_STEP,
      schema: { body: changePasswordBody, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      const { user, session } = await changePassword(
        ctx,
        requireUser(request),
        { current: request.body.currentPassword, new: request.body.newPassword },
        browserOf(request),
      );
      setSessionCookies(reply, session, user.preferredLanguage, ctx.secureCookies);
      return { message: 'Password changed.' };
    },
  );

  app.get(
    '/users/sessions',
    { schema: { response: { 200: devicesResponse } } },
    async (request) => {
      const devices = await listOwnSessions(ctx, requireUser(request));
      return {
        sessions: devices.map((device) => ({
          id: device.publicId,
          browser: device.browser,
          os: device.os,
          signed_in_at: device.signedInAt.toISOString(),
          last_seen_at: device.lastSeenAt.toISOString(),
          current: device.current,
        })),
      };
    },
  );

  app.delete(
    '/users/sessions/:id',
    { schema: { params: deviceParams, response: { 200: messageResponse } } },
    async (request, reply) => {
      const { wasCurrent } = await endOwnSession(ctx, requireUser(request), request.params.id);
      if (wasCurrent) clearSessionCookies(reply);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/users/sessions/sign-out-others',
    { schema: { response: { 200: signedOutOthersResponse } } },
    async (request) => {
      const ended = await endOtherSessions(ctx, requireUser(request));
      return { message: 'Signed out on every other device.', ended };
    },
  );

  app.put(
    '/users/language',
    { schema: { body: languageBody, response: { 200: messageResponse } } },
    async (request) => {
      await setLanguage(ctx, requireUser(request), request.body.preferred_language);
      return { message: 'Language saved.' };
    },
  );

  app.put(
    '/users/notifications',
    { schema: { body: notificationsBody, response: { 200: userResponse } } },
    async (request) => {
      const me = requireUser(request);
      await setBidEmails(ctx, me, request.body.bid_emails);
      return accountOf(me);
    },
  );

  app.patch(
    '/users/disable',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await disableOwnAccount(ctx, requireUser(request));
      clearSessionCookies(reply);
      return { message: 'Your account is disabled. You can enable it again by logging in.' };
    },
  );
};
