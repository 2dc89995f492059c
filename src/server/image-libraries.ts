import { onFirstUse } from './on-first-use';

/** sharp, loaded with the first image the server reads (on-first-use.ts). */
export const imageTool = onFirstUse(async () => (await import('sharp')).default);

const fileTypes = onFirstUse(() => import('file-type'));

/** What a file's bytes say it is (its magic numbers), whatever its name claims. */
export async function fileTypeOf(bytes: Buffer) {
  return (await fileTypes()).fileTypeFromBuffer(bytes);
}
