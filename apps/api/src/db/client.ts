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
import { privilegeStatements } from './privileges';
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
  /**
   * PostgreSQL: whether the role the API runs as owns the tables (or may act as their owner), so
   * could turn their triggers off; PGlite (one user) answers false.
   */
  ownsTables(): Promise<boolean>;
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

/** Where the configuration puts the database: its PostgreSQL URLs, else the data folder's PGlite. */
export const databaseOptions = (config: {
  databaseUrl?: string;
  databaseMigrationUrl?: string;
  dataDir: string;
  databasePoolMax?: number;
}): OpenOptions => ({
  url: config.databaseUrl,
  migrationUrl: config.databaseMigrationUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  poolMax: config.databasePoolMax,
});

export interface OpenOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string;
  /**
   * PostgreSQL: the URL `migrate()` connects with, of the role that owns the tables; the role of
   * `url` (which should own nothing) is then granted what the API needs (db/privileges.ts).
   * Without it `url` migrates, and its role owns everything.
   */
  migrationUrl?: string;
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
  ownsTables: async () => {
    if (kind === 'pglite') return false;
    const result = (await client.query(
      `select exists (select 1 from pg_class where oid = to_regclass('audit_entries')
        and pg_has_role(current_user, relowner, 'USAGE')) as owns`,
    )) as { rows: { owns: boolean }[] };
    return result.rows[0]?.owns ?? false;
  },
  ...steps,
});

/**
 * A PostgreSQL connection's settings: the URL, and its `options` (`?options=-c role=…`) with
 * Kora's own. The API's statements are short: starting parallel workers costs more than they
 * save (the dashboard's 12-month sums: 14.5 ms with a worker, 8.7 ms without).
 */
const connection = (url: string) => {
  const options = '-c max_parallel_workers_per_gather=0';
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const own = parsed?.searchParams.get('options');
  if (!parsed || !own) return { connectionString: url, options };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${own} ${options}` };
};

export const openDatabase = async (opts: OpenOptions): Promise<Database> => {
  if (opts.url) {
    const pool = new pg.Pool({
      ...connection(opts.url),
      max: opts.poolMax ?? 10,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => undefined);
    const roleOf = async (c: { query(s: string): Promise<{ rows: { role?: string }[] }> }) =>
      (await c.query('select current_user as role')).rows[0]?.role;
    return database('postgres', pool, drizzlePg(pool, { schema }), {
      // Under an advisory lock on one connection (the owner's, with migrationUrl), so several
      // instances can start together.
      migrate: async () => {
        const owner = opts.migrationUrl ? new pg.Client(connection(opts.migrationUrl)) : undefined;
        if (owner) await owner.connect();
        const client = owner ?? (await pool.connect());
        try {
          await client.query('select pg_advisory_lock(724100)');
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
          const ownerRole = await roleOf(client);
          const appRole = owner ? await roleOf(pool) : ownerRole;
          await client.query('begin');
          try {
            const run = async (statement: string) => (await client.query(statement)).rows;
            await applyFunctions(run);
            for (const statement of privilegeStatements(
              appRole !== ownerRole ? appRole : undefined,
            ))
              await run(statement);
            await client.query('commit');
          } catch (err) {
            await client.query('rollback');
            throw err;
          }
        } finally {
          await client.query('select pg_advisory_unlock(724100)').catch(() => undefined);
          if (owner) await owner.end();
          else (client as pg.PoolClient).release();
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
      await client.transaction(async (tx) => {
        const run = async (statement: string) =>
          (await tx.query<Record<string, unknown>>(statement)).rows;
        await applyFunctions(run);
        for (const statement of privilegeStatements()) await run(statement);
      });
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close,
  });

// int8 (counts, sums of kobo) as JS numbers: kobo sums stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
