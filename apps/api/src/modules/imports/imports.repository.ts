import { and, eq, getTableColumns, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  businesses,
  memberImports,
  members,
  plans,
  subscriptions,
  type ImportProblemRow,
  type ImportSheetRow,
} from '../../db/schema';
import { findOfBusiness, ofBusiness, type RecordQuery } from '../../db/tenant';
import type { RowMember } from './imports.rows';

export type ImportRecord = typeof memberImports.$inferSelect;

/** An import of this business (every read and write is scoped by business). */
export const findImport = (
  db: Executor,
  businessId: number,
  id: number,
  lock = false,
): Promise<ImportRecord | undefined> => findOfBusiness(db, memberImports, businessId, id, lock);

/** The rows an import's answer shows samples of (the screen polls it every second). */
const SAMPLE_ROWS = 50;

/**
 * An import of this business with only its first rows (for the columns' samples): what the
 * screen asks for every second while it runs, without reading every row into the server.
 */
export const findImportBrief: RecordQuery<ImportRecord | undefined> = async (db, businessId, id) =>
  (
    await db
      .select({
        ...getTableColumns(memberImports),
        rows: sql<
          ImportSheetRow[]
        >`jsonb_path_query_array(${memberImports.rows}, ${`$[0 to ${SAMPLE_ROWS - 1}]`}::jsonpath)`.mapWith(
          memberImports.rows,
        ),
      })
      .from(memberImports)
      .where(ofBusiness(memberImports, businessId, id))
      .limit(1)
  )[0];

/** A draft of the same file, to answer an upload sent twice. */
export const findDraftOfFile = async (db: Executor, businessId: number, sha256: string) =>
  (
    await db
      .select()
      .from(memberImports)
      .where(
        and(
          eq(memberImports.businessId, businessId),
          eq(memberImports.fileSha256, sha256),
          eq(memberImports.status, 'draft'),
        ),
      )
      .orderBy(sql`${memberImports.id} desc`)
      .limit(1)
  )[0];

export const insertImport = async (db: Executor, values: typeof memberImports.$inferInsert) =>
  (await db.insert(memberImports).values(values).returning())[0]!;

export const updateImport: RecordQuery<
  ImportRecord | undefined,
  [values: Partial<typeof memberImports.$inferInsert>]
> = async (db, businessId, id, values) =>
  (
    await db
      .update(memberImports)
      .set(values)
      .where(ofBusiness(memberImports, businessId, id))
      .returning()
  )[0];

/** The business's city and state: a row without them takes the gym's own. */
export const businessPlace = async (db: Executor, businessId: number) =>
  (
    await db
      .select({ city: businesses.city, state: businesses.state })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1)
  )[0];

export const plansOf = (db: Executor, businessId: number) =>
  db
    .select({
      id: plans.id,
      name: plans.name,
      isActive: plans.isActive,
      duration: plans.duration,
      durationType: plans.durationType,
    })
    .from(plans)
    .where(eq(plans.businessId, businessId))
    .orderBy(sql`${plans.isActive} desc`, plans.id);
export type PlanBrief = Awaited<ReturnType<typeof plansOf>>[number];

/** Members of this business with one of these phone numbers or e-mail addresses. */
export const membersByAddress = async (
  db: Executor,
  businessId: number,
  phones: string[],
  emails: string[],
) => {
  if (phones.length === 0 && emails.length === 0) return [];
  return db
    .select({
      id: members.id,
      code: members.memberCode,
      firstName: members.firstName,
      lastName: members.lastName,
      mobileNumber: members.mobileNumber,
      emailAddress: members.emailAddress,
    })
    .from(members)
    .where(
      and(
        eq(members.businessId, businessId),
        or(
          phones.length ? inArray(members.mobileNumber, phones) : undefined,
          emails.length ? inArray(members.emailAddress, emails) : undefined,
        ),
      ),
    );
};
export type ExistingMember = Awaited<ReturnType<typeof membersByAddress>>[number];

/**
 * Adds members with the business's next member numbers (one update of its counter for the whole
 * batch, which also serialises with members added at the desk). Answers their ids in order.
 */
export const insertMembers = async (
  db: Executor,
  businessId: number,
  rows: RowMember[],
): Promise<number[]> => {
  if (rows.length === 0) return [];
  const seq = (
    await db
      .update(businesses)
      .set({ memberSeq: sql`${businesses.memberSeq} + ${rows.length}` })
      .where(eq(businesses.id, businessId))
      .returning({ seq: businesses.memberSeq, code: businesses.code })
  )[0]!;
  const firstNumber = seq.seq - rows.length + 1;
  const inserted = await db
    .insert(members)
    .values(
      rows.map((m, i) => {
        const memberNumber = firstNumber + i;
        return {
          ...m,
          businessId,
          memberNumber,
          memberCode: `${seq.code}-${String(memberNumber).padStart(5, '0')}`,
        };
      }),
    )
    .returning({ id: members.id, memberNumber: members.memberNumber });
  const byNumber = new Map(inserted.map((r) => [r.memberNumber, r.id]));
  return rows.map((_, i) => byNumber.get(firstNumber + i)!);
};

export const updateMemberFields = (
  db: Executor,
  businessId: number,
  id: number,
  values: Partial<RowMember>,
) =>
  db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(ofBusiness(members, businessId, id));

/** Whether the member already has a subscription of this plan lasting at least to `expiry`. */
export const hasSubscriptionThrough = async (
  db: Executor,
  businessId: number,
  memberId: number,
  planId: number,
  expiry: string,
) =>
  (
    await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.businessId, businessId),
          eq(subscriptions.memberId, memberId),
          eq(subscriptions.subscriptionTypeId, planId),
          gte(subscriptions.expiryDate, expiry),
        ),
      )
      .limit(1)
  ).length > 0;

export const insertSubscriptions = async (
  db: Executor,
  rows: (typeof subscriptions.$inferInsert)[],
) => {
  if (rows.length) await db.insert(subscriptions).values(rows);
};

/** The job's next running import, claimed (another instance skips it while this one works). */
export const claimRunningImport = async (db: Executor) =>
  (
    await db
      .select()
      .from(memberImports)
      .where(eq(memberImports.status, 'running'))
      .orderBy(memberImports.id)
      .limit(1)
      .for('update', { skipLocked: true })
  )[0];

/** A batch's results added to the import, in the batch's transaction. */
export const recordBatch = (
  db: Executor,
  id: number,
  done: {
    processed: number;
    created: number;
    updated: number;
    skipped: number;
    refused: number;
    problems: ImportProblemRow[];
    finished: boolean;
  },
) =>
  db
    .update(memberImports)
    .set({
      processedRows: sql`${memberImports.processedRows} + ${done.processed}`,
      createdCount: sql`${memberImports.createdCount} + ${done.created}`,
      updatedCount: sql`${memberImports.updatedCount} + ${done.updated}`,
      skippedCount: sql`${memberImports.skippedCount} + ${done.skipped}`,
      refusedCount: sql`${memberImports.refusedCount} + ${done.refused}`,
      problems: sql`${memberImports.problems} || ${JSON.stringify(done.problems)}::jsonb`,
      ...(done.finished ? { status: 'done', finishedAt: new Date() } : {}),
    })
    .where(eq(memberImports.id, id));

/** Deletes drafts created before `drafts` and finished imports finished before `done`. */
export const deleteImportsBefore = async (db: Executor, drafts: Date, done: Date) =>
  (
    await db
      .delete(memberImports)
      .where(
        or(
          and(eq(memberImports.status, 'draft'), lt(memberImports.createdAt, drafts)),
          and(eq(memberImports.status, 'done'), lt(memberImports.finishedAt, done)),
        ),
      )
      .returning({ id: memberImports.id })
  ).length;
