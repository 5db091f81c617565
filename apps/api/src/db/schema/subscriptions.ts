import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { members } from './members';
import { payments } from './payments';
import { plans } from './plans';

/**
 * What a payment bought: a member's plan from `start_date` to `expiry_date` (the last day
 * included). Renewals of one plan chain: each starts the day after the previous one ends.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    subscriptionTypeId: integer('subscription_type_id')
      .notNull()
      .references(() => plans.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day included. */
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    /** Plan periods bought. */
    duration: integer('duration').notNull(),
    /** The plan's unit and period length when bought (plans can be edited later). */
    durationType: varchar('duration_type', { length: 5 }).notNull(),
    planDuration: integer('plan_duration').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // A member's subscriptions (current plan and status, renewal chains).
    index('subscriptions_member_plan_expiry_idx').on(
      t.businessId,
      t.memberId,
      t.subscriptionTypeId,
      t.expiryDate,
    ),
    index('subscriptions_business_expiry_idx').on(t.businessId, t.expiryDate),
    index('subscriptions_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // Plan first: also serves the foreign-key check when a plan without history is deleted.
    index('subscriptions_plan_idx').on(t.subscriptionTypeId, t.createdAt, t.id),
    uniqueIndex('subscriptions_payment_idx').on(t.paymentId),
  ],
);
