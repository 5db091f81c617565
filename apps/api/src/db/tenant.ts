import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A table of one business's records: each row has an id and the business it belongs to. */
type TenantTable = PgTable & { id: PgColumn; businessId: PgColumn };

/**
 * The condition of every query on one record of a business: row `id`, and only if it is
 * `businessId`'s. Another business's record is then not found, exactly like a missing one.
 */
export const ofBusiness = (table: TenantTable, businessId: number, id: number): SQL =>
  and(eq(table.businessId, businessId), eq(table.id, id))!;

/**
 * Record `id` of `businessId` (all its columns), or undefined; `lock` holds the row for the
 * rest of the transaction.
 */
export const findOfBusiness = async <T extends TenantTable>(
  db: Executor,
  table: T,
  businessId: number,
  id: number,
  lock = false,
): Promise<T['$inferSelect'] | undefined> => {
  const q = db
    .select()
    .from(table as PgTable)
    .where(ofBusiness(table, businessId, id))
    .limit(1);
  return (await (lock ? q.for('update') : q))[0] as T['$inferSelect'] | undefined;
};
