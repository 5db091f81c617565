import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { applyFunctions } from './functions';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its queries on: the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Applies the committed migrations, then the functions and triggers of db/functions/. */
  migrate(): Promise<void>;
  /** PGlite only: the whole database as a tarball, for `OpenOptions.loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The committed SQL migrations: beside the bundle in dist/, or in src/db/ when run from source. */
const migrationsFolder = (): string => {
  const candidates = [join(here, 'migrations'), join(here, 'db/migrations')];
  const found = candidates.find((c) => existsSync(join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`No migrations found in ${candidates.join(' or ')}`);
  return found;
};

export interface OpenOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string;
  /** PGlite data folder; undefined means in memory. */
  dataDir?: string;
  poolMax?: number;
  /** PGlite in memory: start from this tarball of another PGlite (`dumpDataDir`). */
  loadDataDir?: Blob;
}

/**
 * A Database of one kind: `client` answers the ping (a database is up when it answers a trivial
 * query), `drizzle` wraps it for the repositories.
 */
const database = (
  kind: Database['kind'],
  client: { query(statement: string): Promise<unknown> },
  drizzle: unknown,
  steps: Pick<Database, 'migrate' | 'close' | 'dumpDataDir'>,
): Database => ({
  db: drizzle as Db,
  kind,
  ping: async () => {
    await client.query('select 1');
  },
  ...steps,
});

export const openDatabase = async (opts: OpenOptions): Promise<Database> => {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 20,
      idleTimeoutMillis: 30_000,
      // The API's statements are short: starting parallel workers costs more than they save
      // (the dashboard's 12-month sums: 14.5 ms with a worker, 8.7 ms without).
      options: '-c max_parallel_workers_per_gather=0',
    });
    pool.on('error', () => undefined);
    return database('postgres', pool, drizzlePg(pool, { schema }), {
      // Under an advisory lock on one connection, so several instances can start together.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(724100)');
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
          await client.query('begin');
          try {
            await applyFunctions(async (statement) => (await client.query(statement)).rows);
            await client.query('commit');
          } catch (err) {
            await client.query('rollback');
            throw err;
          }
        } finally {
          await client.query('select pg_advisory_unlock(724100)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    });
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  return pgliteDatabase(await openPglite(opts));
};

/** A PGlite server (in memory, in `dataDir`, or from a tarball), with the extensions Kora uses. */
export const openPglite = (opts: Pick<OpenOptions, 'dataDir' | 'loadDataDir'>): Promise<PGlite> =>
  PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm, btree_gin },
  });

/**
 * The Database of a PGlite server. `close` closes the server, unless it is given: the tests put
 * a closed file's server back in the migrated state for the next file (test/pglite-spares.ts).
 */
export const pgliteDatabase = (
  client: PGlite,
  close: () => Promise<void> = () => client.close(),
): Database =>
  database('pglite', client, drizzlePglite(client, { schema }), {
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
      await client.transaction((tx) =>
        applyFunctions(
          async (statement) => (await tx.query<Record<string, unknown>>(statement)).rows,
        ),
      );
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close,
  });

// int8 (counts, sums of kobo) as JS numbers: kobo sums stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
