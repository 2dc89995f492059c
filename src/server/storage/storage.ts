import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are random and never derived from a person's file name;
 * nothing here is inside a folder the web server serves.
 */
export interface FileStorage {
  newKey(): string;
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(keys: string[]): Promise<void>;
  /** Resolves when the storage can take a file now; throws when it cannot (GET /api/ready). */
  ready(): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]{20,64}$/;

/** A key as `newKey()` makes them; anything else (a path, a name) is refused before any I/O. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
}

/** A random key: 24 random bytes, so two uploads never meet on one. */
export const randomKey = () => randomBytes(24).toString('base64url');

export function diskStorage(folder: string): FileStorage {
  const pathOf = (key: string) => path.join(folder, key.slice(0, 2), checkKey(key));
  return {
    newKey: randomKey,
    async put(key, data) {
      const file = pathOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, data, { flag: 'wx', mode: 0o600 });
    },
    read: (key) => fs.createReadStream(pathOf(key)),
    async exists(key) {
      return fs.promises.access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.promises.rm(pathOf(key), { force: true })));
    },
    async ready() {
      // A file really written and removed: a folder that exists but cannot be written is not ready.
      // The leading dot keeps the probe apart from every key.
      const probe = path.join(folder, `.ready-${randomBytes(6).toString('hex')}`);
      await fs.promises.mkdir(folder, { recursive: true });
      await fs.promises.writeFile(probe, '', { flag: 'wx', mode: 0o600 });
      await fs.promises.rm(probe, { force: true });
    },
  };
}
