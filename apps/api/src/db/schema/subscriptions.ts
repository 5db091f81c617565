import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, id, kobo, link } from './columns';
import { memberPlanColumns } from './member-plan';
import { payments } from './payments';

/**
 * What a payment bought: a member's plan from `start_date` to `expiry_date` (the last day
 * included). Renewals of one plan chain: each starts the day after the previous one ends.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    ...memberPlanColumns(),
    /** The payment that bought it; null for a subscription imported with the member. */
    paymentId: link('payment_id', () => payments.id),
    startDate: day('start_date').notNull(),
    /** The last day included. */
    expiryDate: day('expiry_date').notNull(),
    /** Plan periods bought. */
    duration: integer('duration').notNull(),
    /** The plan's unit and period length when bought (plans can be edited later). */
    durationType: varchar('duration_type', { length: 5 }).notNull(),
    planDuration: integer('plan_duration').notNull(),
    amountKobo: kobo('amount_kobo'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The member's first subscription ever (a new member, not a renewal). Set by the database
     * when the row is written (trigger `subscriptions_before_insert`).
     */
    isFirst: boolean('is_first').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A member's subscriptions (current plan and status, renewal chains).
    index('subscriptions_member_plan_expiry_idx').on(
      t.businessId,
      t.memberId,
      t.subscriptionTypeId,
      t.expiryDate,
    ),
    // By last day: `subscriptions_business_expiry_cover_idx` (business_id, expiry_date) INCLUDE
    // (start_date, member_id, is_active), written in migration 0011 (Drizzle cannot declare
    // INCLUDE): running and ended subscriptions are counted from the index alone.
    index('subscriptions_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // Plan first: also serves the foreign-key check when a plan without history is deleted.
    index('subscriptions_plan_idx').on(t.subscriptionTypeId, t.createdAt, t.id),
    uniqueIndex('subscriptions_payment_idx').on(t.paymentId),
  ],
);
