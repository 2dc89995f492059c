import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { fileResponse } from '../../../server/openapi';
import { publicProvider } from '../providers.schema';
import { presentProvider } from './providers.presenter';
import { providerPage, providerPictureKey } from './providers.service';

const idParams = z.object({ id: z.uuid({ message: 'provider_not_found' }) });

export const providersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/providers/:id',
    { schema: { params: idParams, response: { 200: z.object({ user: publicProvider }) } } },
    async (request) => {
      const page = await providerPage(ctx, request.user, request.params.id);
      return {
        user: presentProvider(page.row, page.rating, page.showContact, page.reviewable),
      };
    },
  );

  app.get(
    '/users/profile-picture/provider/:id',
    {
      schema: {
        params: idParams,
        response: { 200: fileResponse('The profile picture', ['image/jpeg']) },
      },
    },
    async (request, reply) => {
      const key = await providerPictureKey(ctx.db, request.user, request.params.id);
      if (!key || !(await ctx.storage.exists(key))) {
        throw new AppError('picture_not_found', 'No profile picture.');
      }
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('Cache-Control', 'public, max-age=300')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(ctx.storage.read(key));
    },
  );
};
