import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateDatabase } from '../../src/server/db/migrate';
import { databasePool, readTemplateState, type TemplateState } from './database-pool';

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
  /** The folder of the run's databases ready for another file (database-pool.ts). */
  poolFolder: string;
  templateState: TemplateState;
  /** URL of a new database copied from the template. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
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
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };

  const template = `majstri_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await migrateDatabase(urlOf(template));
  const templateState = await readTemplateState(urlOf(template));
  const poolFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-test-databases-'));
  const created: string[] = [];

  return {
    adminUrl,
    template,
    poolFolder,
    templateState,
    async createDatabase(name) {
      await admin.query(`create database ${name} template ${template}`);
      created.push(name);
      return urlOf(name);
    },
    async stop() {
      const pooled = databasePool.names(poolFolder);
      for (const name of [...created, ...pooled, template])
        await admin.query(`drop database if exists ${name} with (force)`);
      fs.rmSync(poolFolder, { recursive: true, force: true });
      await admin.end();
      await embedded?.stop();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  project.provide('templateDatabase', postgres.template);
  project.provide('databasePool', postgres.poolFolder);
  project.provide('templateState', postgres.templateState);
  return () => postgres.stop();
}
