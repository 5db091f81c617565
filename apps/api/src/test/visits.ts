import { eq, sql } from 'drizzle-orm';
import { visits } from '../db/schema';
import { call, type TestApp } from './app';

/** One visit to record: the member, when (an ISO instant) and how the desk found them. */
export interface VisitSpec {
  businessId: number;
  memberId: number;
  at: string;
  foundBy?: 'phone' | 'member_id' | 'card' | 'name' | 'kiosk';
  recordedByUserId?: number | null;
  overrideReason?: string | null;
}

/**
 * Writes visits straight into the table (as a check-in or the kiosk would), in one statement: the
 * database's trigger on visits then keeps last_visit_at and the attendance roll-ups, as it does
 * for every real check-in. Answers the rows written.
 */
export const addVisits = (t: TestApp, specs: VisitSpec[]) =>
  t.db
    .insert(visits)
    .values(
      specs.map((v) => ({
        businessId: v.businessId,
        memberId: v.memberId,
        visitedAt: new Date(v.at),
        foundBy: v.foundBy ?? 'phone',
        recordedByUserId: v.recordedByUserId ?? null,
        verdictStatus: v.overrideReason ? 'expired' : 'active',
        overrideReason: v.overrideReason ?? null,
      })),
    )
    .returning();

/**
 * Visits of the members in `people` (by first name, as addMembersNamed answers them), each
 * `[name, instant]`; `businessOf` names the business of each one's visit.
 */
export const visitsByName = (
  people: Record<string, { id: number }>,
  businessOf: (name: string) => number,
  visits: [name: string, at: string][],
): VisitSpec[] =>
  visits.map(([name, at]) => ({ businessId: businessOf(name), memberId: people[name]!.id, at }));

/** `count` visits of one member, one a day at `time` (Lagos, HH:mm) from `from` (YYYY-MM-DD). */
export const dailyVisits = (
  businessId: number,
  memberId: number,
  days: string[],
  time = '07:30',
): VisitSpec[] => days.map((day) => ({ businessId, memberId, at: `${day}T${time}:00+01:00` }));

/** POST /v1/check-in with `token`, with an Idempotency-Key when given. */
export const postCheckIn = (
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  key?: string,
) =>
  call(t.app, 'POST', '/v1/check-in', {
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** A member's visits as stored, in the order they were recorded. */
export const visitsOf = (t: TestApp, memberId: number) =>
  t.db.select().from(visits).where(eq(visits.memberId, memberId)).orderBy(visits.id);

/**
 * The attendance roll-ups against a recount of the visits, as the migration backfills them: the
 * rows of visit_hours and member_visit_weeks that differ from it, the members whose last_visit_at
 * is not their latest visit, the covers whose last visit is not their member's, and the visits
 * counted in visit_hours and in the table. All zero (and the two counts equal) when the trigger
 * on visits kept them.
 */
export const rollUpRecount = async (t: TestApp) => {
  const result = await t.db.execute(sql`
    select (select count(*) from (
      select business_id, (visited_at at time zone 'Africa/Lagos')::date as day,
        extract(hour from visited_at at time zone 'Africa/Lagos')::int as hour, count(*) as n
      from visits group by 1, 2, 3
      except select business_id, day, hour, visits from visit_hours) d) as hours_off,
    (select count(*) from (
      select member_id, date_trunc('week', visited_at at time zone 'Africa/Lagos')::date, count(*)
      from visits group by 1, 2
      except select member_id, week_start, visits from member_visit_weeks) d) as weeks_off,
    (select count(*) from members m where m.last_visit_at is distinct from
      (select max(visited_at) from visits v where v.member_id = m.id)) as members_off,
    (select count(*) from member_cover c join members m on m.id = c.member_id
      where c.last_visit_at is distinct from m.last_visit_at) as cover_last_off,
    (select coalesce(sum(visits), 0) from visit_hours) as rolled_up,
    (select count(*) from visits) as visits`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    hoursOff: Number(row.hours_off),
    weeksOff: Number(row.weeks_off),
    membersOff: Number(row.members_off),
    coverLastOff: Number(row.cover_last_off),
    rolledUp: Number(row.rolled_up),
    visits: Number(row.visits),
  };
};
