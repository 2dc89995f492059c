import { z } from 'zod';

/** How many photos of past work a provider's page holds (issue 33). */
export const WORK_PHOTO_LIMIT = 24;
/** The largest photo taken, before it is re-encoded (a phone's full-size photo fits). */
export const WORK_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const WORK_PHOTO_CAPTION_MAX = 200;

/** Photos the server takes (it decides by the bytes); each is stored as WebP. */
export const WORK_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** For the file picker: a hint to the browser. */
export const WORK_PHOTO_ACCEPT = [...WORK_PHOTO_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** What the photo shows, in the provider's words: required, at most 200 characters. */
export const workPhotoCaption = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(WORK_PHOTO_CAPTION_MAX, { message: 'too_long' });

export const workPhotoCaptionBody = z.object({ caption: workPhotoCaption });

/** The new order: exactly the provider's photos, each once, first shown first. */
export const workPhotoOrderBody = z.object({
  ids: z
    .array(z.uuid({ message: 'work_photo_not_found' }), { message: 'required' })
    .max(WORK_PHOTO_LIMIT, { message: 'too_long' }),
});

/** A photo as pages show it: its address, caption and size (so nothing shifts as it loads). */
export const workPhotoView = z.object({
  id: z.uuid(),
  url: z.string(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type WorkPhotoView = z.infer<typeof workPhotoView>;

export const workPhotosResponse = z.object({ work_photos: z.array(workPhotoView) });
export type WorkPhotosResponse = z.infer<typeof workPhotosResponse>;

/** A photo's public address; its bytes never change under it. */
export const workPhotoUrl = (providerId: string, photoId: string) =>
  `/api/providers/${providerId}/work-photos/${photoId}`;
