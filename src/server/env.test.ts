import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv, s3ConfigOf, timeoutsOf } from './env';

describe('the operating contract', () => {
  it('has working defaults for a newcomer', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.GOOGLE_ISSUER_URL).toBe('https://accounts.google.com');
    expect(env.SUPPORT_LANGUAGE).toBe('sk');
    expect(timeoutsOf(env)).toEqual({
      requestMs: 120_000,
      headersMs: 10_000,
      idleMs: 60_000,
      keepAliveMs: 72_000,
    });
  });

  it('keeps audit entries a year and alerts 90 days unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ AUDIT_RETENTION_DAYS: 365, ALERT_RETENTION_DAYS: 90 });
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => parseEnv({ AUDIT_RETENTION_DAYS: '0' })).toThrow(
      'Invalid configuration: AUDIT_RETENTION_DAYS must be at least 1 day (got "0").',
    );
    expect(() => parseEnv({ ALERT_RETENTION_DAYS: 'soon' })).toThrow(/ALERT_RETENTION_DAYS/);
  });

  it('hashes two passwords at once with eight waiting unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ PASSWORD_HASH_CONCURRENCY: 2, PASSWORD_HASH_QUEUE: 8 });
    expect(parseEnv({ PASSWORD_HASH_CONCURRENCY: '1' }).PASSWORD_HASH_CONCURRENCY).toBe(1);
    expect(() => parseEnv({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(
      /PASSWORD_HASH_CONCURRENCY must be at least 1/,
    );
    expect(() => parseEnv({ PASSWORD_HASH_QUEUE: 'many' })).toThrow(/PASSWORD_HASH_QUEUE/);
  });

  it('takes counts only as whole numbers within their bounds', () => {
    expect(parseEnv({ MAIL_RETRY_LIMIT: '0' }).MAIL_RETRY_LIMIT).toBe(0);
    for (const [env, message] of [
      [{ MAIL_RETRY_LIMIT: '-1' }, 'MAIL_RETRY_LIMIT must not be negative'],
      [{ MAIL_RETRY_LIMIT: '21' }, 'MAIL_RETRY_LIMIT must be at most 20'],
      [{ PASSWORD_HASH_QUEUE: '2.5' }, 'PASSWORD_HASH_QUEUE must be a whole number'],
      [{ PASSWORD_HASH_CONCURRENCY: 'two' }, 'PASSWORD_HASH_CONCURRENCY must be a number'],
      [{ GEMINI_DAILY_LIMIT: 'many' }, 'GEMINI_DAILY_LIMIT must be a number of summaries'],
      [{ GEMINI_DAILY_LIMIT: '1000001' }, 'GEMINI_DAILY_LIMIT must be at most 1000000'],
    ] as const) {
      expect(() => parseEnv(env)).toThrow(message);
    }
  });

  it('reads the time-outs in seconds', () => {
    const env = parseEnv({ REQUEST_TIMEOUT_SECONDS: '30', HEADERS_TIMEOUT_SECONDS: '5' });
    expect(timeoutsOf(env)).toMatchObject({ requestMs: 30_000, headersMs: 5_000 });
  });

  it('reads TRUST_PROXY as a number of proxies or their addresses, and off by default', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
    ]);
    for (const off of ['0', 'false', 'off', 'no', ''])
      expect(parseEnv({ TRUST_PROXY: off }).TRUST_PROXY).toBe(false);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_URL: 'https://majstri.sk/' }).PUBLIC_URL).toBe('https://majstri.sk');
  });

  it.each([
    [
      { DATABASE_URL: 'nonsense' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "nonsense").',
    ],
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc").'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000").'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [
      { TRUST_PROXY: 'true' },
      'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the app (1, 2, …) or their addresses (10.0.0.0/8,192.168.1.5); "true" would let any client choose its address (got "true").',
    ],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be the number of proxies'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be the number of proxies'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, 'TRUST_PROXY must be the number of proxies'],
    [{ TRUST_PROXY: '999.1.1.1' }, 'TRUST_PROXY must be the number of proxies'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY must be the number of proxies'],
    [{ SUPPORT_LANGUAGE: 'de' }, 'SUPPORT_LANGUAGE must be one of sk, en, uk, ru, cs (got "de")'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ PUBLIC_URL: 'majstri.sk' }, 'PUBLIC_URL must be an http:// or https:// URL'],
    [
      { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Secret123' },
      'ADMIN_EMAIL must be an email address',
    ],
    [
      { ADMIN_EMAIL: 'admin@majstri.sk' },
      'ADMIN_PASSWORD must be set together with ADMIN_EMAIL and ADMIN_PASSWORD',
    ],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET must be set together'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters.'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters.'],
    [
      { ADMIN_EMAIL: 'admin@majstri.sk', ADMIN_PASSWORD: 'spravca2025' },
      'Invalid configuration: ADMIN_PASSWORD is refused: Password must contain an uppercase letter.',
    ],
    [
      { ADMIN_EMAIL: 'admin@majstri.sk', ADMIN_PASSWORD: 'Password1' },
      'Invalid configuration: ADMIN_PASSWORD is refused: This password is too common. Choose one that is harder to guess.',
    ],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, 'REQUEST_TIMEOUT_SECONDS must be at least 1 second'],
    [{ IDLE_TIMEOUT_SECONDS: 'soon' }, 'IDLE_TIMEOUT_SECONDS must be a number of seconds'],
    [
      { REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '10' },
      'HEADERS_TIMEOUT_SECONDS must not be longer than REQUEST_TIMEOUT_SECONDS',
    ],
    [{ S3_BUCKET: 'my bucket' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'majstri', S3_PREFIX: 'files/../x y' }, 'S3_PREFIX must be folder names'],
    [{ S3_PREFIX: 'majstri' }, 'S3_PREFIX is set but S3_BUCKET is not'],
    [
      { S3_BUCKET: 'majstri', AWS_ENDPOINT_URL_S3: 'minio:9000' },
      'AWS_ENDPOINT_URL_S3 must be an http:// or https:// URL',
    ],
  ])('refuses %o with one line naming the variable', (input, expected) => {
    let message = '';
    try {
      parseEnv(input);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(expected);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('takes an administrator password that meets the policy in any script', () => {
    for (const password of ['Čučoriedka1', 'ŽltýKôň99', 'Жовтень2025'])
      expect(parseEnv({ ADMIN_EMAIL: 'admin@majstri.sk', ADMIN_PASSWORD: password })).toMatchObject(
        { ADMIN_PASSWORD: password },
      );
  });

  it('never echoes a secret back', () => {
    expect(() => parseEnv({ SESSION_SECRET: 'tiny-secret' })).toThrow(/^((?!tiny-secret).)*$/);
    expect(() => parseEnv({ METRICS_TOKEN: 'tiny-token' })).toThrow(/^((?!tiny-token).)*$/);
  });

  it('keeps files on disk unless S3_BUCKET names a bucket', () => {
    expect(s3ConfigOf(parseEnv({}))).toBeUndefined();
    expect(s3ConfigOf(parseEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' }))).toBeUndefined();
  });

  it('addresses AWS by host name and a self-hosted store by path, unless told otherwise', () => {
    expect(s3ConfigOf(parseEnv({ S3_BUCKET: 'majstri', AWS_REGION: 'eu-central-1' }))).toEqual({
      bucket: 'majstri',
      forcePathStyle: false,
    });
    expect(
      s3ConfigOf(
        parseEnv({
          S3_BUCKET: 'majstri',
          S3_PREFIX: '/production/files/',
          AWS_ENDPOINT_URL_S3: 'http://minio.internal:9000/',
        }),
      ),
    ).toEqual({
      bucket: 'majstri',
      prefix: 'production/files',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      region: 'us-east-1',
    });
    const hosted = parseEnv({
      S3_BUCKET: 'majstri',
      AWS_ENDPOINT_URL: 'https://storage.example.net',
      AWS_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(s3ConfigOf(hosted)).toEqual({
      bucket: 'majstri',
      endpoint: 'https://storage.example.net',
      forcePathStyle: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });
});
