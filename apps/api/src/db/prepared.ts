import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** A value bound when a prepared statement runs (its name in the values given to it). */
export const bound = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * A statement of a hot path, built once per database and name, then only executed: Drizzle's
 * query building was a fifth of the API's CPU under load on the member list, and a prepared
 * statement is also parsed once per PostgreSQL connection instead of on every request. Values
 * are bound when it runs (`bound('id')`), never written into the statement's text.
 */
const statements = new WeakMap<Executor, Map<string, unknown>>();

export const preparedFor = <P>(db: Executor, name: string, build: (db: Executor) => P): P => {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as P | undefined;
  if (!statement) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
};
