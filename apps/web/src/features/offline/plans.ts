import { planSchema, type Plan } from '@kora/shared';
import type { DeskDb, PlansMeta } from './db';
import type { Who } from './who';

/** The most plans kept: a gym sells a handful; a list longer than this is not a plan list. */
const PLANS_MAX = 500;

/**
 * Keeps the business's active plans as the server just answered them (replacing the previous
 * copy), for Record Payment and the day pass after a reload offline. Anything that does not read
 * as a plan is left out, and plans hidden from new subscriptions are not kept.
 */
export const keepPlans = async (
  db: DeskDb,
  who: Who,
  plans: readonly unknown[],
  now: Date = new Date(),
): Promise<void> => {
  const kept: Plan[] = [];
  for (const p of plans.slice(0, PLANS_MAX)) {
    const parsed = planSchema.safeParse(p);
    if (parsed.success && parsed.data.is_active === 1) kept.push(parsed.data);
  }
  const row: PlansMeta = {
    key: 'plans',
    business_id: who.businessId,
    user_id: who.userId,
    plans: kept,
    saved_at: now.toISOString(),
  };
  await db.meta.put(row);
};

/** The active plans this device kept for `who`'s business, or undefined when it has none. */
export const keptPlans = async (db: DeskDb, who: Who): Promise<Plan[] | undefined> => {
  const row = (await db.meta.get('plans')) as PlansMeta | undefined;
  return row && row.business_id === who.businessId && row.user_id === who.userId
    ? row.plans
    : undefined;
};

/** Forgets the plans kept unless they are `who`'s (another person or business signed in). */
export const forgetOthersPlans = async (db: DeskDb, who: Who | null): Promise<void> => {
  const row = (await db.meta.get('plans')) as PlansMeta | undefined;
  if (row && !(who && row.business_id === who.businessId && row.user_id === who.userId))
    await db.meta.delete('plans');
};
