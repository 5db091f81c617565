import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, day, id, kobo, link, moment, ref } from './columns';
import { members } from './members';
import { users } from './users';

/**
 * The daily roll-up of payments: per business, Lagos day, plan and method, how many payments and
 * how much money, how many of them bought a member's first subscription, and how many
 * subscriptions bought with that plan and method ended (had their last day) that day.
 *
 * It holds closed days only: every day up to `payment_rollup_state.closed_through`. Figures read
 * closed days here and later days (today) live from `payments`, so no payment transaction ever
 * writes a shared counter row. The daily close (`dashboard.rollup.ts`) adds each day once it is
 * over; a payment or subscription written for a day already closed (a transaction that began
 * before midnight and ended after the close) is added here by a trigger in its own transaction,
 * so the roll-up stays exact.
 */
export const paymentDays = pgTable(
  'payment_days',
  {
    businessId: ref('business_id', () => businesses.id),
    day: day('day').notNull(),
    /** The plan (no foreign key: a plan with payments is never deleted, and the check would
     * read this whole table whenever a plan without history is). */
    subscriptionTypeId: integer('subscription_type_id').notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    payments: integer('payments').notNull().default(0),
    amountKobo: kobo('amount_kobo').default(0),
    firstSubscriptions: integer('first_subscriptions').notNull().default(0),
    endedSubscriptions: integer('ended_subscriptions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.subscriptionTypeId, t.method] })],
);

/** One row: the last Lagos day whose payments are all in `payment_days`. */
export const paymentRollupState = pgTable(
  'payment_rollup_state',
  {
    id: integer('id').primaryKey().default(1),
    closedThrough: date('closed_through', { mode: 'string' }).notNull(),
  },
  (t) => [check('payment_rollup_state_one_row', sql`${t.id} = 1`)],
);

/**
 * What happened to a business's team, for the dashboard's recent activity: an invitation sent,
 * accepted or revoked, a role changed, a person removed. Names are kept as they were then.
 */
export const teamEvents = pgTable(
  'team_events',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    /** invited, joined, role_changed, removed or invitation_revoked. */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The person it is about, by name then (they may leave the business or be deleted). */
    name: varchar('name', { length: 201 }).notNull(),
    /** Their role after the change (the role they were invited with, their new role). */
    role: varchar('role', { length: 10 }),
    userId: link('user_id', () => users.id, { onDelete: 'set null' }),
    /** Who made the change, by name then; null when it was the person themselves. */
    byName: varchar('by_name', { length: 201 }),
    createdAt: createdAt(),
  },
  (t) => [index('team_events_business_created_idx').on(t.businessId, t.createdAt, t.id)],
);

/**
 * Per member, the last day covered by any of their subscriptions. Kept by the database (a
 * trigger on subscriptions, inside the payment's transaction, where the member row is already
 * locked): a member whose cover ended and who has not paid since is found by this date alone
 * (churn, retention, the expiring list) without reading their subscriptions. A narrow table of
 * its own, so a payment never rewrites the member's row and its search index.
 */
export const memberCover = pgTable(
  'member_cover',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    businessId: ref('business_id', () => businesses.id),
    paidThrough: day('paid_through').notNull(),
    /**
     * The last closed day (see `payment_rollup_state`) on which one of the member's
     * subscriptions ended; null when none has. Moved by the daily close and by the triggers:
     * "members whose subscription ended in the last 90 days" is a range of this index.
     */
    lastEnded: day('last_ended'),
    /**
     * The member's last visit (the same as `members.last_visit_at`, kept by the visits' trigger):
     * the At risk rule finds the covered members who stopped coming by this index range alone,
     * never reading the members who lapsed long ago.
     */
    lastVisitAt: moment('last_visit_at'),
  },
  (t) => [
    // Member id last: the expiring list reads it in order, soonest first, and stops.
    index('member_cover_business_paid_through_idx').on(t.businessId, t.paidThrough, t.memberId),
    index('member_cover_business_last_ended_idx').on(t.businessId, t.lastEnded),
    // Written by the migration `at_risk_falls` with INCLUDE (paid_through) (Drizzle cannot
    // declare INCLUDE), so the At risk rule reads the index alone.
    index('member_cover_business_last_visit_idx').on(t.businessId, t.lastVisitAt),
  ],
);
