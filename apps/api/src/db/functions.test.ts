import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import { normalizeTrigger, readFunctionFiles } from './functions';

/** Spaces, tabs and line breaks collapsed, so layout alone never differs. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the files define: each function's body and each trigger's statement, by name. */
const fromFiles = () => {
  const functions = new Map<string, string>();
  const triggers = new Map<string, string>();
  for (const { file, statements } of readFunctionFiles()) {
    const [definition, ...rest] = statements;
    const name = /create\s+or\s+replace\s+function\s+"?(\w+)"?\s*\(/i.exec(definition!)?.[1];
    expect(name, `${file} starts with CREATE OR REPLACE FUNCTION`).toBeDefined();
    expect(file, 'a file is named after its function').toBe(`${name}.sql`);
    functions.set(
      name!,
      definition!.slice(definition!.indexOf('$$') + 2, definition!.lastIndexOf('$$')),
    );
    for (const statement of rest) {
      const trigger = /create\s+or\s+replace\s+trigger\s+"?(\w+)"?/i.exec(statement)?.[1];
      expect(trigger, `${file}: after its function, a file holds only triggers`).toBeDefined();
      triggers.set(trigger!, statement);
    }
  }
  return { functions, triggers };
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The database's own functions (not those of extensions such as pg_trgm) and triggers. */
const fromDatabase = async (database: Database) => {
  const functions = rowsOf<{ name: string; body: string }>(
    await database.db.execute(sql`
      select p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`),
  );
  // xmin: the transaction that last wrote the trigger's row (a replaced trigger gets a new one).
  const triggers = rowsOf<{ name: string; version: string; def: string }>(
    await database.db.execute(sql`
      select tgname as name, xmin::text as version, pg_get_triggerdef(oid) as def
      from pg_trigger where not tgisinternal order by 1`),
  );
  return { functions, triggers };
};

describe('the SQL functions and triggers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("are each one file of db/functions, equal to the migrated database's, none missing either way", async () => {
    const files = fromFiles();
    const found = await fromDatabase(database);
    // No function without a file, no file without its function, and one function per name
    // (a changed argument list would leave the old function beside the new one).
    expect(found.functions.map((f) => f.name)).toEqual([...files.functions.keys()].sort());
    for (const { name, body } of found.functions)
      expect(collapse(body), `${name}'s body`).toBe(collapse(files.functions.get(name)!));
    expect(found.triggers.map((t) => t.name)).toEqual([...files.triggers.keys()].sort());
    for (const { name, def } of found.triggers)
      expect(normalizeTrigger(def), `trigger ${name}`).toBe(
        normalizeTrigger(files.triggers.get(name)!),
      );
  });

  it('name the plans table by its name', async () => {
    const { functions } = await fromDatabase(database);
    expect(functions.filter((f) => /subscription_types/.test(f.body)).map((f) => f.name)).toEqual(
      [],
    );
    expect(functions.find((f) => f.name === 'record_payment')?.body).toMatch(/join "plans" t/i);
  });

  it('are applied again by the next migration; triggers already the same stay untouched', async () => {
    const before = await fromDatabase(database);
    await database.migrate();
    const after = await fromDatabase(database);
    expect(after.functions).toEqual(before.functions);
    // Same trigger rows: replacing one would have locked its table against writes.
    expect(after.triggers).toEqual(before.triggers);
  });

  it('compares triggers by their event, table and function, not their spelling', () => {
    const written =
      'CREATE OR REPLACE TRIGGER "t" AFTER INSERT OR DELETE OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "f"();';
    const printed =
      'CREATE TRIGGER t AFTER INSERT OR DELETE OR UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION f()';
    expect(normalizeTrigger(written)).toBe(normalizeTrigger(printed));
    expect(normalizeTrigger(written)).not.toBe(
      normalizeTrigger(printed.replace('AFTER', 'BEFORE')),
    );
    expect(normalizeTrigger(written)).not.toBe(
      normalizeTrigger(printed.replace('payments', 'subscriptions')),
    );
  });
});
