import { and, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, lagosMidnight } from '@kora/shared';
import type { Executor } from '../../db/client';
import { given } from '../../db/filters';
import { auditEntries } from '../../db/schema';
import type { ExportCursor } from '../../lib/export-file';
import { readPage } from '../../lib/paging';

export type AuditRow = typeof auditEntries.$inferSelect;
export type AuditInsert = typeof auditEntries.$inferInsert;

/** An entry keyed by the table's column names (`business_id`…), as a database function reads it. */
export const asColumns = (row: AuditInsert): Record<string, unknown> => {
  const columns = getTableColumns(auditEntries);
  return Object.fromEntries(
    Object.entries(row).map(([field, value]) => [
      columns[field as keyof typeof columns].name,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
};

/** Writes one entry, in the caller's transaction (or statement). */
export const insertAuditEntry = async (exec: Executor, row: AuditInsert): Promise<void> => {
  await exec.insert(auditEntries).values(row);
};

/** The trail's filters; days are Lagos days, both included. */
export interface AuditFilters {
  userId?: number;
  recordKind?: string;
  memberId?: number;
  paymentId?: number;
  from?: string;
  to?: string;
}

/**
 * The entries of one business the filters keep. Each filter has its index, all starting with
 * the business: (business, at, id) alone, with the member, the payment, the actor or the kind.
 */
const filterCondition = (businessId: number, f: AuditFilters): SQL =>
  and(
    eq(auditEntries.businessId, businessId),
    given(f.userId, (id) => eq(auditEntries.actorUserId, id)),
    given(f.recordKind, (kind) => eq(auditEntries.recordKind, kind)),
    given(f.memberId, (id) => eq(auditEntries.memberId, id)),
    given(f.paymentId, (id) => eq(auditEntries.paymentId, id)),
    given(f.from, (day) => gte(auditEntries.at, new Date(lagosMidnight(day)))),
    given(f.to, (day) => lt(auditEntries.at, new Date(lagosMidnight(addDays(day, 1))))),
  )!;

/** A page of entries, newest first, with the count of every entry the filters keep. */
export const listAuditEntries = (
  db: Executor,
  businessId: number,
  filters: AuditFilters,
  page: { limit: number; offset: number },
) => {
  const where = filterCondition(businessId, filters);
  return readPage(
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditEntries).where(where),
  );
};

/** One batch of the export: up to `limit` entries after `after`, newest first. */
export const auditExportBatch = (
  db: Executor,
  businessId: number,
  filters: AuditFilters,
  after: ExportCursor | undefined,
  limit: number,
) =>
  db
    .select({ entry: auditEntries, cursor: sql<string>`${auditEntries.at}::text` })
    .from(auditEntries)
    .where(
      and(
        filterCondition(businessId, filters),
        after
          ? sql`(${auditEntries.at}, ${auditEntries.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);
export type AuditExportRow = Awaited<ReturnType<typeof auditExportBatch>>[number];
