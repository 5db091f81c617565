import type { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteDatabase, type Database } from '../db/client';

/*
 * PGlite servers for the API tests, each in the state the run migrated once. Loading that state
 * from its tarball costs about 0.7 CPU s, a third of the API suite's CPU when every test file
 * loaded its own. So a file's closed database is not thrown away: its server is put back in
 * the migrated state and kept for the next file of the same worker. Putting it back:
 *   - every table of the public schema emptied (TRUNCATE, its triggers, such as the audit
 *     trail's "cannot be removed", not fired);
 *   - the rows the migrations wrote put back as they were (the roll-up's closed day);
 *   - every sequence set where it stood, advisory locks let go.
 * Then the server's schema (tables, columns, indexes, constraints, triggers, functions) and
 * session settings are compared with the migrated ones: a server a test changed (a constraint
 * added, a temporary table left, a SET) or that the reset fails on is closed instead, and the
 * next file loads afresh.
 * A file sees a database it cannot tell from a freshly loaded one: a closed lease answers
 * "PGlite is closed" as a closed server does (the health check's 503 test relies on it).
 */

/** The migrated state, read from the first server loaded by this worker. */
interface Pristine {
  /** One statement that empties every table of the public schema. */
  truncate: string;
  /** The rows the migrations wrote: table, its written columns, the rows as JSON. */
  seeds: { table: string; columns: string; rows: string }[];
  /** Every sequence of the public schema: [{ seq, value, called }] as JSON, for setval. */
  sequences: string;
  fingerprint: string;
}

/**
 * A digest of everything a test could change in the schema (temporary tables included) and of
 * the session's settings (PGlite's own `search_path` among them; a test's SET would show).
 */
const FINGERPRINT = `
  select md5(string_agg(x, '|' order by x)) as fp from (
    select format('s %s %s', name, setting) as x from pg_settings where source = 'session'
    union all
    select format('n %s', nspname) from pg_namespace
    union all
    select format('r %s %s %s', c.oid::regclass, c.relkind, pg_get_indexdef(c.oid))
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all
    select format('a %s %s %s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid,
        a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and a.attnum > 0
    union all
    select format('c %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint
      where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all
    select format('t %s %s %s', tgrelid::regclass, tgname, tgenabled)
      from pg_trigger where not tgisinternal
    union all
    select format('f %s %s', p.oid::regprocedure, md5(p.prosrc))
      from pg_proc p
      where pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  ) s`;

const fingerprint = async (client: PGlite) =>
  (await client.query<{ fp: string }>(FINGERPRINT)).rows[0]!.fp;

const readPristine = async (client: PGlite): Promise<Pristine> => {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname = 'public' order by 1`,
    )
  ).rows.map((r) => r.name);
  const seeds: Pristine['seeds'] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (!rows[0]?.rows) continue;
    const columns = await client.query<{ columns: string }>(
      `select string_agg(format('%I', attname), ', ' order by attnum) as columns
         from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
      [table],
    );
    seeds.push({ table, columns: columns.rows[0]!.columns, rows: rows[0].rows });
  }
  const sequences = await client.query<{ sequences: string }>(
    `select coalesce(json_agg(json_build_object(
        'seq', format('%I.%I', schemaname, sequencename),
        'value', coalesce(last_value, start_value),
        'called', last_value is not null)), '[]')::text as sequences
       from pg_sequences where schemaname = 'public'`,
  );
  return {
    truncate: `truncate table ${tables.join(', ')}`,
    seeds,
    sequences: sequences.rows[0]!.sequences,
    fingerprint: await fingerprint(client),
  };
};

/** Puts a server back in the migrated state; answers whether it now matches it. */
const putBack = async (client: PGlite, pristine: Pristine): Promise<boolean> => {
  if (client.closed || client.isInTransaction()) return false;
  await client.query('select pg_advisory_unlock_all()');
  await client.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(pristine.truncate);
    for (const seed of pristine.seeds) {
      await tx.query(
        `insert into ${seed.table} (${seed.columns}) overriding system value
         select ${seed.columns} from json_populate_recordset(null::${seed.table}, $1::json)`,
        [seed.rows],
      );
    }
    await tx.query(
      `select setval(s.seq::regclass, s.value, s.called)
         from json_to_recordset($1::json) as s(seq text, value bigint, called boolean)`,
      [pristine.sequences],
    );
  });
  return (await fingerprint(client)) === pristine.fingerprint;
};

/**
 * `client` seen through a gate: once `isOpen()` answers false, every method throws "PGlite is
 * closed", as the methods of a closed server do.
 */
const gated = (client: PGlite, isOpen: () => boolean): PGlite =>
  new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!isOpen()) throw new Error('PGlite is closed');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });

const spares: PGlite[] = [];
let pristine: Promise<Pristine> | undefined;

/**
 * A database in the migrated state of `tarball`: a spare server of this worker put back in
 * that state, else one loaded from it. Closing it puts its server back for the next caller.
 */
export const leasePglite = async (tarball: Blob): Promise<Database> => {
  let client = spares.pop();
  if (!client) {
    client = await openPglite({ loadDataDir: tarball });
    pristine ??= readPristine(client);
    await pristine;
  }
  const server = client;
  let open = true;
  return pgliteDatabase(
    gated(server, () => open),
    async () => {
      if (!open) return;
      open = false;
      const reusable = await putBack(server, await pristine!).catch(() => false);
      if (reusable) spares.push(server);
      else if (!server.closed) await server.close();
    },
  );
};
