import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundled, freePort, startServer } from '../support/processes';

/**
 * The two ways to an administrator account, `npm run admin:create` and ADMIN_PASSWORD at
 * start-up, apply the same password policy as sign-up, and say what is wrong in one line.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.concurrent('the administrator password', () => {
  it('is refused by npm run admin:create when it is common, with one line', async () => {
    const cli = startServer({ DATA_DIR: dataDir }, bundled('admin-cli'), [
      '--email',
      'boss@majstri.test',
      '--password',
      'Password1',
    ]);
    expect(await cli.exited).toBe(1);
    expect(cli.output().trim()).toBe(
      'Could not create the administrator: This password is too common. Choose one that is harder to guess.',
    );
  });

  it('is refused at start-up when ADMIN_PASSWORD is weak, with one line, before anything starts', async () => {
    const server = startServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'boss@majstri.test',
      ADMIN_PASSWORD: 'SPRAVCA2025',
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: ADMIN_PASSWORD is refused: Password must contain a lowercase letter.',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
