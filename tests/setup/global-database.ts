import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateDatabase } from '../../src/server/db/migrate';
import { databasePool, readTemplateState, type TemplateState } from './database-pool';
import { databaseUrl } from './postgres-client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL (any database) where tests may create and drop databases. */
    adminDatabaseUrl: string;
    /** A migrated database to copy for each test file (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
    /** Where finished files leave their emptied databases for the next (database-pool.ts). */
    databasePool: string;
    /** What a database must match to be used again. */
    templateState: TemplateState;
  }
}

export interface TestPostgres {
  adminUrl: string;
  template: string;
  /** URL of a new database copied from the template. */
  createDatabase(name: string): Promise<string>;
  /** Drops the template, its copies made here and `others` (copies the tests made), then stops. */
  stop(others?: string[]): Promise<void>;
}

/**
 * One PostgreSQL for the run: the server at TEST_DATABASE_URL when set, else an embedded one
 * in a temporary folder. The schema is migrated once into a template that tests copy.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  let embedded: EmbeddedPostgres | undefined;
  let tmpDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-test-pg-'));
    fs.chmodSync(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres(tmpDir);
    adminUrl = embedded.url;
  }
  const urlOf = (name: string) => databaseUrl(adminUrl, name);

  const template = `majstri_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await migrateDatabase(urlOf(template));
  const created: string[] = [];

  return {
    adminUrl,
    template,
    async createDatabase(name) {
      await admin.query(`create database ${name} template ${template}`);
      created.push(name);
      return urlOf(name);
    },
    async stop(others = []) {
      for (const name of [...created, ...others, template])
        await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await embedded?.stop();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  // Read before any test copies the template (a copy needs it to have no connection).
  const templateState = await readTemplateState(databaseUrl(postgres.adminUrl, postgres.template));
  const poolFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-test-databases-'));
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  project.provide('templateDatabase', postgres.template);
  project.provide('databasePool', poolFolder);
  project.provide('templateState', templateState);
  return async () => {
    await postgres.stop(databasePool.names(poolFolder));
    fs.rmSync(poolFolder, { recursive: true, force: true });
  };
}
