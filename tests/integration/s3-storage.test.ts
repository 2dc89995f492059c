import { GetObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/server/db/schema';
import { s3Storage } from '../../src/server/storage/s3-storage';
import type { FileStorage } from '../../src/server/storage/storage';
import { PDF, PNG, file, requestForm } from '../factories/files';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { accountsHarness, type AccountsHarness } from '../support/accounts-app';
import type { Agent } from '../support/agent';
import { freePort, startServer, waitUntilHealthy } from '../support/processes';
import { startS3Server, type S3Server } from '../support/s3-server';

/**
 * Uploaded files in an S3-compatible bucket (a local s3rver) behave for people exactly as files on
 * disk do: the same bytes back, the same 404s, the same access rules.
 */
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

/** A real PDF of about 4.5 MB: the small one with comment lines of random hex before its end. */
const LARGE_PDF = Buffer.concat([
  PDF.subarray(0, PDF.indexOf('trailer')),
  Buffer.from(
    Array.from({ length: 36_000 }, () => `%${randomBytes(64).toString('hex')}\n`).join(''),
  ),
  PDF.subarray(PDF.indexOf('trailer')),
]);

const fields = {
  title: 'Oprava strechy po búrke',
  category: 'roofing',
  description: 'Vymeniť poškodené škridly, asi 10 m².',
  location: 'Trnava',
};

const kinds: [string, () => Promise<FileStorage | undefined>][] = [
  ['on disk', async () => undefined],
  [
    'in an S3 bucket',
    async () =>
      s3Storage({ client: s3.client(), bucket: await s3.createBucket(), prefix: 'majstri' }),
  ],
];

describe.each(kinds)('attachments stored %s', (_kind, makeStorage) => {
  let h: AccountsHarness;
  let owner: Agent;
  let request: { id: string; attachments: { id: string }[] };
  const download = (agent: Agent, attachmentId: string) =>
    agent.get(`/api/work-requests/${request.id}/attachments/${attachmentId}/download`);

  beforeAll(async () => {
    const storage = await makeStorage();
    h = await accountsHarness(storage ? { storage } : {});
    owner = (await h.signedIn('client')).agent;
    const posted = await owner.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [
        file(PNG, 'strecha.png', 'image/png'),
        file(LARGE_PDF, 'ponuka.pdf', 'application/pdf'),
      ]),
    );
    expect(posted.statusCode).toBe(201);
    request = posted.json().work_request;
  });
  afterAll(async () => h.close());

  it('come back byte for byte through the download route', async () => {
    const provider = (await h.signedIn('provider')).agent;
    const [png, pdf] = request.attachments;
    const image = await download(provider, png!.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const document = await download(provider, pdf!.id);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-length']).toBe(String(LARGE_PDF.length));
    expect(document.rawPayload.equals(LARGE_PDF)).toBe(true);
  });

  it('are hidden from a stranger once the request is no longer open, as before', async () => {
    const mine = await owner.form(
      'POST',
      '/api/work-requests',
      requestForm(fields, [file(PNG, 'strecha.png', 'image/png')]),
    );
    const { id, attachments: files } = mine.json().work_request;
    const url = `/api/work-requests/${id}/attachments/${files[0].id}/download`;
    expect((await owner.patch(`/api/work-requests/${id}/cancel`)).statusCode).toBe(200);
    const stranger = (await h.signedIn('provider')).agent;
    const refused = await stranger.get(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('attachment_not_found');
    const own = await owner.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
  });

  it('answer 404 attachment_not_found when the stored file is gone', async () => {
    const [png] = request.attachments;
    const [row] = await h.database.db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.id, png!.id));
    await h.storage.remove([row!.key]);
    const response = await download(owner, png!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('attachment_not_found');
  });
});

describe('attachments in an S3 bucket', () => {
  it('are objects under S3_PREFIX in the bucket, not files on disk', async () => {
    const bucket = await s3.createBucket();
    const client = s3.client();
    const h = await accountsHarness({
      storage: s3Storage({ client, bucket, prefix: 'site/files' }),
    });
    try {
      const owner = (await h.signedIn('client')).agent;
      const posted = await owner.form(
        'POST',
        '/api/work-requests',
        requestForm(fields, [file(PDF, 'ponuka.pdf', 'application/pdf')]),
      );
      const [row] = await h.database.db
        .select({ key: attachments.storageKey })
        .from(attachments)
        .where(eq(attachments.workRequestId, posted.json().work_request.id));
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: `site/files/${row!.key}` }),
      );
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PDF)).toBe(true);
      expect(h.storedFiles()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe('the server started with S3_BUCKET', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-s3-start-'));
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const s3Env = (bucket: string) => ({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    S3_BUCKET: bucket,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // Nothing here may look for credentials beyond this machine.
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });

  it('refuses to start without its bucket, in one line', async () => {
    const server = startServer(s3Env('no-such-bucket'));
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `Cannot use the file storage (${s3.endpoint}): S3 bucket "no-such-bucket" is not usable: no such bucket (HTTP 404)`,
    );
  });

  it('starts with a reachable bucket, and says where the files go', async () => {
    const bucket = await s3.createBucket();
    const port = await freePort();
    const server = startServer({ ...s3Env(bucket), PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await waitUntilHealthy(server);
      expect(await server.outputContaining(`files: S3 bucket ${bucket}`)).toContain(bucket);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
