import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { requireUser } from '../../../server/plugins/auth';
import { LIMITS } from '../../../shared/limits';
import { fieldText, formParts, formRoutes } from '../../../server/plugins/forms';
import {
  deviceParams,
  devicesResponse,
  signedOutOthersResponse,
  changePasswordBody,
  languageBody,
  messageResponse,
  notificationsBody,
  profileFormBody,
  userResponse,
} from '../accounts.schema';
import { presentAccount } from './accounts.presenter';
import {
  changePassword,
  deleteAccount,
  disableOwnAccount,
  setBidEmails,
  setLanguage,
  updateOwnProfile,
  viewAccount,
} from './own-account.service';
import { ACCOUNT_STEP, browserOf, clearSessionCookies, setSessionCookies } from './session-cookies';
import { endOtherSessions, endOwnSession, listOwnSessions } from './devices.service';

/**
 * The profile form as the browser sends it (spec core §7: multipart with `profile_picture`), or
 * JSON. Only the picture field is read as a file; any other file is skipped.
 */
async function profileForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; picture?: Buffer }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown> };
  const fields: Record<string, unknown> = {};
  let picture: Buffer | undefined;
  try {
    const limits = { files: 1, fileSize: LIMITS.profilePicture.maxBytes };
    for await (const part of formParts(request, limits)) {
      if (part.type === 'field') fields[part.fieldname] = fieldText(part);
      else if (part.fieldname === 'profile_picture') picture = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('file_too_large', 'The picture may be at most 5 MB.');
    }
    throw error;
  }
  return { fields, ...(picture ? { picture } : {}) };
}

/** The signed-in person's own account: `/api/users/...` */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const accountOf = async (me: { id: string; role: 'client' | 'provider' | 'administrator' }) => ({
    user: presentAccount(await viewAccount(ctx, me, me.id)),
  });

  app.get('/users/profile', { schema: { response: { 200: userResponse } } }, async (request) =>
    accountOf(requireUser(request)),
  );

  await app.register(
    formRoutes(async (forms) => {
      forms.put(
        '/users/profile',
        {
          schema: {
            // Documented only: the form is read part by part and checked against the role's schema.
            consumes: ['multipart/form-data', 'application/json'],
            documentedBody: profileFormBody,
            response: { 200: userResponse },
          },
        },
        async (request) => {
          const me = requireUser(request);
          await updateOwnProfile(ctx, me, await profileForm(request), request.id);
          return accountOf(me);
        },
      );
    }),
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
        request.id,
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
      const { wasCurrent } = await endOwnSession(
        ctx,
        requireUser(request),
        request.params.id,
        request.id,
      );
      if (wasCurrent) clearSessionCookies(reply);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/users/sessions/sign-out-others',
    { schema: { response: { 200: signedOutOthersResponse } } },
    async (request) => {
      const ended = await endOtherSessions(ctx, requireUser(request), request.id);
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
      await disableOwnAccount(ctx, requireUser(request), request.id);
      clearSessionCookies(reply);
      return { message: 'Your account is disabled. You can enable it again by logging in.' };
    },
  );

  app.delete(
    '/users/account',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      const me = requireUser(request);
      await deleteAccount(ctx, me, me.id, request.id);
      clearSessionCookies(reply);
      return { message: 'Your account and all its data have been deleted.' };
    },
  );
};
