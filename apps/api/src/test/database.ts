import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

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
 * A new, empty database on the PostgreSQL server of `adminUrl` (a role that may create
 * databases), named `prefix_` and random hex: its name and URL, and `drop()` to remove it.
 */
export const createScratchDatabase = async (adminUrl: string, prefix: string) => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOn(adminUrl, `create database ${name}`);
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
 * A fresh, migrated database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a new database on that PostgreSQL server, dropped on close.
 */
export const openTestDatabase = async (): Promise<Database> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'kora_test') : undefined;
  const database = await openDatabase(scratch ? { url: scratch.url, poolMax: 10 } : {});
  await database.migrate();
  if (!scratch) return database;
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};
