import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, id, kobo, link } from './columns';
import { memberPlanColumns } from './member-plan';
import { users } from './users';

/**
 * A payment a member made for `duration` periods of a plan. Recording it creates the
 * subscription it bought (same transaction). Payments are never changed or deleted.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    ...memberPlanColumns(),
    /** Plan amount × duration, computed by the server. */
    amountKobo: kobo('amount_kobo'),
    /** Plan periods bought. */
    duration: integer('duration').notNull(),
    /** Cash, Card or Transfer. */
    method: varchar('method', { length: 10 }).notNull(),
    purpose: varchar('purpose', { length: 200 }).notNull(),
    /** The client's Idempotency-Key: a retry with the same key answers this payment. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** The team user who recorded it. */
    recordedBy: link('recorded_by', () => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The Lagos day it was recorded on: what "today", "this month" and "year to date" count. */
    paidOn: day('paid_on').notNull(),
  },
  (t) => [
    uniqueIndex('payments_business_idempotency_idx').on(t.businessId, t.idempotencyKey),
    // Scanned backwards for the list, newest first.
    index('payments_business_created_idx').on(t.businessId, t.createdAt, t.id),
    index('payments_business_member_idx').on(t.businessId, t.memberId, t.createdAt, t.id),
    // Plan first: also serves the foreign-key check when a plan without history is deleted.
    index('payments_plan_idx').on(t.subscriptionTypeId, t.createdAt, t.id),
    // Amount included: the summary (count, day/month/year sums) reads the index only.
    index('payments_business_paid_on_idx').on(t.businessId, t.paidOn, t.amountKobo),
  ],
);
