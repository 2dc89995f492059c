import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../server/db/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { requireUser } from '../../../server/plugins/auth';
import {
  changePasswordBody,
  clientProfileBody,
  languageBody,
  messageResponse,
  userResponse,
} from '../accounts.schema';
import { presentAccount } from './accounts.presenter';
import { providerProfileBody } from '../../providers/providers.schema';
import { preparePicture, updateProviderProfile } from '../../providers/server/providers.service';
import { loadAccount } from './accounts.repo';
import {
  changePassword,
  deleteOwnAccount,
  disableOwnAccount,
  setLanguage,
  updateClientProfile,
} from './own-account.service';

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
    for await (const part of request.parts({ limits: { files: 1, fileSize: 5 * 1024 * 1024 } })) {
      if (part.type === 'field') fields[part.fieldname] = part.value;
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

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const accountOf = async (userId: string) => {
    const account = await loadAccount(ctx.db, userId);
    if (!account) throw new AppError('not_authenticated', 'You must be logged in.');
    return { user: presentAccount(account) };
  };

  app.get('/users/profile', { schema: { response: { 200: userResponse } } }, async (request) =>
    accountOf(requireUser(request).id),
  );

  app.put('/users/profile', { schema: { response: { 200: userResponse } } }, async (request) => {
    const me = requireUser(request);
    const { fields, picture } = await profileForm(request);
    if (me.role === 'client') {
      await updateClientProfile(ctx, me, clientProfileBody.parse(fields), request.id);
    } else if (me.role === 'provider') {
      const input = providerProfileBody.parse(fields);
      await updateProviderProfile(
        ctx,
        me,
        input,
        picture ? await preparePicture(picture) : undefined,
        request.id,
      );
    } else {
      throw new AppError('insufficient_permissions', 'Insufficient permissions.');
    }
    return accountOf(me.id);
  });

  app.put(
    '/users/password',
    {
      config: { rateLimit: 'auth' },
      schema: { body: changePasswordBody, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await changePassword(
        ctx,
        request,
        reply,
        me,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { message: 'Password changed.' };
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
    { schema: { body: z.object({ bid_emails: z.boolean() }), response: { 200: userResponse } } },
    async (request) => {
      const me = requireUser(request);
      await ctx.db
        .update(users)
        .set({ bidEmails: request.body.bid_emails })
        .where(eq(users.id, me.id));
      return accountOf(me.id);
    },
  );

  app.patch(
    '/users/disable',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await disableOwnAccount(ctx, reply, requireUser(request), request.id);
      return { message: 'Your account is disabled. You can enable it again by logging in.' };
    },
  );

  app.delete(
    '/users/account',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await deleteOwnAccount(ctx, reply, requireUser(request), request.id);
      return { message: 'Your account and all its data have been deleted.' };
    },
  );
};
