import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../tests/support/s3-server';
import { s3Storage } from './s3-storage';
import { diskStorage, type FileStorage } from './storage';

let s3: S3Server;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-storage-'));
  folders.push(folder);
  return folder;
};

async function collect(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const kinds: [string, () => Promise<FileStorage>][] = [
  ['on disk', async () => diskStorage(tempFolder())],
  [
    'in an S3 bucket',
    async () => s3Storage({ client: s3.client(), bucket: await s3.createBucket() }),
  ],
  [
    'in an S3 bucket under a prefix',
    async () =>
      s3Storage({ client: s3.client(), bucket: await s3.createBucket(), prefix: '/site-a/files/' }),
  ],
];

describe.each(kinds)('file storage %s', (_kind, make) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
    await storage.ready();
  });

  it('gives back exactly the bytes it was given, under a fresh random key', async () => {
    const key = storage.newKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(storage.newKey()).not.toBe(key);
    const bytes = randomBytes(1000);
    await storage.put(key, bytes);
    expect(await storage.exists(key)).toBe(true);
    expect((await collect(storage.read(key))).bytes.equals(bytes)).toBe(true);
  });

  it('knows a key it never stored as missing, and reading it fails as a missing file', async () => {
    const key = storage.newKey();
    expect(await storage.exists(key)).toBe(false);
    await expect(collect(storage.read(key))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never overwrites a stored file', async () => {
    const key = storage.newKey();
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).rejects.toThrow();
    expect((await collect(storage.read(key))).bytes.toString()).toBe('first');
  });

  it('refuses a key it did not make: a path, a file name, an empty one', async () => {
    for (const key of ['../../etc/passwd', 'photo.jpg', '', 'a/'.repeat(20)]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      await expect(storage.exists(key), key).rejects.toThrow('invalid storage key');
      expect(() => storage.read(key), key).toThrow('invalid storage key');
      await expect(storage.remove([key]), key).rejects.toThrow('invalid storage key');
    }
  });

  it('removes the files it is told to, and no others; missing ones are no error', async () => {
    const [a, b, c] = [storage.newKey(), storage.newKey(), storage.newKey()];
    for (const key of [a, b, c]) await storage.put(key, Buffer.from(key));
    await storage.remove([a, c, storage.newKey()]);
    await storage.remove([]);
    expect([await storage.exists(a), await storage.exists(b), await storage.exists(c)]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('streams a 5 MB file in pieces, byte for byte', async () => {
    const key = storage.newKey();
    const bytes = randomBytes(5 * 1024 * 1024);
    await storage.put(key, bytes);
    const read = await collect(storage.read(key));
    expect(read.chunks).toBeGreaterThan(1);
    expect(read.bytes.equals(bytes)).toBe(true);
  });
});

describe('disk storage readiness', () => {
  it('makes its folder, and says so when it cannot', async () => {
    const folder = path.join(tempFolder(), 'files', 'nested');
    await diskStorage(folder).ready();
    expect(fs.statSync(folder).isDirectory()).toBe(true);

    const blocked = path.join(tempFolder(), 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    await expect(diskStorage(path.join(blocked, 'files')).ready()).rejects.toThrow(/ENOTDIR/);
  });
});

describe('S3 storage', () => {
  it('is not ready without its bucket, or without a store to answer', async () => {
    await expect(
      s3Storage({ client: s3.client(), bucket: 'no-such-bucket' }).ready(),
    ).rejects.toThrow('S3 bucket "no-such-bucket" is not usable: no such bucket (HTTP 404)');
    const closed = new S3Client({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    await expect(s3Storage({ client: closed, bucket: 'majstri' }).ready()).rejects.toThrow(
      /^S3 bucket "majstri" is not usable: .*ECONNREFUSED/,
    );
    closed.destroy();
  });

  it('removes any number of files, at most 1000 keys in one request as S3 allows', async () => {
    const client = s3.client();
    const batches = countDeletedKeys(client);
    const storage = s3Storage({ client, bucket: await s3.createBucket() });
    const stored = [storage.newKey(), storage.newKey(), storage.newKey()];
    for (const key of stored) await storage.put(key, Buffer.from('x'));
    const others = Array.from({ length: 2497 }, () => storage.newKey());
    await storage.remove([stored[0]!, ...others.slice(0, 1500), stored[1]!, ...others.slice(1500)]);
    expect(batches).toEqual([1000, 1000, 499]);
    expect(await Promise.all(stored.map((key) => storage.exists(key)))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('writes only if the key is free, where the store knows conditional writes', async () => {
    // The key was taken between the check and the write: the store refuses with 412.
    const racing = storeAnswering(() => 412);
    await expect(racing.storage.put(racing.storage.newKey(), Buffer.from('x'))).rejects.toThrow(
      /already taken/,
    );
    expect(racing.writes).toEqual(['*']);

    // A store without conditional writes refuses the header (501): written without it from then on.
    const plain = storeAnswering((ifNoneMatch) => (ifNoneMatch ? 501 : 200));
    await plain.storage.put(plain.storage.newKey(), Buffer.from('x'));
    await plain.storage.put(plain.storage.newKey(), Buffer.from('y'));
    expect(plain.writes).toEqual(['*', undefined, undefined]);
  });

  it('keeps each site to its own prefix in a shared bucket', async () => {
    const bucket = await s3.createBucket();
    const siteA = s3Storage({ client: s3.client(), bucket, prefix: 'site-a' });
    const siteB = s3Storage({ client: s3.client(), bucket, prefix: 'site-b' });
    const key = siteA.newKey();
    await siteA.put(key, Buffer.from('a'));
    expect(await siteB.exists(key)).toBe(false);
    await siteB.put(key, Buffer.from('b'));
    expect((await collect(siteA.read(key))).bytes.toString()).toBe('a');
  });
});

/**
 * A store that answers HeadObject "not found" and PutObject as `answerPut` says, recording the
 * If-None-Match header of each write: for answers s3rver never gives.
 */
function storeAnswering(answerPut: (ifNoneMatch: string | undefined) => number) {
  const writes: (string | undefined)[] = [];
  const failure = (status: number) =>
    Object.assign(new Error(`HTTP ${status}`), { $metadata: { httpStatusCode: status } });
  const client = {
    async send(command: { input: { IfNoneMatch?: string } }) {
      if (command instanceof HeadObjectCommand) throw failure(404);
      if (!(command instanceof PutObjectCommand)) throw new Error('not expected here');
      writes.push(command.input.IfNoneMatch);
      const status = answerPut(command.input.IfNoneMatch);
      if (status !== 200) throw failure(status);
      return {};
    },
  } as unknown as S3Client;
  return { storage: s3Storage({ client, bucket: 'majstri' }), writes };
}

/** The number of keys in each DeleteObjects request the client sends. */
function countDeletedKeys(client: S3Client): number[] {
  const batches: number[] = [];
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { Delete?: { Objects?: unknown[] } };
      if (input.Delete?.Objects) batches.push(input.Delete.Objects.length);
      return next(args);
    },
    { step: 'initialize' },
  );
  return batches;
}
