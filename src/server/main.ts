import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadBuildInfo } from './build-info';
import { openDatabase, type Database } from './db/database';
import { DataDirInUseError } from './db/embedded';
import { InvalidEnvError, loadEnv, s3ConfigOf, timeoutsOf, type Env, type S3Config } from './env';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { loadSessionSecret } from './secrets';
import { s3Storage } from './storage/s3-storage';
import { diskStorage, type FileStorage } from './storage/storage';
import { ensureAdministrator } from '../features/accounts/server/registration.service';
import { createHashQueue } from '../features/accounts/server/hash-queue';
import { loadVapidKeys } from '../features/notifications/server/push-vapid';

/** Process entry: environment -> database -> application -> listen; drains and stops on a signal. */
async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof InvalidEnvError) fail(error.message);
    throw error;
  }

  const s3 = s3ConfigOf(env);
  const storage = await openStorage(env, s3);
  try {
    await storage.ready();
  } catch (error) {
    const where = s3 ? (s3.endpoint ?? 'AWS') : path.join(env.DATA_DIR, 'files');
    fail(`Cannot use the file storage (${where}): ${(error as Error).message}`);
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      log: (line) => console.log(`[database] ${line}`),
      // Without its database the app can only answer errors: exit, and let the supervisor
      // (systemd, Docker, Kubernetes) start the whole app again.
      onGone: (error) =>
        fail(
          `The embedded PostgreSQL stopped and could not be started again (${error.message}); exiting.`,
        ),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    fail(`Cannot open the database: ${describeDatabaseError(error, env)}`);
  }

  if (env.DEMO) {
    // Loaded only in demo mode: a production process never holds the demo content.
    const { seedDemo } = await import('./db/demo-seed');
    await seedDemo(database.db, (line) => console.log(line));
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    try {
      const { created } = await ensureAdministrator(
        { db: database.db },
        env.ADMIN_EMAIL,
        env.ADMIN_PASSWORD,
      );
      if (created) console.log(`Administrator ${env.ADMIN_EMAIL} created.`);
    } catch (error) {
      await database.close();
      fail((error as Error).message);
    }
  }

  // Loaded only when configured: a single instance never holds the Redis client (on-first-use.ts).
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', (error) => console.error(`[redis] ${error.message}`));

  const app = await buildApp({
    db: database.db,
    sessionSecret: loadSessionSecret(env.SESSION_SECRET, env.DATA_DIR),
    // One key pair for every instance: VAPID_* or DATA_DIR/vapid-keys.json (docs/notifications.md).
    push: {
      vapid: loadVapidKeys(
        { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
        env.DATA_DIR,
        env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      ),
      allowedOrigins: env.PUSH_ALLOWED_ORIGINS,
    },
    mailer: env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : outboxMailer(path.join(env.DATA_DIR, 'outbox'), env.MAIL_FROM, (line) =>
          console.log(`[mail] ${line}`),
        ),
    storage,
    checkResponses: env.NODE_ENV !== 'production',
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: env.GOOGLE_ISSUER_URL,
          },
        }
      : {}),
    ...(env.GEMINI_API_KEY
      ? {
          gemini: {
            apiKey: env.GEMINI_API_KEY,
            model: env.GEMINI_MODEL,
            baseUrl: env.GEMINI_BASE_URL,
            timeoutMs: env.GEMINI_TIMEOUT_SECONDS * 1000,
            dailyLimit: env.GEMINI_DAILY_LIMIT,
          },
        }
      : {}),
    ...(redis ? { redis } : {}),
    hashQueue: createHashQueue({
      concurrency: env.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: env.PASSWORD_HASH_QUEUE,
    }),
    clientDir: findClientDir(),
    buildInfo: loadBuildInfo(),
    publicUrl: env.PUBLIC_URL,
    supportEmail: env.SUPPORT_EMAIL,
    supportLanguage: env.SUPPORT_LANGUAGE,
    trustProxy: env.TRUST_PROXY,
    logger: { level: env.LOG_LEVEL },
    logRequests: env.LOG_REQUESTS,
    timeouts: timeoutsOf(env),
    live: { maxStreams: env.LIVE_MAX_STREAMS },
    metricsToken: env.METRICS_TOKEN,
    pool: database.pool,
    // Mail and the periodic clean-ups go through the job queue (docs/deploy.md "Job queue").
    jobs: {
      queue: {
        pollingIntervalSeconds: env.JOB_POLLING_SECONDS,
        // Each instance looks whether a schedule is due every five polls (at most every 30 s).
        cronMonitorIntervalSeconds: Math.min(
          30,
          Math.max(1, Math.round(env.JOB_POLLING_SECONDS * 5)),
        ),
      },
      mailRetry: { limit: env.MAIL_RETRY_LIMIT, delaySeconds: env.MAIL_RETRY_DELAY_SECONDS },
      maintenanceCron: env.MAINTENANCE_CRON,
      retention: { auditDays: env.AUDIT_RETENTION_DAYS, alertDays: env.ALERT_RETENTION_DAYS },
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in progress');
    // Closing the app also stops the job queue, waiting for the jobs in progress.
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    await database.close();
    fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${(error as Error).message}`);
  }
  const files = s3 ? `S3 bucket ${s3.bucket}` : 'disk';
  app.log.info(
    `Majstri is ready at ${env.PUBLIC_URL} (database: ${database.engine}, files: ${files})`,
  );
}

/**
 * Uploaded files: in S3_BUCKET when it is set, else in DATA_DIR/files. The S3 client takes the
 * SDK's own variables (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, …); the SDK is
 * loaded only when it is used.
 */
async function openStorage(env: Env, s3: S3Config | undefined): Promise<FileStorage> {
  if (!s3) return diskStorage(path.join(env.DATA_DIR, 'files'));
  const { S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    forcePathStyle: s3.forcePathStyle,
    ...(s3.region ? { region: s3.region } : {}),
  });
  return s3Storage({ client, bucket: s3.bucket, ...(s3.prefix ? { prefix: s3.prefix } : {}) });
}

/** The built browser app sits in dist/client, next to the server bundle in dist/server. */
function findClientDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../client'), path.resolve(here, '../../dist/client')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
}

function describeDatabaseError(error: unknown, env: Env): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!env.DATABASE_URL) return message;
  const url = new URL(env.DATABASE_URL);
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  return `${where}: ${message || (error as { code?: string }).code || 'connection failed'}`;
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

void main();
