import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { businesses } from './schema';

/** A table of one business's records: each row has an id and the business it belongs to. */
type TenantTable = PgTable & { id: PgColumn; businessId: PgColumn };

/** A tenant table whose rows record when they last changed. */
type StampedTable = TenantTable & { updatedAt: PgColumn };

/**
 * The condition of a query on the records of `businessId`: only that business's rows, and of
 * them those meeting every one of `conditions`.
 */
export const inBusiness = (
  table: { businessId: PgColumn },
  businessId: number,
  ...conditions: (SQL | undefined)[]
): SQL => and(eq(table.businessId, businessId), ...conditions)!;

/**
 * The condition of every query on one record of a business: row `id`, and only if it is
 * `businessId`'s. Another business's record is then not found, exactly like a missing one.
 */
export const ofBusiness = (table: TenantTable, businessId: number, id: number): SQL =>
  inBusiness(table, businessId, eq(table.id, id));

/** The first row of `table` meeting `where` (all its columns), or undefined; `lock` holds it. */
const firstRow = async <T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL,
  lock = false,
): Promise<T['$inferSelect'] | undefined> => {
  const q = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (await (lock ? q.for('update') : q))[0] as T['$inferSelect'] | undefined;
};

/**
 * Record `id` of `businessId` (all its columns), or undefined; `lock` holds the row for the
 * rest of the transaction.
 */
export const findOfBusiness = <T extends TenantTable>(
  db: Executor,
  table: T,
  businessId: number,
  id: number,
  lock = false,
): Promise<T['$inferSelect'] | undefined> =>
  firstRow(db, table, ofBusiness(table, businessId, id), lock);

/** The record of `businessId` created with this Idempotency-Key (all its columns), or undefined. */
export const findByKeyOfBusiness = <T extends TenantTable & { idempotencyKey: PgColumn }>(
  db: Executor,
  table: T,
  businessId: number,
  key: string,
): Promise<T['$inferSelect'] | undefined> =>
  firstRow(db, table, inBusiness(table, businessId, eq(table.idempotencyKey, key)));

/** A query on the records of `businessId` (and what else it takes), answering `R`. */
export type BusinessQuery<R, A extends unknown[] = []> = (
  db: Executor,
  businessId: number,
  ...rest: A
) => Promise<R>;

/** A query on record `id` of `businessId` (and what else it takes), answering `R`. */
export type RecordQuery<R, A extends unknown[] = []> = BusinessQuery<R, [id: number, ...A]>;

/**
 * Changes record `id` of `businessId`, stamping its `updatedAt`; answers the changed row, none
 * when the record is not that business's.
 */
export const updateOfBusiness = async <T extends StampedTable>(
  db: Executor,
  table: T,
  businessId: number,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'][]> =>
  (await db
    .update(table as PgTable)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(ofBusiness(table, businessId, id))
    .returning()) as T['$inferSelect'][];

/**
 * The `columns` of business `businessId`'s own row (its settings, name, brand), or undefined
 * when there is no such business; `lock` holds the row for the rest of the transaction.
 */
export const businessRow = async <C extends Record<string, PgColumn>>(
  db: Executor,
  businessId: number,
  columns: C,
  lock = false,
) => {
  const q = db.select(columns).from(businesses).where(eq(businesses.id, businessId)).$dynamic();
  return (await (lock ? q.for('update') : q).limit(1))[0];
};
