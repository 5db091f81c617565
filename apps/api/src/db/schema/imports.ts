import { boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, moment, ref } from './columns';

/** A sheet row kept from the file: its row number in the sheet and its cells as text. */
export interface ImportSheetRow {
  n: number;
  cells: string[];
}

/** A row the import refused or skipped, with the reason (kept for the refused-rows CSV). */
export interface ImportProblemRow {
  n: number;
  outcome: 'skip' | 'refuse';
  reason: string;
}

/**
 * A member import: the file's rows as read (text cells), the column mapping and duplicate choice
 * the owner saved, and the background job's progress. `draft` until started; `running` while
 * the job works through the rows in batches (`processed_rows` advances in the same transaction
 * as each batch's members, so a restart resumes where it stopped); `done` with the counts.
 */
export const memberImports = pgTable(
  'member_imports',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    /** The user who uploaded the file (kept as a number: people leave a team, imports stay). */
    createdBy: integer('created_by').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** SHA-256 of the file: the same file uploaded again while a draft answers that draft. */
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    headerRow: integer('header_row').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<ImportSheetRow[]>().notNull(),
    /**
     * The sheet's first non-blank rows (the header row and what is above it among them), so the
     * owner can choose another header row: with `rows` they hold every row of the sheet.
     */
    leadRows: jsonb('lead_rows').$type<ImportSheetRow[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull(),
    /** field → column index; null until the owner saves one (the guess is answered instead). */
    mapping: jsonb('mapping').$type<Record<string, number>>(),
    duplicates: varchar('duplicates', { length: 6 }).notNull().default('skip'),
    /** Names all in capitals or all in lower case are written in Title Case. */
    titleCase: boolean('title_case').notNull().default(true),
    /** A row with a plan but no expiry date: `none` (no subscription) or `import_day`. */
    planWithoutExpiry: varchar('plan_without_expiry', { length: 10 }).notNull().default('none'),
    /** The preview of the saved mapping: { counts, preview_rows, problem_rows }. */
    preview: jsonb('preview').$type<unknown>(),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    problems: jsonb('problems').$type<ImportProblemRow[]>().notNull().default([]),
    createdAt: createdAt(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    index('member_imports_business_file_idx').on(t.businessId, t.fileSha256),
    // The job finds the running imports through this small index.
    index('member_imports_running_idx').on(t.status, t.id),
  ],
);
