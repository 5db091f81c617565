import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The database's functions and triggers, each function in its own file under functions/ (its
 * triggers after it), are applied after the migrations every time the database is migrated:
 * `CREATE OR REPLACE` in file-name order, in one transaction. A file is the function's current
 * text: change a function by editing its file, with no migration. Changing a function's
 * arguments or answer needs a migration that drops the old one first (CREATE OR REPLACE would
 * add a second function beside it; functions.test.ts fails on that).
 */

const here = dirname(fileURLToPath(import.meta.url));

/** The functions' SQL files: beside the bundle in dist/, or in src/db/ when run from source. */
const functionsFolder = (): string => {
  const folder = join(here, 'functions');
  if (!existsSync(folder)) throw new Error(`No SQL functions found in ${folder}`);
  return folder;
};

export interface FunctionFile {
  /** The file's name, e.g. `record_payment.sql`. */
  file: string;
  /** Its statements, split where the file says `--> statement-breakpoint` (as migrations do). */
  statements: string[];
}

/** Every functions file, in the order they are applied (by name). */
export const readFunctionFiles = (): FunctionFile[] => {
  const folder = functionsFolder();
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      file,
      statements: readFileSync(join(folder, file), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    }));
};

/**
 * A trigger's statement as PostgreSQL prints it back (`pg_get_triggerdef`), so the two compare:
 * without `OR REPLACE`, quotes, the `public.` schema and the final semicolon, spaces collapsed,
 * lower case.
 */
export const normalizeTrigger = (statement: string): string =>
  statement
    .replace(/--[^\n]*/g, '')
    .replace(/\bor\s+replace\b/i, '')
    .replace(/"/g, '')
    .replace(/\bpublic\./gi, '')
    .replace(/;\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Runs one statement and answers its rows. */
type Run = (statement: string) => Promise<Record<string, unknown>[]>;

/**
 * Creates or replaces every function and trigger of the files. Call it inside a transaction. A
 * trigger already defined the same is left alone: replacing it would lock its table (payments,
 * subscriptions) against writes at every start.
 */
export const applyFunctions = async (run: Run): Promise<void> => {
  const existing = new Set(
    (await run('select pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal')).map(
      (row) => normalizeTrigger(String(row.def)),
    ),
  );
  for (const { statements } of readFunctionFiles()) {
    for (const statement of statements) {
      const isTrigger = /^(--[^\n]*\n|\s)*create\s+or\s+replace\s+trigger\b/i.test(statement);
      if (isTrigger && existing.has(normalizeTrigger(statement))) continue;
      await run(statement);
    }
  }
};
