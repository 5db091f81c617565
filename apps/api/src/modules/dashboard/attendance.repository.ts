import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { asNumber, rowsOf } from '../../db/payment-days';

/** Visits per Lagos day and hour of a business from `from` to `to` (both included). */
export const visitHours = async (
  db: Executor,
  businessId: number,
  from: string,
  to: string,
): Promise<{ day: string; hour: number; visits: number }[]> =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, hour, visits from visit_hours
      where business_id = ${businessId} and day between ${from} and ${to}`),
  ).map((r) => ({ day: String(r.day), hour: asNumber(r.hour), visits: asNumber(r.visits) }));

/** The days and moments the At risk rule looks at (see atRiskMembers). */
export interface AtRiskWindow {
  today: string;
  /** The start (ISO) of the Lagos day 13 days ago: no visit since is 14 days without one. */
  absentSince: string;
  /** 14 days ago: a member must have been covered on it to count as absent. */
  coveredOn: string;
  /** The Monday of the 4 full weeks compared, and of the 4 weeks before them. */
  lastWeeksFrom: string;
  previousWeeksFrom: string;
  /** The Monday of this week: the week in progress is not compared. */
  thisWeek: string;
  /** The fewest visits over the earlier 4 weeks for a fall to count. */
  minEarlier: number;
}

/**
 * The business's active members at risk, with what the rule read of each:
 * - the account is active and a subscription (their own or a group's cover) runs today;
 * - and either they have not come for 14 days (no visit since `absentSince`, or never) while
 *   covered 14 days ago as well, so a new member, or one who just came back after a lapse, is
 *   not at risk before two weeks of cover; or their visits over the last 4 full weeks are half
 *   or less of the 4 weeks before, those having at least `minEarlier`.
 * Reads the subscriptions running today (index), those members' rows, and at most 8 weekly
 * roll-up rows per member who came in those 8 weeks; never a visit.
 */
const atRiskSql = (b: number, w: AtRiskWindow, select: SQL) => sql`
  with weeks as (
    select member_id,
      sum(visits) filter (where week_start >= ${w.lastWeeksFrom})::int as last4,
      sum(visits) filter (where week_start < ${w.lastWeeksFrom})::int as prev4
    from member_visit_weeks
    where business_id = ${b} and week_start >= ${w.previousWeeksFrom} and week_start < ${w.thisWeek}
    group by member_id
  ),
  running as (
    select distinct member_id from subscriptions
    where business_id = ${b} and is_active and expiry_date >= ${w.today} and start_date <= ${w.today}
  ),
  members_running as (
    select m.id, m.member_id as member_code, m.first_name, m.last_name, m.mobile_number,
      m.picture_url, m.last_visit_at, coalesce(wk.last4, 0) as last4, coalesce(wk.prev4, 0) as prev4,
      (m.last_visit_at is null or m.last_visit_at < ${w.absentSince}::timestamptz) as absent
    from running r
    join members m on m.id = r.member_id and m.business_id = ${b} and m.is_active
    left join weeks wk on wk.member_id = m.id
  ),
  risk as (
    select * from members_running c
    where (c.absent and exists (select 1 from subscriptions s where s.business_id = ${b}
        and s.member_id = c.id and s.is_active
        and s.start_date <= ${w.coveredOn} and s.expiry_date >= ${w.coveredOn}))
      or (c.prev4 >= ${w.minEarlier} and c.last4 * 2 <= c.prev4)
  )
  ${select}`;

/** How many members are at risk. */
export const countAtRisk = async (db: Executor, businessId: number, w: AtRiskWindow) =>
  asNumber(
    rowsOf<{ n: unknown }>(
      await db.execute(atRiskSql(businessId, w, sql`select count(*) as n from risk`)),
    )[0]?.n,
  );

export interface AtRiskRow {
  id: number;
  memberCode: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  pictureUrl: string | null;
  lastVisitAt: Date | null;
  last4: number;
  prev4: number;
  absent: boolean;
  /** How many members are at risk in all (the same statement counts them). */
  total: number;
}

/**
 * A page of the members at risk, the most at risk first: those who never came, then the
 * longest without a visit, then the largest fall (the smallest share of their earlier visits,
 * then the most earlier visits); member id last so pages never overlap. Each row carries the
 * count of them all, so a page is one pass over the rule.
 */
export const atRiskPage = async (
  db: Executor,
  businessId: number,
  w: AtRiskWindow,
  limit: number,
  offset: number,
): Promise<AtRiskRow[]> =>
  rowsOf<Record<string, unknown>>(
    await db.execute(
      atRiskSql(
        businessId,
        w,
        sql`select *, count(*) over () as total from risk
          order by absent desc,
            (case when absent then coalesce(last_visit_at, '-infinity') end) asc,
            last4::float / nullif(prev4, 0) asc, prev4 desc, id
          limit ${limit} offset ${offset}`,
      ),
    ),
  ).map((r) => ({
    id: asNumber(r.id),
    memberCode: String(r.member_code),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    mobileNumber: String(r.mobile_number),
    pictureUrl: (r.picture_url ?? null) as string | null,
    lastVisitAt: r.last_visit_at == null ? null : new Date(r.last_visit_at as string | Date),
    last4: asNumber(r.last4),
    prev4: asNumber(r.prev4),
    absent: Boolean(r.absent),
    total: asNumber(r.total),
  }));
