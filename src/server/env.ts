import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES } from '../shared/languages';
import { passwordProblem } from '../features/accounts/server/password-policy';
import { isVapidSubject, vapidKeyProblem } from '../features/notifications/server/push-vapid';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './timeouts';

/**
 * The operating contract: every variable the server reads, validated once at start-up.
 * This is the only module that touches process.env.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** One IPv4/IPv6 address or CIDR range (`10.0.0.0/8`), as Fastify's proxy-addr takes them. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops in front of the app may name the client (docs/security.md "Client addresses"):
 * a number of proxies, or the addresses/ranges of the proxies. `true` would trust every hop,
 * making the left-most X-Forwarded-For entry (written by the client) its address: refused.
 */
const trustedProxies = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number.parseInt(text, 10);
    if (hops <= 32) return hops;
  } else {
    const addresses = text.split(',').map((entry) => entry.trim());
    if (addresses.every(isProxyAddress)) return addresses;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'must be the number of proxies in front of the app (1, 2, …) or their addresses (10.0.0.0/8,192.168.1.5); "true" would let any client choose its address',
  });
  return z.NEVER;
});

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
    message: 'must be a postgres:// or postgresql:// URL',
  });

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), {
    message: 'must be an http:// or https:// URL',
  })
  .transform((value) => value.replace(/\/+$/, ''));

const emailAddress = z.email({ message: 'must be an email address' });

/** Origins of push services admitted beside public https ones: `https://host[:port]`, comma-separated. */
const httpsOrigin = (entry: string): string | undefined => {
  if (!URL.canParse(entry)) return undefined;
  const url = new URL(entry);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return url.protocol === 'https:' && bare ? url.origin : undefined;
};

const httpsOrigins = z.string().transform((value, ctx): string[] => {
  const origins = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(httpsOrigin);
  if (origins.every(Boolean)) return origins as string[];
  ctx.addIssue({
    code: 'custom',
    message: 'must be https origins (https://host or https://host:port), comma-separated',
  });
  return z.NEVER;
});

/** A time-out in whole seconds (docs/security.md "Slow clients"). */
const seconds = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .int({ message: 'must be a whole number of seconds' })
    .min(1, { message: 'must be at least 1 second' })
    .max(3600, { message: 'must be at most 3600 seconds' })
    .default(fallback);

/** How long a kind of record is kept, in whole days. */
const days = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number of days' })
    .int({ message: 'must be a whole number of days' })
    .min(1, { message: 'must be at least 1 day' })
    .max(36_500, { message: 'must be at most 36500 days' })
    .default(fallback);

/** A count in whole numbers from `min` to `max`; `what` names it in the "not a number" message. */
const wholeNumber = (min: number, max: number, fallback: number, what = 'a number') =>
  z.coerce
    .number({ message: `must be ${what}` })
    .int({ message: 'must be a whole number' })
    .min(min, { message: min === 0 ? 'must not be negative' : `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);

/** An S3 bucket name; the older, looser names some stores still have are taken too. */
const bucketName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/, {
  message: 'must be a bucket name: letters, digits, dots, hyphens (3 to 255 characters)',
});

/** Folders in front of every object key, without slashes at either end. */
const keyPrefix = z
  .string()
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .refine((value) => /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(value) && value.length <= 200, {
    message: 'must be folder names of letters, digits, dots, hyphens and underscores, split by /',
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_REQUESTS: booleanFlag.default(false),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be between 0 and 65535' })
      .max(65535, { message: 'must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: trustedProxies.default(false),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Uploaded files in this S3-compatible bucket instead of DATA_DIR/files (docs/architecture.md). */
    S3_BUCKET: bucketName.optional(),
    S3_PREFIX: keyPrefix.optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    // The SDK reads its own variables; these are read here only to decide the addressing style
    // and the region a self-hosted store is given, and to catch a mistyped URL at start-up.
    AWS_ENDPOINT_URL_S3: httpUrl.optional(),
    AWS_ENDPOINT_URL: httpUrl.optional(),
    AWS_REGION: z.string().min(1).optional(),
    DATABASE_URL: postgresUrl.optional(),
    REDIS_URL: z
      .string()
      .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), {
        message: 'must be a redis:// or rediss:// URL',
      })
      .optional(),
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), {
        message: 'must be an smtp:// or smtps:// URL',
      })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Majstri <no-reply@majstri.sk>'),
    SUPPORT_EMAIL: emailAddress.default('podpora@majstri.sk'),
    SUPPORT_LANGUAGE: z
      .enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` })
      .default('sk'),
    ADMIN_EMAIL: emailAddress.optional(),
    // The administrator's password meets the same policy as everybody's.
    ADMIN_PASSWORD: z
      .string()
      .superRefine((password, ctx) => {
        const problem = passwordProblem(password);
        if (problem)
          ctx.addIssue({ code: 'custom', message: `is refused: ${problem.replace(/\.$/, '')}` });
      })
      .optional(),
    SESSION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
    /** The web push key pair (docs/notifications.md "Push"); else generated in DATA_DIR. */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    /** Whom push services may contact: `mailto:` or `https:`; else mailto:SUPPORT_EMAIL. */
    VAPID_SUBJECT: z
      .string()
      .refine(isVapidSubject, { message: 'must be a mailto: address or an https:// URL' })
      .optional(),
    PUSH_ALLOWED_ORIGINS: httpsOrigins.default([]),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER_URL: httpUrl.default('https://accounts.google.com'),
    GEMINI_API_KEY: z.string().min(1).optional(),
    GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
    GEMINI_BASE_URL: httpUrl.optional(),
    /** Trust summaries the whole site may generate in a UTC day (docs/trust-summary.md). */
    GEMINI_DAILY_LIMIT: wholeNumber(0, 1_000_000, 200, 'a number of summaries'),
    /** How long one model call may take before it is given up (docs/trust-summary.md). */
    GEMINI_TIMEOUT_SECONDS: seconds(30),
    DEMO: booleanFlag.default(false),
    REQUEST_TIMEOUT_SECONDS: seconds(DEFAULT_TIMEOUTS.requestMs / 1000),
    HEADERS_TIMEOUT_SECONDS: seconds(DEFAULT_TIMEOUTS.headersMs / 1000),
    IDLE_TIMEOUT_SECONDS: seconds(DEFAULT_TIMEOUTS.idleMs / 1000),
    KEEP_ALIVE_TIMEOUT_SECONDS: seconds(DEFAULT_TIMEOUTS.keepAliveMs / 1000),
    /** Password hashes computed at once, and waiting places (docs/security.md "Sign-in under flood"). */
    PASSWORD_HASH_CONCURRENCY: wholeNumber(1, 64, 2),
    PASSWORD_HASH_QUEUE: wholeNumber(0, 1000, 8),
    /** Turns on GET /metrics, for this bearer token only (docs/deploy.md). */
    METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    /** Live event streams (GET /api/live) one instance holds at most (docs/notifications.md). */
    LIVE_MAX_STREAMS: wholeNumber(1, 50_000, 1_000, 'a number of streams'),
    AUDIT_RETENTION_DAYS: days(365),
    ALERT_RETENTION_DAYS: days(90),
    /** Mail attempts after the first, and the wait before the first retry, doubled each time (docs/deploy.md "Job queue"). */
    MAIL_RETRY_LIMIT: wholeNumber(0, 20, 8),
    MAIL_RETRY_DELAY_SECONDS: seconds(30),
    /** How often an idle queue worker looks for work; schedules are looked at every five of these. */
    JOB_POLLING_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .min(0.5, { message: 'must be at least 0.5 seconds' })
      .max(60, { message: 'must be at most 60 seconds' })
      .default(2),
    /** When the periodic clean-ups run (five-field cron, UTC), once across all instances. */
    MAINTENANCE_CRON: z
      .string()
      .trim()
      .regex(/^\S+(\s+\S+){4}$/, { message: 'must be a cron expression of five fields' })
      .default('17 * * * *'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'must be set together with ADMIN_EMAIL and ADMIN_PASSWORD',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'must be set together with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'must be set together with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      });
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
      const problem = vapidKeyProblem(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
      if (problem) {
        const [name, ...rest] = problem.split(' ');
        ctx.addIssue({ code: 'custom', path: [name!], message: rest.join(' ') });
      }
    }
    for (const name of ['S3_PREFIX', 'S3_FORCE_PATH_STYLE'] as const) {
      if (env[name] !== undefined && !env.S3_BUCKET) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is set but S3_BUCKET is not: files would stay on disk',
        });
      }
    }
    // Node refuses to start a server whose header deadline outlasts the whole request's.
    if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_SECONDS'],
        message: 'must not be longer than REQUEST_TIMEOUT_SECONDS',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; DATA_DIR: string };

export class InvalidEnvError extends Error {}

/** Parses the variables; throws InvalidEnvError with one readable line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const raw = present[name];
    const shown =
      raw === undefined || /SECRET|PASSWORD|KEY|TOKEN/.test(name) ? '' : ` (got "${raw}")`;
    throw new InvalidEnvError(`Invalid configuration: ${name} ${issue.message}${shown}.`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}

/** The time-outs of the environment, as the server takes them. */
export function timeoutsOf(env: Env): ServerTimeouts {
  return {
    requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    headersMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    idleMs: env.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
  };
}

export interface S3Config {
  bucket: string;
  prefix?: string;
  /** Where the SDK sends its requests, when not to AWS itself. */
  endpoint?: string;
  /** Bucket in the path (`http://host/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
  /** Given only where the SDK would find none: a self-hosted store without AWS_REGION. */
  region?: string;
}

/**
 * The S3 storage the environment asks for, if any. A custom endpoint (a self-hosted store such
 * as MinIO, Garage or Ceph) gets path-style addressing and, without AWS_REGION, us-east-1;
 * S3_FORCE_PATH_STYLE overrides the first either way.
 */
export function s3ConfigOf(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  return {
    bucket: env.S3_BUCKET,
    ...(env.S3_PREFIX ? { prefix: env.S3_PREFIX } : {}),
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(endpoint),
    ...(endpoint && !env.AWS_REGION ? { region: 'us-east-1' } : {}),
  };
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}
