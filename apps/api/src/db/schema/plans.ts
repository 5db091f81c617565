import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { id, kobo, ref, timestamps } from './columns';

/**
 * A subscription plan a business sells. Amounts are integer kobo. Called "plan" everywhere in
 * code; its SQL table keeps the name `subscription_types`, as the API path `/v1/subscription-type`
 * keeps the name the web client has always used.
 */
export const plans = pgTable(
  'subscription_types',
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
    ...timestamps(),
  },
  (t) => [index('subscription_types_business_idx').on(t.businessId, t.createdAt)],
);
