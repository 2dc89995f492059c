import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/processes';

/**
 * The two ways to an administrator account, `npm run admin:create` and ADMIN_PASSWORD at
 * start-up, apply the same password policy as sign-up, and say what is wrong in one line.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !['DATABASE_URL', 'TEST_DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'].includes(key),
    ),
  );
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...args],
      { env: { ...clean, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }, timeout: 30_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe.concurrent('the administrator password', () => {
  it('is refused by npm run admin:create when it is common, with one line', async () => {
    const result = await run('src/server/admin-cli.ts', [
      '--email',
      'boss@majstri.test',
      '--password',
      'Password1',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Could not create the administrator: This password is too common. Choose one that is harder to guess.',
    );
    expect(result.stdout).toBe('');
  });

  it('is refused at start-up when ADMIN_PASSWORD is weak, with one line and before anything starts', async () => {
    const result = await run('src/server/main.ts', [], {
      PORT: String(await freePort()),
      ADMIN_EMAIL: 'boss@majstri.test',
      ADMIN_PASSWORD: 'SPRAVCA2025',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: ADMIN_PASSWORD is refused: Password must contain a lowercase letter.',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
