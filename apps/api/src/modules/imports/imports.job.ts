import type { Db } from '../../db/client';
import type { ModuleJob } from '../module';
import * as repo from './imports.repository';
import { importNextBatch } from './imports.service';

/** How long one job pass may import before letting the dispatcher's other work run. */
const PASS_BUDGET_MS = 5_000;

/**
 * An uploaded file holds members' personal details: a draft never started is deleted after 7
 * days, a finished import (and its refused rows) after 30.
 */
const IMPORT_KEEP_DAYS = { draft: 7, done: 30 } as const;

/** Deletes the imports kept long enough (see IMPORT_KEEP_DAYS); answers how many. */
export const purgeOldImports = (db: Db, now: Date = new Date()): Promise<number> =>
  repo.deleteImportsBefore(
    db,
    new Date(now.getTime() - IMPORT_KEEP_DAYS.draft * 86_400_000),
    new Date(now.getTime() - IMPORT_KEEP_DAYS.done * 86_400_000),
  );

const PURGE_EVERY_MS = 3_600_000;
let lastPurge = 0;

/**
 * The dispatcher job: imports batches of running imports for up to a few seconds; once an hour
 * (per instance) deletes the old ones.
 */
const importJob = async (db: Db): Promise<void> => {
  const until = Date.now() + PASS_BUDGET_MS;
  while (Date.now() < until && (await importNextBatch(db))) {
    // The next batch (of this import or another).
  }
  if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
    lastPurge = Date.now();
    await purgeOldImports(db);
  }
};

/** The module's work on each dispatcher tick. */
export const importsJobs: ModuleJob[] = [(db) => importJob(db)];
