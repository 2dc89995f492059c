import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/env';
import { claimKeysFile, generateVapidKeys, loadVapidKeys } from './push-vapid';

/** docs/notifications.md "Push": one VAPID key pair for every instance, for good. */
const dirs: string[] = [];
const scratch = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the VAPID key pair', () => {
  it('is generated once in DATA_DIR, kept private, and the same at every start', () => {
    const dataDir = scratch();
    const first = loadVapidKeys({}, dataDir, 'mailto:podpora@majstri.test');
    const again = loadVapidKeys({}, dataDir, 'mailto:podpora@majstri.test');
    expect(again).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['vapid-keys.json']);
  });

  it('is the one pair the first instance wrote, for instances that start at once', () => {
    // Two instances on one DATA_DIR, each with its own new pair: the second to claim the file
    // (whenever it found no file before) gets the first one's.
    const file = path.join(scratch(), 'vapid-keys.json');
    const first = generateVapidKeys('mailto:a@example.test');
    const second = generateVapidKeys('mailto:a@example.test');
    const mine = { publicKey: first.publicKey, privateKey: first.privateKey };
    expect(claimKeysFile(file, first)).toEqual(mine);
    expect(claimKeysFile(file, second)).toEqual(mine);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['vapid-keys.json']);
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', () => {
    const dataDir = scratch();
    const configured = generateVapidKeys('mailto:x@example.test');
    expect(loadVapidKeys(configured, dataDir, 'https://majstri.example/contact')).toEqual({
      ...configured,
      subject: 'https://majstri.example/contact',
    });
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a damaged key file instead of making a new pair behind everyone’s back', () => {
    const dataDir = scratch();
    fs.writeFileSync(
      path.join(dataDir, 'vapid-keys.json'),
      '{"publicKey":"abc","privateKey":"def"}',
    );
    expect(() => loadVapidKeys({}, dataDir, 'mailto:a@example.test')).toThrow(/vapid-keys\.json/);
  });
});

describe('the push variables', () => {
  const pair = generateVapidKeys('mailto:a@example.test');
  const other = generateVapidKeys('mailto:a@example.test');

  it('takes a key pair, both halves, of one pair', () => {
    const env = parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(env).toMatchObject({ VAPID_PUBLIC_KEY: pair.publicKey, PUSH_ALLOWED_ORIGINS: [] });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      'Invalid configuration: VAPID_PRIVATE_KEY must be set together with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.',
    );
    expect(() =>
      parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrow(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair.',
    );
    expect(() =>
      parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/);
  });

  it('takes a contact that push services accept', () => {
    expect(parseEnv({ VAPID_SUBJECT: 'mailto:ops@majstri.sk' }).VAPID_SUBJECT).toBe(
      'mailto:ops@majstri.sk',
    );
    expect(() => parseEnv({ VAPID_SUBJECT: 'ops@majstri.sk' })).toThrow(
      /VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
    );
  });

  it('admits https origins only, as origins', () => {
    expect(
      parseEnv({ PUSH_ALLOWED_ORIGINS: 'https://127.0.0.1:8443, https://Push.Example.test/' })
        .PUSH_ALLOWED_ORIGINS,
    ).toEqual(['https://127.0.0.1:8443', 'https://push.example.test']);
    for (const value of [
      'http://127.0.0.1:8443',
      'https://push.example.test/v1',
      'push.example.test',
    ]) {
      expect(() => parseEnv({ PUSH_ALLOWED_ORIGINS: value })).toThrow(
        /PUSH_ALLOWED_ORIGINS must be https origins/,
      );
    }
  });
});
