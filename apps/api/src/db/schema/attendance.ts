import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
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
