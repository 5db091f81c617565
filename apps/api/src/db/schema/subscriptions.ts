import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, day, id, kobo, link } from './columns';
import { memberPlanColumns } from './member-plan';
import { payments } from './payments';

/**
 * What a payment bought: a member's plan from `start_date` to `expiry_date` (the last day
 * included). Renewals of one plan chain: each starts the day after the previous one ends.
 *
 * A group plan covers its members: the payer's subscription (bought by the payment) and one
 * row per other member it covers, written in the same statement, with the same plan and days,
 * `group_subscription_id` naming the payer's subscription, no payment and an amount of 0 (money
 * stays per payment: covering a member adds no revenue). Every read of a member's cover (status,
 * lists, dashboard, reminders, message groups) sees those rows as the member's subscriptions.
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
    /**
     * For a member covered by someone else's group plan: the payer's subscription that covers
     * them (null for a subscription the member's own payment bought, or an imported one).
     */
    groupSubscriptionId: integer('group_subscription_id').references(
      (): AnyPgColumn => subscriptions.id,
    ),
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
    // The members a group subscription covers.
    index('subscriptions_group_idx')
      .on(t.groupSubscriptionId)
      .where(sql`group_subscription_id is not null`),
  ],
);
