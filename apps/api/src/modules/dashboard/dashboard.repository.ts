import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { asNumber, paymentDaysOf, rowsOf, type DayRange } from '../../db/payment-days';

/*
 * The dashboard's reads, each one statement over indexes that stay small for the business:
 * money from the daily roll-up (closed days) and today's payments, members by their creation
 * index, subscriptions by their last day, churn from each member's cover (`member_cover`).
 */

export interface MoneyRow {
  month: string;
  planId: number;
  planName: string;
  method: string;
  payments: number;
  kobo: number;
  firsts: number;
  ended: number;
  /** Kobo of the row's days falling in the comparison range (same days of last month). */
  compareKobo: number;
}

/** Per month, plan and method over `range`: payments, kobo, first subscriptions, ended ones. */
export const moneyByMonth = async (
  db: Executor,
  businessId: number,
  range: DayRange,
  today: string,
  compare: DayRange,
  closed: string,
): Promise<MoneyRow[]> => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select d.month, d.plan, coalesce(p.name, '') as name, d.method, d.payments, d.kobo,
        d.firsts, d.ended, d.compare
      from (
        -- The month as 202611 (date arithmetic, no time zone conversion per row).
        select extract(year from day)::int * 100 + extract(month from day)::int as month, plan, method,
          sum(payments)::bigint as payments, sum(kobo)::bigint as kobo,
          sum(firsts)::bigint as firsts, sum(ended)::bigint as ended,
          coalesce(sum(kobo) filter (where day between ${compare.from} and ${compare.to}), 0)::bigint as compare
        from ${paymentDaysOf(businessId, range, closed, { firsts: true, endedBefore: today })} r
        group by 1, 2, 3
      ) d
      left join plans p on p.id = d.plan`),
  );
  return rows.map((r) => ({
    month: `${String(r.month).slice(0, 4)}-${String(r.month).slice(4)}`,
    planId: asNumber(r.plan),
    planName: String(r.name),
    method: String(r.method),
    payments: asNumber(r.payments),
    kobo: asNumber(r.kobo),
    firsts: asNumber(r.firsts),
    ended: asNumber(r.ended),
    compareKobo: asNumber(r.compare),
  }));
};

export interface Scalars {
  /** Every person of the business, walk-ins included (less the two below: the members). */
  members: number;
  inactiveMembers: number;
  /** Walk-ins whose account is active (deactivated ones are in inactiveMembers). */
  activeWalkIns: number;
  activeSubscriptions: number;
  endedMembers: number;
  churnedMembers: number;
  expiringTotal: number;
  /** Members an approved freeze covers today. */
  frozenMembers: number;
  hasPlan: boolean;
  hasMember: boolean;
  hasPayment: boolean;
  hasTeam: boolean;
  hasMessage: boolean;
}

/** The business's deactivated members (few: a partial index holds them), as a subquery. */
const inactiveMembers = (businessId: number) =>
  sql`(select id from members where business_id = ${businessId} and not is_active)`;

/**
 * The business's walk-ins (a day pass added them; not members until they join: a partial index
 * holds them), as a subquery: left out of every member figure.
 */
const walkIns = (businessId: number) =>
  sql`(select id from members where business_id = ${businessId} and is_walk_in)`;

/** The people no member figure counts: deactivated accounts and walk-ins (both partial indexes). */
const notCounted = (businessId: number) =>
  sql`(${inactiveMembers(businessId)} union all ${walkIns(businessId)})`;

/** The cards' counts and the checklist, in one statement. */
export const scalars = async (
  db: Executor,
  businessId: number,
  days: { today: string; retentionFrom: string; yesterday: string; expiringTo: string },
  closed: string,
): Promise<Scalars> => {
  const b = businessId;
  const r = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select
        (select count(*) from members where business_id = ${b}) as members,
        (select count(*) from members where business_id = ${b} and not is_active) as inactive,
        (select count(*) from members where business_id = ${b} and is_walk_in and is_active)
          as walk_ins,
        (select count(*) from subscriptions where business_id = ${b} and is_active
          and expiry_date >= ${days.today} and start_date <= ${days.today}
          and member_id not in ${walkIns(b)}) as running,
        (select count(*) from member_cover where business_id = ${b}
          and last_ended between ${days.retentionFrom} and ${days.yesterday}
          and member_id not in ${walkIns(b)})
        + (select count(distinct s.member_id) from subscriptions s
          where s.business_id = ${b} and s.expiry_date > ${closed} and s.is_active
            and s.expiry_date between ${days.retentionFrom} and ${days.yesterday}
            and s.member_id not in ${walkIns(b)}
            and not exists (select 1 from member_cover c where c.member_id = s.member_id
              and c.last_ended between ${days.retentionFrom} and ${days.yesterday})) as ended,
        (select count(*) from member_cover where business_id = ${b}
          and paid_through between ${days.retentionFrom} and ${days.yesterday}
          and member_id not in ${walkIns(b)}) as churned,
        (select count(*) from member_cover c
          where c.business_id = ${b} and c.paid_through between ${days.today} and ${days.expiringTo}
            and c.member_id not in ${notCounted(b)}) as expiring,
        (select count(distinct member_id) from freezes where business_id = ${b}
          and status in ('approved', 'ended') and start_date <= ${days.today}
          and end_date >= ${days.today}) as frozen,
        exists (select 1 from plans where business_id = ${b}) as has_plan,
        exists (select 1 from members where business_id = ${b} and not is_walk_in) as has_member,
        exists (select 1 from payments where business_id = ${b}) as has_payment,
        exists (select 1 from users where business_id = ${b} and role <> 'owner') as has_team,
        exists (select 1 from comms_messages where business_id = ${b}) as has_message`),
  )[0]!;
  return {
    members: asNumber(r.members),
    inactiveMembers: asNumber(r.inactive),
    activeWalkIns: asNumber(r.walk_ins),
    activeSubscriptions: asNumber(r.running),
    endedMembers: asNumber(r.ended),
    churnedMembers: asNumber(r.churned),
    expiringTotal: asNumber(r.expiring),
    frozenMembers: asNumber(r.frozen),
    hasPlan: Boolean(r.has_plan),
    hasMember: Boolean(r.has_member),
    hasPayment: Boolean(r.has_payment),
    hasTeam: Boolean(r.has_team),
    hasMessage: Boolean(r.has_message),
  };
};

/**
 * Per month of `range`: members created (Lagos months; a walk-in who joined, the month they
 * joined), and members whose cover ended that month (before today) without a payment since.
 * Walk-ins who have not joined are in neither.
 */
export const membersByMonth = async (
  db: Executor,
  businessId: number,
  range: DayRange,
  yesterday: string,
): Promise<{ month: string; joined: number; churned: number }[]> => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select to_char(month, 'YYYY-MM') as month, sum(joined)::bigint as joined,
        sum(churned)::bigint as churned
      from (
        -- Grouped by the Lagos month first; only the groups are formatted.
        select date_trunc('month', created_at at time zone 'Africa/Lagos') as month, count(*) as joined, 0 as churned
        from members
        where business_id = ${businessId} and not is_walk_in
          and created_at >= (${range.from}::date)::timestamp at time zone 'Africa/Lagos'
          and created_at < (${range.to}::date + 1)::timestamp at time zone 'Africa/Lagos'
        group by 1
        union all
        select date_trunc('month', paid_through::timestamp), 0, count(*)
        from member_cover
        where business_id = ${businessId} and paid_through between ${range.from} and ${yesterday}
          and member_id not in ${walkIns(businessId)}
        group by 1
      ) m group by 1`),
  );
  return rows.map((r) => ({
    month: String(r.month),
    joined: asNumber(r.joined),
    churned: asNumber(r.churned),
  }));
};

/**
 * Desk transfers not yet ticked against the bank statement (nor voided) and paid on or before
 * `before`: how many and their kobo (a partial index holds only the unconfirmed payments).
 */
export const unconfirmedTransfers = async (
  db: Executor,
  businessId: number,
  before: string,
): Promise<{ count: number; kobo: number }> => {
  const r = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) as n, coalesce(sum(amount_kobo), 0)::bigint as kobo from payments
      where business_id = ${businessId} and confirmed_at is null and voided_at is null
        and paid_on <= ${before}`),
  )[0];
  return { count: asNumber(r?.n), kobo: asNumber(r?.kobo) };
};

export interface ExpiringRow {
  subscriptionId: number;
  memberId: number;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
  memberCode: string;
  planId: number;
  planName: string;
  expiryDate: string;
}

/**
 * Active members whose cover ends between `today` and `to` (no renewal paid beyond it), soonest
 * first, with the subscription that ends it. Walk-ins are not members: never listed.
 */
export const expiring = async (
  db: Executor,
  businessId: number,
  today: string,
  to: string,
  limit: number,
): Promise<ExpiringRow[]> => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id as subscription_id, m.id as member_id, m.first_name, m.last_name, m.picture_url,
        m.member_id as member_code, p.id as plan_id, p.name as plan_name,
        to_char(c.paid_through, 'YYYY-MM-DD') as expiry_date
      from (
        select member_id, business_id, paid_through from member_cover c
        where c.business_id = ${businessId} and c.paid_through between ${today} and ${to}
          and c.member_id not in ${notCounted(businessId)}
        order by c.paid_through, c.member_id
        limit ${limit}
      ) c
      join members m on m.id = c.member_id
      cross join lateral (
        select s.id, s.subscription_type_id from subscriptions s
        where s.business_id = c.business_id and s.member_id = c.member_id
          and s.expiry_date = c.paid_through and s.is_active
        order by s.id desc limit 1
      ) s
      join plans p on p.id = s.subscription_type_id
      order by c.paid_through, c.member_id
      limit ${limit}`),
  );
  return rows.map((r) => ({
    subscriptionId: asNumber(r.subscription_id),
    memberId: asNumber(r.member_id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    pictureUrl: (r.picture_url as string | null) ?? null,
    memberCode: String(r.member_code),
    planId: asNumber(r.plan_id),
    planName: String(r.plan_name),
    expiryDate: String(r.expiry_date),
  }));
};

export interface ActivityRow {
  kind: 'payment' | 'member' | 'message' | 'team';
  at: Date;
  id: number;
  data: Record<string, unknown>;
}

/**
 * The latest payments, new members (a walk-in once they joined), messages and team changes,
 * newest first.
 */
export const recentActivity = async (
  db: Executor,
  businessId: number,
  limit: number,
): Promise<ActivityRow[]> => {
  const b = businessId;
  const rows = rowsOf<{ kind: ActivityRow['kind']; at: unknown; id: unknown; data: unknown }>(
    await db.execute(sql`
      select * from (
        (select 'payment' as kind, p.created_at as at, p.id,
          json_build_object('member_id', m.id, 'first_name', m.first_name, 'last_name', m.last_name,
            'kobo', p.amount_kobo, 'plan_name', t.name, 'method', p.method) as data
          from payments p
          join members m on m.id = p.member_id
          join plans t on t.id = p.subscription_type_id
          where p.business_id = ${b} and p.voided_at is null
          order by p.created_at desc, p.id desc limit ${limit})
        union all
        (select 'member', m.created_at, m.id,
          json_build_object('member_id', m.id, 'first_name', m.first_name, 'last_name', m.last_name)
          from members m where m.business_id = ${b} and not m.is_walk_in
          order by m.created_at desc, m.id desc limit ${limit})
        union all
        (select 'message', c.created_at, c.id,
          json_build_object('channel', c.channel, 'group', c."group", 'status', c.status,
            'recipients', c.recipients)
          from comms_messages c where c.business_id = ${b}
          order by c.created_at desc, c.id desc limit ${limit})
        union all
        (select 'team', e.created_at, e.id,
          json_build_object('event', e.kind, 'name', e.name, 'role', e.role, 'by', e.by_name)
          from team_events e where e.business_id = ${b}
          order by e.created_at desc, e.id desc limit ${limit})
      ) a order by at desc, id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    at: r.at instanceof Date ? r.at : new Date(String(r.at)),
    id: asNumber(r.id),
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
  }));
};
