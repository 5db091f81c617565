import { sql } from 'drizzle-orm';
import type { Executor } from './client';

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
