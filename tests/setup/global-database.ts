import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateDatabase } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL (any database) where tests may create and drop databases. */
    adminDatabaseUrl: string;
    /** A migrated database to copy for each test file (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the run: the server at TEST_DATABASE_URL when set, else an embedded one
 * in a temporary folder. The schema is migrated once into a template; each test file copies it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmpDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-test-pg-'));
    fs.chmodSync(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres(tmpDir);
    adminUrl = embedded.url;
  }

  const template = `majstri_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await migrateDatabase(templateUrl.toString());

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
