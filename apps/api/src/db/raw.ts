import { PGlite } from '@electric-sql/pglite';
import { Column, SQL, Table, fillPlaceholders, getTableColumns, is } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client';

/**
 * A Drizzle select compiled once into its SQL text and a row decoder, then run straight on the
 * driver, for the hottest reads (the member list). The statement and its answer's shape still
 * come from the query builder (one definition of the query), but each call skips what Drizzle
 * does per execution: building a query config with fresh type parsers for every column, and
 * checking every field's kind on every row. On a 10-member page that was about 250 µs of the
 * API's CPU per call, as much as the rest of the request.
 *
 * Rows come back as arrays in the select's field order; the decoder writes them into the same
 * nested objects Drizzle answers, through the same column decoders (a moment a Date, a
 * calendar day its 'YYYY-MM-DD' text, kobo a number).
 */
export interface CompiledSelect<R> {
  name: string;
  text: string;
  params: unknown[];
  decode: (row: unknown[]) => R;
}

interface Decoder {
  mapFromDriverValue: (value: unknown) => unknown;
}

/** A Drizzle select builder: its SQL, and the fields it was given (`config.fields`). */
type SelectLike<R> = PromiseLike<R[]> & { toSQL: () => { sql: string; params: unknown[] } };

const decoderOf = (field: unknown): Decoder =>
  is(field, Column)
    ? field
    : ((is(field, SQL) ? field : (field as SQL.Aliased).sql) as unknown as { decoder: Decoder })
        .decoder;

/** The selected fields in the order the SQL lists them, with their path in the answer's row. */
const fieldsInOrder = (
  fields: Record<string, unknown>,
  prefix: string[] = [],
): { path: string[]; field: unknown }[] =>
  Object.entries(fields).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) return [{ path, field }];
    const nested = is(field, Table) ? getTableColumns(field) : (field as Record<string, unknown>);
    return fieldsInOrder(nested, path);
  });

export const compileSelect = <R>(name: string, query: SelectLike<R>): CompiledSelect<R> => {
  const { sql: text, params } = query.toSQL();
  const selected = (query as unknown as { config: { fields: Record<string, unknown> } }).config
    .fields;
  const fields = fieldsInOrder(selected).map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
  }));
  const decode = (row: unknown[]): R => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const { path, decoder } = fields[i]!;
      let node = result;
      for (let p = 0; p < path.length - 1; p++)
        node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    return result as R;
  };
  return { name, text, params, decode };
};

const dialect = new PgDialect();

/**
 * A statement written as SQL (not a select builder) compiled once: its text, its parameters
 * (each `bound(name)` takes the value of that name given to runCompiled), and `decode`, which
 * turns each row's values, in the order the statement selects them, into the row answered. `name` makes it a named prepared statement on PostgreSQL; a statement
 * whose best plan depends on its values (a search term) has none and is planned every time.
 */
export const compileSql = <R>(
  name: string,
  query: SQL,
  decode: (row: unknown[]) => R,
): CompiledSelect<R> => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params, decode };
};

const DATE_OID = 1082;
const asText = (value: string) => value;
/** pg's own parsers, made once, except a calendar day, which stays text as Drizzle reads it. */
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? asText : pg.types.getTypeParser(oid, format),
};

/** True when `db` is the database itself (which runCompiled takes), not a transaction. */
export const isDatabaseItself = (db: Executor): boolean => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof PGlite;
};

/**
 * Runs a compiled select with the values bound to it, on the database (not a transaction): a
 * named prepared statement on PostgreSQL, a plain query on PGlite. Answers the decoded rows.
 */
export const runCompiled = async <R>(
  db: Executor,
  query: CompiledSelect<R>,
  values: Record<string, unknown>,
): Promise<R[]> => {
  const client = (db as { $client?: unknown }).$client;
  // The statement's parameters, the bound values (`bound(name)`) filled in.
  const params = fillPlaceholders(query.params, values);
  let rows: unknown[][];
  if (client instanceof pg.Pool) {
    rows = (
      await client.query<unknown[]>({
        name: query.name || undefined,
        text: query.text,
        values: params,
        rowMode: 'array',
        types: pgTypes as pg.CustomTypesConfig,
      })
    ).rows;
  } else if (client instanceof PGlite) {
    rows = (
      await client.query<unknown[]>(query.text, params, {
        rowMode: 'array',
        parsers: { [DATE_OID]: asText },
      })
    ).rows;
  } else throw new Error('runCompiled needs the database itself, not a transaction');
  return rows.map(query.decode);
};
