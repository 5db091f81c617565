import { and, eq, max } from 'drizzle-orm';
import type { Executor } from './client';
import { cashUps } from './schema';

/**
 * When `userId` last cashed up in the business (null before their first cash-up). Shared by
 * cash-up (the drawer counts from it) and the payments' corrections (staff cannot void cash that
 * a cash-up of theirs has counted).
 */
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
