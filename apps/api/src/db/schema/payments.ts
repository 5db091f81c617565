import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, day, id, kobo, link, moment, nowByDefault, ref } from './columns';
import { memberPlanColumns } from './member-plan';
import { users } from './users';

/**
 * A payment a member made for `duration` periods of a plan. Recording it creates the
 * subscription it bought (same transaction). Payments are never deleted: a payment recorded by
 * mistake is voided (it stays, marked, and leaves every total); money given back is a refund.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    ...memberPlanColumns(),
    /** Plan amount × duration, computed by the server. */
    amountKobo: kobo('amount_kobo'),
    /** Plan periods bought: 0 for a freeze fee, which buys no period. */
    duration: integer('duration').notNull(),
    /**
     * What it paid for: 'plan' (periods of the plan, with the subscription they bought) or
     * 'freeze_fee' (the plan's fee for freezing the member's running subscription: no
     * subscription, no period; the plan is the frozen subscription's).
     */
    kind: varchar('kind', { length: 10 }).notNull().default('plan'),
    /** Cash, Card or Transfer. */
    method: varchar('method', { length: 10 }).notNull(),
    purpose: varchar('purpose', { length: 200 }).notNull(),
    /** The client's Idempotency-Key: a retry with the same key answers this payment. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** The team user who recorded it. */
    recordedBy: link('recorded_by', () => users.id, { onDelete: 'set null' }),
    /** When it reached the server: receipt numbers follow this order. */
    createdAt: createdAt(),
    /**
     * When the desk took it: the time an offline desk sends (`recorded_at`), else when it
     * arrived (equal to created_at). paid_on is its Lagos day.
     */
    recordedAt: nowByDefault('recorded_at'),
    /** The Lagos day it was recorded on: what "today", "this month" and "year to date" count. */
    paidOn: day('paid_on').notNull(),
    /** Its place in the business's receipts: 1, 2, 3… without gaps, in order of recording. */
    receiptSeq: integer('receipt_seq').notNull(),
    /** `{BUSINESS CODE}-{6 digits}`: IRON-000123. */
    receiptNumber: varchar('receipt_number', { length: 20 }).notNull(),
    /** The receipt's public link `/r/{token}`: 32 URL-safe random characters. */
    receiptToken: varchar('receipt_token', { length: 32 }).notNull().unique(),
    /** Voided: recorded by mistake. It stays, and leaves every total. */
    voidedAt: moment('voided_at'),
    voidedBy: link('voided_by', () => users.id, { onDelete: 'set null' }),
    voidReason: varchar('void_reason', { length: 200 }),
    /** The sum of its refunds, kept in each refund's transaction. */
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    /** When it was confirmed: at recording, except a desk transfer (null until ticked). */
    confirmedAt: moment('confirmed_at'),
    confirmedBy: link('confirmed_by', () => users.id, { onDelete: 'set null' }),
    /** Kobo taken off the price (plan amount × duration) by a discount; amount_kobo is what was paid. */
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    /** A percent discount as given, in hundredths of a percent (1250 = 12.5 %); null: naira or none. */
    discountBp: integer('discount_bp'),
    /** Why the discount was given; null when there was none. */
    discountReason: varchar('discount_reason', { length: 200 }),
    /**
     * Where paid_on comes from: 'recorded' (the day it reached the server), 'offline' (the day an
     * offline desk took it, `recorded_at`), 'entered' (an earlier day an owner or admin entered).
     */
    paidOnSource: varchar('paid_on_source', { length: 8 }).notNull().default('recorded'),
  },
  (t) => [
    uniqueIndex('payments_business_receipt_seq_idx').on(t.businessId, t.receiptSeq),
    uniqueIndex('payments_business_idempotency_idx').on(t.businessId, t.idempotencyKey),
    // Scanned backwards for the list, newest first.
    index('payments_business_created_idx').on(t.businessId, t.createdAt, t.id),
    index('payments_business_member_idx').on(t.businessId, t.memberId, t.createdAt, t.id),
    // Plan first: also serves the foreign-key check when a plan without history is deleted.
    index('payments_plan_idx').on(t.subscriptionTypeId, t.createdAt, t.id),
    // Amount included: the summary (count, day/month/year sums) reads the index only.
    index('payments_business_paid_on_idx').on(t.businessId, t.paidOn, t.amountKobo),
    // The few payments out of the ordinary, each kind counted and listed by day without reading
    // every payment: the voided, the refunded, and the desk transfers waiting to be confirmed.
    index('payments_business_voided_idx')
      .on(t.businessId, t.paidOn)
      .where(sql`${t.voidedAt} is not null`),
    index('payments_business_refunded_idx')
      .on(t.businessId, t.paidOn)
      .where(sql`${t.refundedKobo} > 0 and ${t.voidedAt} is null`),
    index('payments_business_unconfirmed_idx')
      .on(t.businessId, t.paidOn, t.amountKobo)
      .where(sql`${t.confirmedAt} is null and ${t.voidedAt} is null`),
    check('payments_kind_check', sql`${t.kind} in ('plan', 'freeze_fee')`),
    check('payments_discount_check', sql`${t.discountKobo} >= 0 and ${t.amountKobo} >= 0`),
    check(
      'payments_paid_on_source_check',
      sql`${t.paidOnSource} in ('recorded', 'offline', 'entered')`,
    ),
  ],
);

/**
 * The last receipt number handed out per business. `record_payment` locks the business's row
 * just before inserting the payment, so numbers follow the order of recording, and a payment
 * that rolls back gives its number back: no gaps.
 */
export const receiptCounters = pgTable('receipt_counters', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id),
  lastSeq: integer('last_seq').notNull(),
});

/**
 * Money given back on a payment. The payment's `refunded_kobo` is kept equal to the sum of its
 * refunds. A refund counts on the Lagos day it was made (`refunded_on`). Never changed or deleted.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    paymentId: ref('payment_id', () => payments.id),
    memberId: integer('member_id').notNull(),
    /** The payment's plan, for the roll-ups. */
    subscriptionTypeId: integer('subscription_type_id').notNull(),
    amountKobo: kobo('amount_kobo'),
    /** Cash, Card or Transfer. */
    method: varchar('method', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** keep, end or shorten: what the refund did to the subscription. */
    subscriptionAction: varchar('subscription_action', { length: 8 }).notNull(),
    newExpiryDate: day('new_expiry_date'),
    refundedOn: day('refunded_on').notNull(),
    recordedBy: link('recorded_by', () => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
  },
  (t) => [
    uniqueIndex('refunds_business_idempotency_idx').on(t.businessId, t.idempotencyKey),
    index('refunds_business_payment_idx').on(t.businessId, t.paymentId),
    index('refunds_business_day_idx').on(t.businessId, t.refundedOn),
    index('refunds_business_recorder_idx').on(t.businessId, t.recordedBy, t.createdAt),
    check('refunds_amount_check', sql`${t.amountKobo} > 0`),
    check(
      'refunds_subscription_action_check',
      sql`${t.subscriptionAction} in ('keep', 'end', 'shorten')`,
    ),
  ],
);
