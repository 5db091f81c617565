import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../db/client';
import type { MigratedState } from './global-setup';
import { leasePglite } from './pglite-spares';

/** Runs one statement on the server of `url` over a connection of its own. */
const runOn = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/**
 * A new database on the PostgreSQL server of `adminUrl` (a role that may create databases),
 * named `prefix_` and random hex: empty, or a copy of the database `template` (which nobody may
 * be connected to meanwhile). Answers its name and URL, and `drop()` to remove it.
 */
export const createScratchDatabase = async (
  adminUrl: string,
  prefix: string,
  template?: string,
) => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOn(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          // FORCE ends connections left open; it is refused (42501) while an autovacuum
          // worker is in the database, which a plain DROP stops by itself: then that, again.
          await runOn(
            adminUrl,
            `drop database if exists ${name}${attempt === 0 ? ' with (force)' : ''}`,
          );
          return;
        } catch (err) {
          const code = (err as { code?: string }).code;
          // 42501: not allowed to end a worker; 55006: still in use by another session.
          if (attempt >= 20 || (code !== '42501' && code !== '55006')) throw err;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
  };
};

/**
 * On PostgreSQL the tests' API runs as it does in production: as a role that owns nothing,
 * `kora_app`, which TEST_DATABASE_URL's role (the tables' owner, which migrates) may act as
 * (`create role kora_app nologin; grant kora_app to kora`, as .ci/run does). `url` with its
 * connections taking that role.
 */
export const TEST_APP_ROLE = 'kora_app';
export const appRoleUrl = (url: string) => {
  const u = new URL(url);
  u.searchParams.set('options', `-c role=${TEST_APP_ROLE}`);
  return u.toString();
};

/**
 * PostgreSQL: a connection to the database of `db` as the tables' owner (TEST_DATABASE_URL's
 * role), for what the API's role may not do (lock the audit trail, try the trigger as owner).
 */
export const ownerClient = async (db: Db): Promise<pg.Client> => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  url.pathname = `/${result.rows[0]!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
};

/** The migrated state the run's global setup made (global-setup.ts); read once per file. */
let pgliteTarball: Promise<Blob> | undefined;
const migrated = (): MigratedState | undefined => {
  try {
    return inject('koraMigrated');
  } catch {
    return undefined; // outside a Vitest worker
  }
};

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a new database on that PostgreSQL server, dropped on close. Each starts as
 * a copy of the database the run migrated once (global-setup.ts), so its `migrate()` finds
 * nothing to do; without that setup it is migrated here. A PGlite server closed by one file is
 * put back in that state for the next (pglite-spares.ts).
 */
export const openTestDatabase = async (): Promise<Database> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const state = migrated();
  if (!adminUrl) {
    if (state?.kind === 'pglite') {
      pgliteTarball ??= readFile(state.tarball).then((bytes) => new Blob([bytes]));
      return leasePglite(await pgliteTarball);
    }
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const template = state?.kind === 'postgres' ? state.template : undefined;
  const scratch = await createScratchDatabase(adminUrl, 'kora_test', template);
  const database = await openDatabase({
    url: appRoleUrl(scratch.url),
    migrationUrl: scratch.url,
    poolMax: 10,
  });
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};
