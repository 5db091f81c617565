import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { TEST_APP_ROLE, appRoleUrl, createScratchDatabase } from './database';

/**
 * The database state every API test file starts from, migrated once per run: a PGlite tarball
 * file (`dumpDataDir`), or with TEST_DATABASE_URL a template database on that server that each
 * file's database is created from (`create database … template …`).
 */
export type MigratedState =
  { kind: 'pglite'; tarball: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  interface ProvidedContext {
    koraMigrated: MigratedState;
  }
}

/** Vitest's global setup of the API suite: migrates once; the answer cleans up after the run. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, 'kora_tpl');
    // Migrated by the owner, which grants the API's role its rights: copies keep both.
    const database = await openDatabase({
      url: appRoleUrl(template.url),
      migrationUrl: template.url,
      poolMax: 1,
    });
    try {
      await database.migrate().catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        if (!/role|permission denied to set/i.test(message)) throw err;
        throw new Error(
          `TEST_DATABASE_URL's role must be able to act as ${TEST_APP_ROLE}, the role the API runs ` +
            `as in the tests (as superuser: create role ${TEST_APP_ROLE} nologin; grant ` +
            `${TEST_APP_ROLE} to <that role>): ${message}`,
        );
      });
    } finally {
      // A database is copied only while nobody is connected to it.
      await database.close();
    }
    project.provide('koraMigrated', { kind: 'postgres', template: template.name });
    return () => template.drop();
  }
  const database = await openDatabase({});
  const dir = await mkdtemp(join(tmpdir(), 'kora-test-db-'));
  try {
    await database.migrate();
    const tarball = join(dir, 'migrated.tar');
    await writeFile(tarball, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    project.provide('koraMigrated', { kind: 'pglite', tarball });
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
