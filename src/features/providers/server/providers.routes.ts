import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { fileResponse } from '../../../server/openapi';
import { publicProvider } from '../providers.schema';
import { presentProvider } from './providers.presenter';
import { providerPage, providerPicture } from './providers.service';

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
      const picture = await providerPicture(ctx.db, request.user, request.params.id);
      if (!picture || !(await ctx.storage.exists(picture.key))) {
        throw new AppError('picture_not_found', 'No profile picture.');
      }
      return (
        reply
          .header('Content-Type', 'image/jpeg')
          // A disabled provider's picture is shown to its owner and administrators alone: no shared cache keeps it.
          .header('Cache-Control', picture.shared ? 'public, max-age=300' : 'private, no-store')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(ctx.storage.read(picture.key))
      );
    },
  );
};
