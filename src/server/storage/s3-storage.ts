import type { S3Client } from '@aws-sdk/client-s3';
import { PassThrough, Readable, pipeline } from 'node:stream';
import { checkKey, randomKey, type FileStorage } from './storage';

/** The SDK (about 20 MB in memory) is loaded by the first call, never by a server on disk. */
const sdk = () => import('@aws-sdk/client-s3');

export interface S3StorageOptions {
  /** A client configured by the SDK's own variables (AWS_ENDPOINT_URL_S3, AWS_REGION, …). */
  client: S3Client;
  bucket: string;
  /** Put before every key, e.g. `majstri/files`: several sites can share one bucket. */
  prefix?: string;
  /** How long `ready()` waits for the bucket's answer. */
  readyTimeoutMs?: number;
}

/** S3's DeleteObjects takes at most this many keys in one call. */
const DELETE_BATCH = 1000;

/**
 * Uploaded files as objects in an S3-compatible bucket (docs/architecture.md "File storage").
 * The same contract as `diskStorage`: random keys, never overwritten, a missing object reads
 * as a missing file does (an ENOENT stream error, `exists` false).
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const { client, bucket } = options;
  const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const objectKey = (key: string) => (prefix ? `${prefix}/${checkKey(key)}` : checkKey(key));
  // Stores that do not know conditional writes may refuse the header (501); then the
  // check before each write and the random keys are what keep an object from being replaced.
  let conditionalWrites = true;

  async function objectExists(Key: string): Promise<boolean> {
    const { HeadObjectCommand } = await sdk();
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  return {
    newKey: randomKey,

    async put(key, data) {
      const Key = objectKey(key);
      const { PutObjectCommand } = await sdk();
      if (await objectExists(Key)) throw keyTaken(key);
      const write = (conditional: boolean) =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: data,
            ContentLength: data.length,
            ContentType: 'application/octet-stream',
            ...(conditional ? { IfNoneMatch: '*' } : {}),
          }),
        );
      try {
        await write(conditionalWrites);
      } catch (error) {
        const status = statusOf(error);
        // 412: the object appeared meanwhile; 409: another conditional write to it is under way.
        if (status === 412 || status === 409) throw keyTaken(key);
        if (!conditionalWrites || status !== 501) throw error;
        conditionalWrites = false;
        await write(false);
      }
    },

    read(key) {
      const Key = objectKey(key);
      const out = new PassThrough();
      const abort = new AbortController();
      // A reader that goes away (a download cut off) ends the request to the store too.
      out.once('close', () => abort.abort());
      sdk()
        .then(({ GetObjectCommand }) =>
          client.send(new GetObjectCommand({ Bucket: bucket, Key }), { abortSignal: abort.signal }),
        )
        .then(
          (result) => {
            const body = result.Body;
            if (!(body instanceof Readable)) {
              out.destroy(new Error('the object store answered without a body stream'));
              return;
            }
            pipeline(body, out, () => {});
          },
          (error: unknown) =>
            out.destroy(
              statusOf(error) === 404
                ? Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' })
                : (error as Error),
            ),
        );
      return out;
    },

    async exists(key) {
      return objectExists(objectKey(key));
    },

    async remove(keys) {
      const objects = keys.map((key) => ({ Key: objectKey(key) }));
      const { DeleteObjectsCommand } = await sdk();
      for (let start = 0; start < objects.length; start += DELETE_BATCH) {
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: objects.slice(start, start + DELETE_BATCH), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `could not remove ${failed.length} stored file(s): ${first.Code ?? 'error'} ${first.Message ?? ''}`.trim(),
          );
        }
      }
    },

    async ready() {
      const { HeadBucketCommand } = await sdk();
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(options.readyTimeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new Error(`S3 bucket "${bucket}" is not usable: ${explain(error)}`);
      }
    },
  };
}

function keyTaken(key: string) {
  return Object.assign(new Error(`storage key ${key} is already taken`), { code: 'EEXIST' });
}

/** The HTTP status of the store's answer, if it answered. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** Why the bucket cannot be used, in words an operator acts on. */
function explain(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'no such bucket (HTTP 404)';
  if (status === 403)
    return 'access denied (HTTP 403): check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket policy';
  if (status === 301 || status === 400)
    return `the store refused the request (HTTP ${status}): check AWS_REGION, AWS_ENDPOINT_URL_S3 and S3_FORCE_PATH_STYLE`;
  const { name, message, code } = (error ?? {}) as {
    name?: string;
    message?: string;
    code?: string;
  };
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
  if (status) return `HTTP ${status} ${name ?? ''}`.trim();
  return [code, message].filter(Boolean).join(': ') || String(error);
}
