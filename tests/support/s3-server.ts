import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** A client for this server, as the app would configure one for a self-hosted store. */
  client(): S3Client;
  /** Makes a new empty bucket and returns its name. */
  createBucket(): Promise<string>;
  close(): Promise<void>;
}

let buckets = 0;

/** A local S3-compatible server (s3rver) on 127.0.0.1, keeping its objects in a temporary folder. */
export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Client[] = [];
  const client = () => {
    const made = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      // s3rver accepts these; a real store checks them.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    clients.push(made);
    return made;
  };
  return {
    endpoint,
    client,
    async createBucket() {
      const name = `majstri-${process.pid}-${++buckets}`;
      const admin = client();
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async close() {
      for (const made of clients) made.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
