import { bigint, boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { id, kobo, ref, timestamps } from './columns';

/**
 * A subscription plan a business sells. Amounts are integer kobo. The API keeps the older name
 * where clients see it: the path `/v1/subscription-type` and the field `subscription_type_id`,
 * which is also the column's name in every table that points at a plan.
 */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    name: varchar('name', { length: 100 }).notNull(),
    amountKobo: kobo('amount_kobo'),
    duration: integer('duration').notNull(),
    /** day, week, month or year. */
    durationType: varchar('duration_type', { length: 5 }).notNull(),
    isGrouped: boolean('is_grouped').notNull().default(false),
    /** Members one subscription covers; 1 for individual plans. */
    groupLimit: integer('group_limit').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    /** Members may buy it on their own page. */
    availableOnline: boolean('available_online').notNull().default(false),
    /**
     * Freeze rules: whether members of this plan may be frozen, for how many days a freeze (min
     * and max), and how many frozen days and freezes in the 365 days before a freeze starts.
     * Null limits are no limit. The fee is kobo; null is free.
     */
    freezeAllowed: boolean('freeze_allowed').notNull().default(false),
    freezeMinDays: integer('freeze_min_days'),
    freezeMaxDays: integer('freeze_max_days'),
    freezeMaxDaysPerYear: integer('freeze_max_days_per_year'),
    freezeMaxPerYear: integer('freeze_max_per_year'),
    freezeFeeKobo: bigint('freeze_fee_kobo', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [index('plans_business_idx').on(t.businessId, t.createdAt)],
);
