import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a new database on that PostgreSQL server, dropped on close.
 */
export const openTestDatabase = async (): Promise<Database> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `kora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolMax: 10 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
};
