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
import { loadAccount } from './accounts.repo';
import {
  changePassword,
  deleteOwnAccount,
  disableOwnAccount,
  setLanguage,
  updateClientProfile,
} from './own-account.service';

/** Text fields of a multipart form as one object; the browser sends the profile form that way (spec core §7). */
async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = part.value;
    else part.file.resume();
  }
  return fields;
}

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const accountOf = async (userId: string) => {
    const account = await loadAccount(ctx.db, userId);
    if (!account) throw new AppError(401, 'not_authenticated', 'You must be logged in.');
    return { user: presentAccount(account) };
  };

  app.get('/users/profile', { schema: { response: { 200: userResponse } } }, async (request) =>
    accountOf(requireUser(request).id),
  );

  app.put('/users/profile', { schema: { response: { 200: userResponse } } }, async (request) => {
    const me = requireUser(request);
    if (me.role !== 'client')
      throw new AppError(403, 'insufficient_permissions', 'Insufficient permissions.');
    const input = clientProfileBody.parse(await formFields(request));
    await updateClientProfile(ctx, me, input, request.id);
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
