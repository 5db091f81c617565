import type { Db } from '../db/client';

/**
 * Runs `fn` and answers what it answered with the SQL text of each statement it sent to the
 * database outside a transaction, in order (parameters left out: the work, not the values).
 * Works on PGlite and on a PostgreSQL pool alike: both take statements through `query`.
 */
export const statementsOf = async <T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> => {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    client.query = original;
  }
};
