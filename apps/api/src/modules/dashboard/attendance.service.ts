import {
  AT_RISK_ABSENT_DAYS,
  AT_RISK_MIN_EARLIER_VISITS,
  AT_RISK_WEEKS,
  ATTENDANCE_DAYS,
  BUSIEST_HOURS_DAYS,
  addDays,
  isoWeekday,
  lagosDay,
  lagosMidnight,
  pageMeta,
  weekStart,
  type AtRiskMember,
  type AtRiskQuery,
  type Attendance,
  type PageMeta,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { pageWindow } from '../../lib/paging';
import * as repo from './attendance.repository';

/** The windows of the At risk rule on `today` (a Lagos day). */
const atRiskWindow = (today: string): repo.AtRiskWindow => {
  const thisWeek = weekStart(today);
  const lastWeeksFrom = addDays(thisWeek, -7 * AT_RISK_WEEKS);
  return {
    today,
    absentSince: lagosMidnight(addDays(today, 1 - AT_RISK_ABSENT_DAYS)),
    coveredOn: addDays(today, -AT_RISK_ABSENT_DAYS),
    lastWeeksFrom,
    previousWeeksFrom: addDays(lastWeeksFrom, -7 * AT_RISK_WEEKS),
    thisWeek,
    minEarlier: AT_RISK_MIN_EARLIER_VISITS,
  };
};

/** Whole Lagos days from one day to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The attendance figures of the dashboard, counted to `today` (Lagos): visits today, per day
 * over the last 30 days (zero days included), per weekday and hour over the last 28, and how
 * many members are at risk. The day-hour roll-up gives the first three from one read of at most
 * 30 × 24 rows.
 */
export const attendanceOf = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
): Promise<Attendance> => {
  const from = addDays(today, 1 - ATTENDANCE_DAYS);
  const busyFrom = addDays(today, 1 - BUSIEST_HOURS_DAYS);
  const [hours, atRisk] = await Promise.all([
    repo.visitHours(ctx.db, businessId, from, today),
    repo.countAtRisk(ctx.db, businessId, atRiskWindow(today)),
  ]);
  const perDay = new Map<string, number>();
  const grid = new Map<string, number>();
  for (const h of hours) {
    perDay.set(h.day, (perDay.get(h.day) ?? 0) + h.visits);
    if (h.day < busyFrom) continue;
    const cell = `${isoWeekday(h.day)}:${h.hour}`;
    grid.set(cell, (grid.get(cell) ?? 0) + h.visits);
  }
  return {
    visits_today: perDay.get(today) ?? 0,
    per_day: Array.from({ length: ATTENDANCE_DAYS }, (_, i) => {
      const day = addDays(from, i);
      return { day, visits: perDay.get(day) ?? 0 };
    }),
    busiest_hours: Array.from({ length: 7 * 24 }, (_, i) => {
      const weekday = Math.floor(i / 24) + 1;
      const hour = i % 24;
      return { weekday, hour, visits: grid.get(`${weekday}:${hour}`) ?? 0 };
    }),
    at_risk_count: atRisk,
  };
};

/** Why a member is at risk, in words. */
const whyOf = (row: repo.AtRiskRow, today: string): Pick<AtRiskMember, 'reason' | 'why'> => {
  if (row.absent && !row.lastVisitAt) return { reason: 'never_visited', why: 'Never visited' };
  if (row.absent)
    return {
      reason: 'no_visit',
      why: `No visit in ${daysBetween(lagosDay(row.lastVisitAt!), today)} days`,
    };
  return { reason: 'visits_fell', why: `Visits fell from ${row.prev4} to ${row.last4}` };
};

/** A page of the active members at risk, the most at risk first (see the repository's rule). */
export const atRiskOf = async (
  ctx: AppContext,
  businessId: number,
  query: AtRiskQuery,
  today: string = lagosDay(),
): Promise<{ data: AtRiskMember[]; meta: PageMeta }> => {
  const window = atRiskWindow(today);
  const { limit, offset } = pageWindow(query);
  const rows = await repo.atRiskPage(ctx.db, businessId, window, limit, offset);
  // A page past the last one has no row to carry the count.
  const total = rows[0]?.total ?? (await repo.countAtRisk(ctx.db, businessId, window));
  return {
    data: rows.map((r) => ({
      member: {
        id: r.id,
        member_id: r.memberCode,
        first_name: r.firstName,
        last_name: r.lastName,
        mobile_number: r.mobileNumber,
        picture_url: r.pictureUrl,
      },
      last_visit_at: r.lastVisitAt?.toISOString() ?? null,
      visits_last_4_weeks: r.last4,
      visits_previous_4_weeks: r.prev4,
      ...whyOf(r, today),
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
};
