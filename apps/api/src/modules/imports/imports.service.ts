import { createHash } from 'node:crypto';
import {
  IMPORT_FIELDS,
  IMPORT_HEADER_ROWS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROBLEM_ROWS,
  addDays,
  addPeriod,
  foldForSearch,
  guessMapping,
  lagosDay,
  periodEnd,
  type DurationType,
  type ImportCounts,
  type ImportDuplicateChoice,
  type ImportField,
  type ImportMapping,
  type ImportOutcome,
  type ImportPlanWithoutExpiry,
  type ImportRow,
  type ImportSettingsInput,
  type MemberImport,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Db, Executor } from '../../db/client';
import type { ImportProblemRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { csvField, neutralise } from '../../lib/export-file';
import { IMPORT_ACTOR, recordAudit, type Actor } from '../audit';
import * as repo from './imports.repository';
import {
  readRow,
  repeatsInFile,
  type ReadOptions,
  type ReadRow,
  type RowDefaults,
  type RowMember,
} from './imports.rows';
import { allRowsOf, readSheet, rowText, splitSheet } from './imports.sheet';

/*
 * The member import's rules, shared by the preview and the job so a file imports exactly as
 * previewed:
 * - a row the Add Member form would refuse is refused, with the form's message (and, when it
 *   also repeats an earlier row, with that too);
 * - a row repeating an earlier row's phone number or e-mail is refused;
 * - a row whose phone number or e-mail is already a member's is skipped or updates that member
 *   (the owner's choice); matching two different members, it is refused when updating;
 * - a plan name must be one of the gym's plans (letter case and accents aside); with its expiry
 *   date it gives the member a subscription of one plan period ending that day (no payment is
 *   recorded), unless they already have one of that plan lasting as long. A plan without an
 *   expiry date gives none (a warning says so), or, when the owner chose it, one period starting
 *   on the import day; an expiry date without a plan gives none, with a warning.
 */

const importNotFound = () => notFound(IMPORT_MESSAGES.notFound, 'IMPORT_NOT_FOUND');

/** One row's decision. */
interface Decision {
  read: ReadRow;
  outcome: ImportOutcome;
  existing: repo.ExistingMember | null;
  plan: repo.PlanBrief | null;
  /** The subscription the row gives, when it gives one. */
  period: { start: string; expiry: string } | null;
  problems: string[];
}

const memberLabel = (m: repo.ExistingMember) => `${m.code} ${m.firstName} ${m.lastName}`;

/** Rows read once per import and mapping (the job's batches reuse them in one process). */
const readCache = new Map<string, { reads: ReadRow[]; repeats: Map<number, string> }>();
const READ_CACHE_SIZE = 4;

/** The owner's reading choices saved on an import. */
const optionsOf = (imp: repo.ImportRecord): ReadOptions => ({
  titleCase: imp.titleCase,
  planWithoutExpiry: imp.planWithoutExpiry as ImportPlanWithoutExpiry,
});

const readAll = (
  imp: repo.ImportRecord,
  mapping: ImportMapping,
  defaults: RowDefaults,
  today: string,
  options: ReadOptions,
) => {
  const key = `${imp.businessId}:${imp.id}:${imp.fileSha256}:${imp.headerRow}:${JSON.stringify(mapping)}:${JSON.stringify(options)}:${defaults.city}:${defaults.state}:${today}`;
  const cached = readCache.get(key);
  if (cached) return cached;
  const reads = imp.rows.map((row) => readRow(row, mapping, defaults, today, options));
  const value = { reads, repeats: repeatsInFile(reads) };
  if (readCache.size >= READ_CACHE_SIZE) readCache.delete(readCache.keys().next().value!);
  readCache.set(key, value);
  return value;
};

/** Decides what each of `reads` does, against the members and plans of the business now. */
const decide = async (
  exec: Executor,
  businessId: number,
  reads: ReadRow[],
  repeats: Map<number, string>,
  duplicates: ImportDuplicateChoice,
  today: string,
): Promise<Decision[]> => {
  const valid = reads.filter((r) => r.member && !repeats.has(r.n));
  const emails = valid.map((r) => r.member!.emailAddress).filter((e): e is string => !!e);
  const existing = await repo.membersByAddress(
    exec,
    businessId,
    [...new Set(valid.map((r) => r.member!.mobileNumber))],
    [...new Set(emails)],
  );
  const byPhone = new Map<string, repo.ExistingMember>();
  const byEmail = new Map<string, repo.ExistingMember>();
  for (const m of existing) {
    if (!byPhone.has(m.mobileNumber)) byPhone.set(m.mobileNumber, m);
    if (m.emailAddress && !byEmail.has(m.emailAddress)) byEmail.set(m.emailAddress, m);
  }
  const needsPlans = reads.some((r) => r.plan && r.subscription);
  const plans = needsPlans ? await repo.plansOf(exec, businessId) : [];
  const planByName = new Map<string, repo.PlanBrief>();
  for (const p of plans) {
    const key = foldForSearch(p.name);
    if (!planByName.has(key)) planByName.set(key, p);
  }

  return reads.map((read): Decision => {
    const refuse = (problems: string[]): Decision => ({
      read,
      outcome: 'refuse',
      existing: null,
      plan: null,
      period: null,
      problems,
    });
    const repeat = repeats.get(read.n);
    if (!read.member) return refuse(repeat ? [...read.problems, repeat] : read.problems);
    if (repeat) return refuse([repeat]);
    let plan: repo.PlanBrief | null = null;
    let period: Decision['period'] = null;
    if (read.plan && read.subscription) {
      plan = planByName.get(foldForSearch(read.plan)) ?? null;
      if (!plan)
        return refuse([`No plan named “${read.plan}”: add it under Subscription Plans first`]);
      const unit = plan.durationType as DurationType;
      period =
        read.subscription === 'expiry'
          ? { start: periodEnding(read.expiryDate!, plan), expiry: read.expiryDate! }
          : { start: today, expiry: periodEnd(today, unit, plan.duration) };
    }
    const base = { read, plan, period };
    const phoneMatch = byPhone.get(read.member.mobileNumber);
    const emailMatch = read.member.emailAddress ? byEmail.get(read.member.emailAddress) : undefined;
    if (phoneMatch && emailMatch && phoneMatch.id !== emailMatch.id) {
      const words = `The phone number is ${memberLabel(phoneMatch)}'s and the email address is ${memberLabel(emailMatch)}'s`;
      return duplicates === 'update'
        ? refuse([words])
        : { ...base, outcome: 'skip', existing: phoneMatch, problems: [words] };
    }
    const match = phoneMatch ?? emailMatch;
    if (match) {
      if (duplicates === 'skip')
        return {
          ...base,
          outcome: 'skip',
          existing: match,
          problems: [`Already a member: ${memberLabel(match)}`],
        };
      return { ...base, outcome: 'update', existing: match, problems: [] };
    }
    return { ...base, outcome: 'create', existing: null, problems: [] };
  });
};

const toImportRow = (d: Decision): ImportRow => ({
  row: d.read.n,
  outcome: d.outcome,
  first_name: d.read.shown.firstName,
  last_name: d.read.shown.lastName,
  mobile_number: d.read.shown.mobileNumber,
  email_address: d.read.shown.emailAddress,
  plan: d.plan?.name ?? d.read.plan,
  expiry_date: d.period?.expiry ?? d.read.expiryDate,
  existing_member: d.existing ? memberLabel(d.existing) : null,
  problems: d.problems,
  // A refused or skipped row imports nothing: what it would have left out does not matter.
  warnings: d.outcome === 'create' || d.outcome === 'update' ? d.read.warnings : [],
});

interface Preview {
  counts: ImportCounts;
  preview_rows: ImportRow[];
  problem_rows: ImportRow[];
}

const countOf = (decisions: Decision[]): ImportCounts => {
  const counts: ImportCounts = { create: 0, update: 0, skip: 0, refuse: 0 };
  for (const d of decisions) counts[d.outcome] += 1;
  return counts;
};

/** The saved mapping, or the guess from the headers. */
const mappingOf = (imp: repo.ImportRecord): ImportMapping =>
  (imp.mapping as ImportMapping | null) ?? guessMapping(imp.headers);

const columnsOf = (imp: repo.ImportRecord) =>
  imp.headers.map((header, index) => {
    const samples: string[] = [];
    for (const row of imp.rows) {
      const value = (row.cells[index] ?? '').trim();
      // eslint-disable-next-line no-control-regex -- control characters are not shown
      if (value) samples.push(value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 60));
      if (samples.length === 3) break;
    }
    return { index, header, samples };
  });

/**
 * The rows the header row can be chosen among: the first rows of the sheet. (An import read
 * before they were kept offers its header row and the rows under it.)
 */
const leadRowsOf = (imp: repo.ImportRecord) =>
  imp.leadRows.length ? imp.leadRows : [{ n: imp.headerRow, cells: imp.headers }];

const headerRowsOf = (imp: repo.ImportRecord) =>
  allRowsOf(leadRowsOf(imp), imp.rows.slice(0, IMPORT_HEADER_ROWS))
    .slice(0, IMPORT_HEADER_ROWS)
    .map((r) => ({ row: r.n, text: rowText(r) }));

/** A saved preview's rows (one saved before rows had warnings answers them without any). */
const savedRows = (rows: ImportRow[] | undefined): ImportRow[] =>
  (rows ?? []).map((r) => ({ ...r, warnings: r.warnings ?? [] }));

const toAnswer = (imp: repo.ImportRecord): MemberImport => {
  const preview = imp.preview as Preview | null;
  const ran = imp.status !== 'draft';
  return {
    id: imp.id,
    file_name: imp.fileName,
    status: imp.status as MemberImport['status'],
    total_rows: imp.totalRows,
    header_row: imp.headerRow,
    header_rows: headerRowsOf(imp),
    title_case: imp.titleCase,
    plan_without_expiry: imp.planWithoutExpiry as ImportPlanWithoutExpiry,
    columns: columnsOf(imp),
    mapping: mappingOf(imp) as Record<string, number>,
    duplicates: imp.duplicates as ImportDuplicateChoice,
    previewed: preview !== null,
    counts: ran
      ? {
          create: imp.createdCount,
          update: imp.updatedCount,
          skip: imp.skippedCount,
          refuse: imp.refusedCount,
        }
      : (preview?.counts ?? { create: 0, update: 0, skip: 0, refuse: 0 }),
    processed_rows: imp.processedRows,
    preview_rows: ran ? [] : savedRows(preview?.preview_rows),
    problem_rows: savedRows(preview?.problem_rows),
    created_at: imp.createdAt.toISOString(),
    started_at: imp.startedAt?.toISOString() ?? null,
    finished_at: imp.finishedAt?.toISOString() ?? null,
  };
};

const getRecord = async (exec: Executor, businessId: number, id: number, lock = false) => {
  const imp = await repo.findImport(exec, businessId, id, lock);
  if (!imp) throw importNotFound();
  return imp;
};

/** An import's entry in the trail, named by its file, in the change's transaction. */
const auditImport = (
  exec: Executor,
  actor: Actor,
  imp: Pick<repo.ImportRecord, 'id' | 'businessId' | 'fileName'>,
  action: 'import.upload' | 'import.start' | 'import.apply' | 'export.download',
  detail: Record<string, unknown>,
) =>
  recordAudit(exec, actor, {
    businessId: imp.businessId,
    action,
    recordKind: action === 'export.download' ? 'export' : 'import',
    recordId: imp.id,
    recordLabel: imp.fileName,
    detail,
  });

/** Reads an uploaded file into a draft import (the same file's draft when sent again). */
export const uploadImport = async (
  ctx: AppContext,
  businessId: number,
  userId: number,
  file: Buffer,
  fileName: string,
  actor: Actor,
): Promise<{ answer: MemberImport; replayed: boolean }> => {
  const sha256 = createHash('sha256').update(file).digest('hex');
  const draft = await repo.findDraftOfFile(ctx.db, businessId, sha256);
  if (draft) return { answer: toAnswer(draft), replayed: true };
  const sheet = await readSheet(file, fileName);
  const imp = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertImport(tx, {
      businessId,
      createdBy: userId,
      // eslint-disable-next-line no-control-regex -- a file name is shown on one line
      fileName: fileName.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 255) || 'members',
      fileSha256: sha256,
      headerRow: sheet.headerRow,
      headers: sheet.headers,
      rows: sheet.rows,
      leadRows: sheet.leadRows,
      totalRows: sheet.rows.length,
    });
    await auditImport(tx, actor, row, 'import.upload', { rows: row.totalRows });
    return row;
  });
  return { answer: toAnswer(imp), replayed: false };
};

export const getImport = async (ctx: AppContext, businessId: number, id: number) => {
  const imp = await repo.findImportBrief(ctx.db, businessId, id);
  if (!imp) throw importNotFound();
  return toAnswer(imp);
};

const defaultsOf = async (exec: Executor, businessId: number): Promise<RowDefaults> =>
  (await repo.businessPlace(exec, businessId)) ?? { city: '', state: '' };

/** The import read again with another header row: its headers and rows, and no mapping yet. */
const withHeaderRow = (imp: repo.ImportRecord, headerRow: number) => {
  const sheet = splitSheet(allRowsOf(leadRowsOf(imp), imp.rows), headerRow);
  return {
    headerRow: sheet.headerRow,
    headers: sheet.headers,
    rows: sheet.rows,
    leadRows: sheet.leadRows,
    totalRows: sheet.rows.length,
  };
};

/**
 * Saves the header row, the mapping and the choices, and previews every row with them. Another
 * header row without a mapping reads the columns again from that row (the mapping guessed from
 * them) and previews nothing.
 */
export const previewImport = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  settings: ImportSettingsInput,
): Promise<MemberImport> => {
  let imp = await getRecord(ctx.db, businessId, id);
  if (imp.status !== 'draft') throw conflict(IMPORT_MESSAGES.started, 'IMPORT_STARTED');
  const choices = {
    duplicates: settings.duplicates,
    titleCase: settings.title_case,
    planWithoutExpiry: settings.plan_without_expiry,
  };
  const reread =
    settings.header_row !== undefined && settings.header_row !== imp.headerRow
      ? withHeaderRow(imp, settings.header_row)
      : null;
  if (reread) imp = { ...imp, ...reread };
  const save = (values: Partial<repo.ImportRecord>) =>
    // Saved only while still a draft (a start sent meanwhile wins).
    ctx.db.transaction(async (tx) => {
      const locked = await getRecord(tx, businessId, id, true);
      if (locked.status !== 'draft') throw conflict(IMPORT_MESSAGES.started, 'IMPORT_STARTED');
      return (await repo.updateImport(tx, businessId, id, { ...reread, ...choices, ...values }))!;
    });
  if (!settings.mapping) return toAnswer(await save({ mapping: null, preview: null }));

  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = settings.mapping[field];
    if (column === undefined) continue;
    if (column >= imp.headers.length)
      throw badRequest(IMPORT_MESSAGES.columnMissing, 'VALIDATION_ERROR', {
        [`mapping.${field}`]: IMPORT_MESSAGES.columnMissing,
      });
    mapping[field] = column;
  }
  const today = lagosDay();
  const options: ReadOptions = {
    titleCase: choices.titleCase,
    planWithoutExpiry: choices.planWithoutExpiry,
  };
  const defaults = await defaultsOf(ctx.db, businessId);
  const { reads, repeats } = readAll(imp, mapping, defaults, today, options);
  const decisions = await decide(ctx.db, businessId, reads, repeats, settings.duplicates, today);
  const preview: Preview = {
    counts: countOf(decisions),
    preview_rows: decisions.slice(0, IMPORT_PREVIEW_ROWS).map(toImportRow),
    problem_rows: decisions
      .filter((d) => d.outcome !== 'create' || d.read.warnings.length)
      .slice(0, IMPORT_PROBLEM_ROWS)
      .map(toImportRow),
  };
  return toAnswer(await save({ mapping: mapping as Record<string, number>, preview }));
};

/** Starts the previewed import; an import already started answers as it is. */
export const startImport = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  actor: Actor,
): Promise<MemberImport> =>
  ctx.db.transaction(async (tx) => {
    const imp = await getRecord(tx, businessId, id, true);
    if (imp.status !== 'draft') return toAnswer(imp);
    if (!imp.preview)
      throw badRequest('Preview the import before starting it.', 'IMPORT_NOT_PREVIEWED');
    const started = await repo.updateImport(tx, businessId, id, {
      status: 'running',
      startedAt: new Date(),
    });
    await auditImport(tx, actor, imp, 'import.start', { rows: imp.totalRows });
    return toAnswer(started!);
  });

/** The rows refused or skipped, as a CSV: the file's columns, then the row number and reason. */
export const refusedCsv = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  actor: Actor,
): Promise<{ fileName: string; csv: string }> => {
  const imp = await getRecord(ctx.db, businessId, id);
  if (imp.status !== 'done') throw conflict(IMPORT_MESSAGES.notDone, 'IMPORT_NOT_DONE');
  await auditImport(ctx.db, actor, imp, 'export.download', {
    export: 'refused import rows',
    rows: imp.problems.length,
  });
  const cellsByRow = new Map(imp.rows.map((r) => [r.n, r.cells]));
  // Kept cells may hold the control characters that refused them: not written to the file.
  const clean = (text: string) => text.replace(CONTROL, '');
  const line = (cells: string[]) => cells.map((c) => csvField(neutralise(clean(c)))).join(',');
  const lines = [line([...imp.headers, 'Row', 'Reason'])];
  for (const p of [...imp.problems].sort((a, b) => a.n - b.n)) {
    const cells = cellsByRow.get(p.n) ?? [];
    lines.push(line([...imp.headers.map((_, i) => cells[i] ?? ''), String(p.n), p.reason]));
  }
  const base = imp.fileName.replace(/\.[^.]*$/, '').replace(/[^\w\- ]+/g, '') || 'members';
  return { fileName: `${base} - refused rows.csv`, csv: `\ufeff${lines.join('\r\n')}\r\n` };
};

/** Control characters but tab and line breaks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Rows imported per transaction: progress moves at this step. */
export const IMPORT_BATCH = 500;

/** What an update changes: the fields the row gives (a blank cell keeps the member's value). */
const FIELD_COLUMNS: Partial<Record<ImportField, keyof RowMember>> = {
  first_name: 'firstName',
  middle_name: 'middleName',
  last_name: 'lastName',
  mobile_number: 'mobileNumber',
  email_address: 'emailAddress',
  home_address: 'homeAddress',
  city: 'city',
  state: 'state',
  date_of_birth: 'dateOfBirth',
  gender: 'gender',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_number: 'emergencyContactNumber',
  emergency_contact_relationship: 'emergencyContactRelationship',
};

const changesOf = (read: ReadRow): Partial<RowMember> => {
  const out: Partial<RowMember> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [ImportField, keyof RowMember][])
    if (read.given.has(field)) (out as Record<string, unknown>)[column] = read.member![column];
  return out;
};

/** One plan period ending on `expiry` (the last day included). */
const periodEnding = (expiry: string, plan: repo.PlanBrief) => {
  const start = addPeriod(addDays(expiry, 1), plan.durationType as DurationType, -plan.duration);
  return start > expiry ? expiry : start;
};

/**
 * Imports the next batch of one running import (claimed, so instances share the work), in one
 * transaction with its progress: a crash loses nothing and repeats nothing. Answers whether a
 * batch was done.
 */
export const importNextBatch = async (db: Db, today: string = lagosDay()): Promise<boolean> =>
  db.transaction(async (tx) => {
    const imp = await repo.claimRunningImport(tx);
    if (!imp) return false;
    const businessId = imp.businessId;
    const mapping = mappingOf(imp);
    const defaults = await defaultsOf(tx, businessId);
    const { reads, repeats } = readAll(imp, mapping, defaults, today, optionsOf(imp));
    const from = imp.processedRows;
    const batch = reads.slice(from, from + IMPORT_BATCH);
    const decisions = await decide(
      tx,
      businessId,
      batch,
      repeats,
      imp.duplicates as ImportDuplicateChoice,
      today,
    );

    const creates = decisions.filter((d) => d.outcome === 'create');
    const ids = await repo.insertMembers(
      tx,
      businessId,
      creates.map((d) => d.read.member!),
    );
    const newSubscriptions: Parameters<typeof repo.insertSubscriptions>[1] = [];
    const subscribe = (memberId: number, d: Decision) => {
      if (!d.plan || !d.period) return;
      newSubscriptions.push({
        businessId,
        memberId,
        subscriptionTypeId: d.plan.id,
        paymentId: null,
        startDate: d.period.start,
        expiryDate: d.period.expiry,
        duration: 1,
        durationType: d.plan.durationType,
        planDuration: d.plan.duration,
        amountKobo: 0,
      });
    };
    creates.forEach((d, i) => subscribe(ids[i]!, d));
    for (const d of decisions) {
      if (d.outcome !== 'update') continue;
      await repo.updateMemberFields(tx, businessId, d.existing!.id, changesOf(d.read));
      if (
        d.plan &&
        d.period &&
        !(await repo.hasSubscriptionThrough(
          tx,
          businessId,
          d.existing!.id,
          d.plan.id,
          d.period.expiry,
        ))
      )
        subscribe(d.existing!.id, d);
    }
    await repo.insertSubscriptions(tx, newSubscriptions);

    const problems: ImportProblemRow[] = decisions
      .filter((d) => d.outcome === 'skip' || d.outcome === 'refuse')
      .map((d) => ({
        n: d.read.n,
        outcome: d.outcome as 'skip' | 'refuse',
        reason: d.problems.join('; '),
      }));
    const counts = countOf(decisions);
    const finished = from + batch.length >= imp.rows.length;
    await repo.recordBatch(tx, imp.id, {
      processed: batch.length,
      created: counts.create,
      updated: counts.update,
      skipped: counts.skip,
      refused: counts.refuse,
      problems,
      finished,
    });
    // One entry per import, written with its last batch: the Import actor and what it did
    // (the members it created are not listed one by one).
    if (finished)
      await auditImport(tx, IMPORT_ACTOR, imp, 'import.apply', {
        count: imp.createdCount + counts.create,
        created: imp.createdCount + counts.create,
        updated: imp.updatedCount + counts.update,
        skipped: imp.skippedCount + counts.skip,
        refused: imp.refusedCount + counts.refuse,
      });
    return true;
  });
