import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, day, id, kobo, moment, ref } from './columns';
import { users } from './users';

/**
 * A cash-up: a team user's count of their cash drawer at the end of a shift, with what Kora
 * expected them to hold (their Cash payments not voided, less their Cash refunds, since their
 * previous cash-up). Never changed or deleted.
 */
export const cashUps = pgTable(
  'cash_ups',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    /** Whose drawer. */
    userId: ref('user_id', () => users.id),
    expectedKobo: kobo('expected_kobo'),
    countedKobo: kobo('counted_kobo'),
    /** counted − expected. */
    differenceKobo: bigint('difference_kobo', { mode: 'number' }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    /** The previous cash-up's created_at; null for the user's first. */
    since: moment('since'),
    /**
     * The last receipt number of the business when it was counted: the drawer holds the user's
     * Cash payments numbered after their previous cash-up's and up to this one. Receipt numbers
     * are given in the order payments are committed, so a payment still being written while the
     * drawer is counted falls in the next cash-up, never in neither.
     */
    receiptSeqThrough: integer('receipt_seq_through').notNull(),
    createdAt: createdAt(),
    lagosDay: day('lagos_day').notNull(),
    /** Who entered it: the user themself. */
    recordedBy: ref('recorded_by', () => users.id),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
  },
  (t) => [
    uniqueIndex('cash_ups_business_idempotency_idx').on(t.businessId, t.idempotencyKey),
    index('cash_ups_business_user_created_idx').on(
      t.businessId,
      t.userId,
      t.createdAt.desc().nullsFirst(),
    ),
    index('cash_ups_business_day_idx').on(t.businessId, t.lagosDay),
    check('cash_ups_counted_check', sql`${t.countedKobo} >= 0`),
    check(
      'cash_ups_difference_check',
      sql`${t.differenceKobo} = ${t.countedKobo} - ${t.expectedKobo}`,
    ),
  ],
);
