import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { requireUser } from '../plugins/auth';
import { fieldText, formParts, formRoutes } from '../plugins/forms';
import { LIMITS } from '../../shared/limits';
import { messageResponse, userResponse } from '../../features/accounts/accounts.schema';
import { profileFormBody } from './own-account.schema';
import { clearSessionCookies, presentAccount, viewAccount } from '../../features/accounts/server';
import { deleteAccount } from './delete-account';
import { saveOwnProfile } from './save-own-profile';

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
      if (part.type === 'field') {
        // A field sent more than once (a provider's categories, one a part) is read as a list.
        const text = fieldText(part);
        const earlier = fields[part.fieldname];
        fields[part.fieldname] =
          earlier === undefined ? text : [...(Array.isArray(earlier) ? earlier : [earlier]), text];
      } else if (part.fieldname === 'profile_picture') picture = await part.toBuffer();
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

/**
 * The two routes of one's own account that span features: saving the profile form (accounts or
 * providers, by role) and deleting the account (its requests, and a provider's hires reopened).
 */
export const ownAccountRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  const accountOf = async (me: { id: string; role: 'client' | 'provider' | 'administrator' }) => ({
    user: presentAccount(await viewAccount(ctx, me, me.id)),
  });

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
          await saveOwnProfile(ctx, me, await profileForm(request));
          return accountOf(me);
        },
      );
    }),
  );

  app.delete(
    '/users/account',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      const me = requireUser(request);
      await deleteAccount(ctx, me, me.id);
      clearSessionCookies(reply);
      return { message: 'Your account and all its data have been deleted.' };
    },
  );
};
