import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from './database';

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
    const database = await openDatabase({ url: template.url, poolMax: 1 });
    try {
      await database.migrate();
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
