import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { fileResponse } from '../../../server/openapi';
import { requireUser } from '../../../server/plugins/auth';
import { fieldText, formParts, formRoutes } from '../../../server/plugins/forms';
import {
  WORK_PHOTO_MAX_BYTES,
  workPhotoCaption,
  workPhotoCaptionBody,
  workPhotoOrderBody,
  workPhotosResponse,
} from '../work-photos.schema';
import { canManageWorkPhotos } from './providers.policy';
import { presentWorkPhoto } from './showcase.presenter';
import {
  addWorkPhoto,
  captionWorkPhoto,
  orderWorkPhotos,
  ownWorkPhotos,
  prepareWorkPhoto,
  removeWorkPhoto,
  workPhotoFile,
} from './work-photos.service';

const photoParams = z.object({ id: z.uuid({ message: 'work_photo_not_found' }) });
const publicPhotoParams = z.object({
  id: z.uuid({ message: 'provider_not_found' }),
  photoId: z.uuid({ message: 'work_photo_not_found' }),
});

/** The photo's pixels may not run anything, whatever a browser guesses of them. */
const PHOTO_CSP = "default-src 'none'; sandbox";

const answer = (photos: Parameters<typeof presentWorkPhoto>[0][]) => ({
  work_photos: photos.map(presentWorkPhoto),
});

/**
 * The upload form: one `photo` file and its `caption`. The photo is read by its bytes and
 * re-encoded before anything is stored; any other file part is skipped.
 */
async function photoForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data.');
  }
  let caption: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of formParts(request, { files: 1, fileSize: WORK_PHOTO_MAX_BYTES })) {
      if (part.type === 'field') {
        if (part.fieldname === 'caption') caption = fieldText(part);
      } else if (part.fieldname === 'photo') bytes = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('file_too_large', 'A photo may be at most 10 MB.');
    }
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('too_many_files', 'Send one photo at a time.');
    throw error;
  }
  // A refused caption answers 400 validation_failed with the field named, as a JSON body would.
  const fields = workPhotoCaptionBody.parse({ caption });
  if (!bytes || bytes.length === 0) throw new AppError('empty_file', 'Choose a photo.');
  return { caption: fields.caption, bytes };
}

/** Photos of past work (docs/work-photos.md): the provider's own under /me, and the public read. */
export const workPhotosRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/providers/me/work-photos',
    { schema: { response: { 200: workPhotosResponse } } },
    async (request) => answer(await ownWorkPhotos(ctx, requireUser(request))),
  );

  await app.register(
    formRoutes(async (forms) => {
      forms.post(
        '/providers/me/work-photos',
        {
          // Not the `upload` group (10 in 15 minutes): a provider fills a gallery of 24 at once.
          schema: {
            consumes: ['multipart/form-data'],
            documentedBody: z.object({ photo: z.string(), caption: workPhotoCaption }),
            response: { 201: workPhotosResponse },
          },
        },
        async (request, reply) => {
          const me = requireUser(request);
          // A client or an administrator is refused before their file is read.
          if (!canManageWorkPhotos(me)) {
            throw new AppError('provider_only', 'Only providers keep photos of their work.');
          }
          const form = await photoForm(request);
          const photo = await prepareWorkPhoto(form.bytes);
          return reply.status(201).send(answer(await addWorkPhoto(ctx, me, photo, form.caption)));
        },
      );
    }),
  );

  app.patch(
    '/providers/me/work-photos/:id',
    {
      schema: {
        params: photoParams,
        body: workPhotoCaptionBody,
        response: { 200: workPhotosResponse },
      },
    },
    async (request) =>
      answer(
        await captionWorkPhoto(ctx, requireUser(request), request.params.id, request.body.caption),
      ),
  );

  app.put(
    '/providers/me/work-photos/order',
    { schema: { body: workPhotoOrderBody, response: { 200: workPhotosResponse } } },
    async (request) => answer(await orderWorkPhotos(ctx, requireUser(request), request.body.ids)),
  );

  app.delete(
    '/providers/me/work-photos/:id',
    { schema: { params: photoParams, response: { 200: workPhotosResponse } } },
    async (request) => answer(await removeWorkPhoto(ctx, requireUser(request), request.params.id)),
  );

  app.get(
    '/providers/:id/work-photos/:photoId',
    {
      schema: {
        params: publicPhotoParams,
        response: { 200: fileResponse('A photo of past work, as WebP', ['image/webp']) },
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const file = await workPhotoFile(ctx.db, request.user, id, photoId);
      if (!(await ctx.storage.exists(file.key))) {
        throw new AppError('work_photo_not_found', 'No such photo of work.');
      }
      return (
        reply
          .header('Content-Type', 'image/webp')
          .header('Content-Disposition', 'inline')
          .header('Content-Security-Policy', PHOTO_CSP)
          // The bytes under a photo's id never change: browsers keep it for good; shared caches
          // a day, so a removed photo leaves them soon. A disabled provider's photos are shown
          // to the provider and administrators alone: nobody keeps them.
          .header(
            'Cache-Control',
            file.shared
              ? 'public, max-age=31536000, s-maxage=86400, immutable'
              : 'private, no-store',
          )
          .send(ctx.storage.read(file.key))
      );
    },
  );
};
