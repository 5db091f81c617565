import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { day, ref } from './columns';
import { members } from './members';

/*
 * Attendance roll-ups, kept by the database: a trigger on visits (function `visits_roll_up`)
 * adds each visit here in the visit's own transaction, so the dashboard's attendance figures
 * read a few hundred rows of these tables, never the visits themselves.
 */

/**
 * Visits per business, Lagos day and Lagos hour (0–23). The 30-day chart, today's count and the
 * busiest hours (weekday × hour over 28 days) read at most 30 × 24 rows of one business.
 */
export const visitHours = pgTable(
  'visit_hours',
  {
    businessId: ref('business_id', () => businesses.id),
    day: day('day').notNull(),
    hour: smallint('hour').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day, t.hour] }),
    check('visit_hours_hour_check', sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * Visits per member and week (weeks start on Monday, Lagos time): the At risk rule compares a
 * member's last 4 full weeks with the 4 before them from at most 8 rows of theirs.
 */
export const memberVisitWeeks = pgTable(
  'member_visit_weeks',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The Monday the week starts on. */
    weekStart: day('week_start').notNull(),
    businessId: ref('business_id', () => businesses.id),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.weekStart] }),
    // A business's weeks, read in one range by the At risk rule. Migration 0024 writes it with
    // INCLUDE (visits) (Drizzle cannot declare INCLUDE), so the rule reads the index alone.
    index('member_visit_weeks_business_week_idx').on(t.businessId, t.weekStart, t.memberId),
  ],
);

/**
 * The weeks for which a business's falls (below) have been worked out. Complete weeks never
 * change, so the At risk rule's comparison of a member's last 4 full weeks with the 4 before
 * them is worked out once per business and week (the first time the dashboard asks), not by
 * adding up 8 weeks of every member on each request. A visit written late into an earlier week
 * removes the later weeks here (trigger `visits_roll_up`), and their falls with them, so they
 * are worked out again.
 */
export const atRiskFallWeeks = pgTable(
  'at_risk_fall_weeks',
  {
    businessId: ref('business_id', () => businesses.id),
    /** The Monday of the week the comparison was made in (the week in progress). */
    weekStart: day('week_start').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.weekStart] })],
);

/**
 * The members whose visits fell as of a week: their last 4 full weeks hold half or fewer of the
 * visits of the 4 weeks before, those having at least the rule's minimum. The At risk rule
 * checks them again with today's cover and account on every read.
 */
export const atRiskFalls = pgTable(
  'at_risk_falls',
  {
    businessId: integer('business_id').notNull(),
    weekStart: day('week_start').notNull(),
    memberId: integer('member_id').notNull(),
    /** Their visits over the last 4 full weeks, and over the 4 weeks before them. */
    last4: integer('last4').notNull(),
    prev4: integer('prev4').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.weekStart, t.memberId] }),
    foreignKey({
      name: 'at_risk_falls_week_fk',
      columns: [t.businessId, t.weekStart],
      foreignColumns: [atRiskFallWeeks.businessId, atRiskFallWeeks.weekStart],
    }).onDelete('cascade'),
  ],
);
