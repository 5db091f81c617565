import { sql, type SQL } from 'drizzle-orm';
import type { MemberRowBrief } from '../../db/briefs';
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
 * - the account is active, a member's (not a walk-in's), and a subscription (their own or a
 *   group's cover) runs today;
 * - and either they have not come for 14 days (no visit since `absentSince`, or never) while
 *   covered 14 days ago as well, so a new member, or one who just came back after a lapse, is
 *   not at risk before two weeks of cover; or their visits over the last 4 full weeks are half
 *   or less of the 4 weeks before, those having at least `minEarlier`.
 * A member frozen on any day since the 4 weeks compared began is not at risk (they stayed away
 * on purpose). Never reads every member: the candidates are the covered members without a visit since
 * `absentSince` (an index range of member_cover by last visit, the cover beside it) and this
 * week's falls (`ensureFalls`); each is then checked against every condition above with today's
 * cover and account (the weekly roll-up's 8 rows read only for the absent), never a visit.
 */
const atRiskSql = (b: number, w: AtRiskWindow, select: SQL) => sql`
  with candidates as (
    select c.member_id as id, null::int as last4, null::int as prev4 from member_cover c
    where c.business_id = ${b} and c.paid_through >= ${w.today}
      and (c.last_visit_at < ${w.absentSince}::timestamptz or c.last_visit_at is null)
    union all
    select f.member_id, f.last4, f.prev4 from at_risk_falls f
    where f.business_id = ${b} and f.week_start = ${w.thisWeek}
  ),
  merged as (
    select id, max(last4) as last4, max(prev4) as prev4 from candidates group by id
  ),
  members_running as (
    select m.id, m.member_id as member_code, m.first_name, m.last_name, m.mobile_number,
      m.picture_url, m.last_visit_at,
      coalesce(c.last4, wk.last4, 0) as last4, coalesce(c.prev4, wk.prev4, 0) as prev4,
      (m.last_visit_at is null or m.last_visit_at < ${w.absentSince}::timestamptz) as absent,
      covered.since is not null as covered_before
    from merged c
    join members m on m.id = c.id and m.business_id = ${b} and m.is_active and not m.is_walk_in
      -- A member frozen during the weeks compared stayed away on purpose: not at risk.
      and not exists (select 1 from freezes fz where fz.business_id = ${b} and fz.member_id = m.id
        and fz.status in ('approved', 'ended') and fz.start_date <= ${w.today}
        and fz.end_date >= ${w.lastWeeksFrom})
    join lateral (
      select 1 from subscriptions s where s.business_id = ${b} and s.member_id = m.id
        and s.is_active and s.start_date <= ${w.today} and s.expiry_date >= ${w.today} limit 1
    ) running on true
    left join lateral (
      select sum(visits) filter (where week_start >= ${w.lastWeeksFrom})::int as last4,
        sum(visits) filter (where week_start < ${w.lastWeeksFrom})::int as prev4
      from member_visit_weeks mw
      where c.last4 is null and mw.member_id = m.id
        and mw.week_start >= ${w.previousWeeksFrom} and mw.week_start < ${w.thisWeek}
    ) wk on true
    left join lateral (
      select s.start_date as since from subscriptions s
      where (m.last_visit_at is null or m.last_visit_at < ${w.absentSince}::timestamptz)
        and s.business_id = ${b} and s.member_id = m.id and s.is_active
        and s.start_date <= ${w.coveredOn} and s.expiry_date >= ${w.coveredOn} limit 1
    ) covered on true
  ),
  risk as (
    select * from members_running c
    where (c.absent and c.covered_before)
      or (c.prev4 >= ${w.minEarlier} and c.last4 * 2 <= c.prev4)
  )
  ${select}`;

/**
 * Works out this week's falls of the business once (see `at_risk_fall_weeks`): the members
 * whose last 4 full weeks hold half or fewer of the visits of the 4 weeks before, those having
 * at least `minEarlier`. One statement: the week is claimed, the older weeks dropped and the
 * falls written together; a second request at the same moment waits for the first one's claim,
 * then finds it and adds up nothing.
 */
const ensureFalls = async (db: Executor, b: number, w: AtRiskWindow) => {
  const known = rowsOf(
    await db.execute(sql`
      select 1 from at_risk_fall_weeks where business_id = ${b} and week_start = ${w.thisWeek}`),
  );
  if (known.length > 0) return;
  await db.execute(sql`
    with claimed as (
      insert into at_risk_fall_weeks (business_id, week_start) values (${b}, ${w.thisWeek})
      on conflict do nothing returning week_start
    ),
    dropped as (
      delete from at_risk_fall_weeks
      where business_id = ${b} and week_start <> ${w.thisWeek} and exists (select 1 from claimed)
    )
    insert into at_risk_falls (business_id, week_start, member_id, last4, prev4)
    select ${b}, ${w.thisWeek}, member_id, last4, prev4 from (
      select member_id,
        coalesce(sum(visits) filter (where week_start >= ${w.lastWeeksFrom}), 0)::int as last4,
        coalesce(sum(visits) filter (where week_start < ${w.lastWeeksFrom}), 0)::int as prev4
      from member_visit_weeks
      where business_id = ${b} and week_start >= ${w.previousWeeksFrom} and week_start < ${w.thisWeek}
      group by member_id
    ) weeks
    where exists (select 1 from claimed) and prev4 >= ${w.minEarlier} and last4 * 2 <= prev4`);
};

/** How many members are at risk. */
export const countAtRisk = async (db: Executor, businessId: number, w: AtRiskWindow) => {
  await ensureFalls(db, businessId, w);
  return asNumber(
    rowsOf<{ n: unknown }>(
      await db.execute(atRiskSql(businessId, w, sql`select count(*) as n from risk`)),
    )[0]?.n,
  );
};

export interface AtRiskRow extends MemberRowBrief {
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
): Promise<AtRiskRow[]> => {
  await ensureFalls(db, businessId, w);
  return rowsOf<Record<string, unknown>>(
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
};
