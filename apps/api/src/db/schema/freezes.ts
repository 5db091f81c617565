import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, day, id, link, moment, ref } from './columns';
import { members } from './members';
import { payments } from './payments';
import { subscriptions } from './subscriptions';
import { users } from './users';

/**
 * A member's membership paused from `start_date` to `end_date` (the last frozen day, included).
 * Approving it moves the end of the member's running subscription, and the start and end of
 * every renewal already paid after it, by `days`; ending it early moves them back by the days
 * not used. A request (asked by the member) moves nothing until it is approved.
 */
export const freezes = pgTable(
  'freezes',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id),
    /** The member's own subscription running on the first day (the one frozen). */
    subscriptionId: link('subscription_id', () => subscriptions.id),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    /** end − start + 1; fewer once ended early. */
    days: integer('days').notNull(),
    reason: text('reason'),
    /** requested, approved, declined, ended (early) or cancelled (ended on its first day). */
    status: varchar('status', { length: 10 }).notNull(),
    /** staff or member. */
    requestedBy: varchar('requested_by', { length: 6 }).notNull(),
    createdByUserId: link('created_by_user_id', () => users.id),
    decidedByUserId: link('decided_by_user_id', () => users.id),
    decidedAt: moment('decided_at'),
    endedAt: moment('ended_at'),
    /** The payment of the freeze fee, when the plan charges one. */
    feePaymentId: link('fee_payment_id', () => payments.id),
    /** Why it was declined. */
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('freezes_member_idx').on(t.businessId, t.memberId, t.startDate),
    index('freezes_requested_idx')
      .on(t.businessId, t.status)
      .where(sql`status = 'requested'`),
  ],
);
