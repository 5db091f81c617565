import { and, eq, max, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { cashUps } from './schema';

/*
 * A team user's cash drawer, shared by cash-up (which counts it) and the payments' corrections (a
 * Cash refund comes out of it; staff cannot void cash that a cash-up of theirs has counted).
 */

/** When `userId` last cashed up in the business (null before their first cash-up). */
export const lastCashUpAt = async (
  db: Executor,
  businessId: number,
  userId: number,
): Promise<Date | null> =>
  (
    await db
      .select({ at: max(cashUps.createdAt) })
      .from(cashUps)
      .where(and(eq(cashUps.businessId, businessId), eq(cashUps.userId, userId)))
  )[0]?.at ?? null;

/**
 * The last receipt number a cash-up of `userId` counted up to (0 before their first): their
 * Cash payments numbered up to it are in a cash-up.
 */
export const lastCountedReceipt = async (
  db: Executor,
  businessId: number,
  userId: number,
): Promise<number> =>
  (
    await db
      .select({ seq: max(cashUps.receiptSeqThrough) })
      .from(cashUps)
      .where(and(eq(cashUps.businessId, businessId), eq(cashUps.userId, userId)))
  )[0]?.seq ?? 0;

/**
 * A team user's cash drawer, held until the end of the caller's transaction (a PostgreSQL
 * advisory lock on the business and the user). A cash-up holds it alone: two cash-ups of one
 * user are made one after the other, the second counting from the first. A Cash refund shares
 * it: a refund handed out while the drawer is being counted waits for the count and is then
 * stamped after it, so it falls in the next cash-up, never in neither.
 */
export const holdDrawer = async (
  db: Executor,
  businessId: number,
  userId: number,
  how: 'to count' | 'to change',
) => {
  await db.execute(
    how === 'to count'
      ? sql`select pg_advisory_xact_lock(${businessId}::integer, ${userId}::integer)`
      : sql`select pg_advisory_xact_lock_shared(${businessId}::integer, ${userId}::integer)`,
  );
};
