import { addDays, lagosDay } from '@kora/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from './client';

/*
 * The daily roll-up of payments (table `payment_days`): per business, Lagos day, plan and
 * method, the payments' count and kobo, how many bought a member's first subscription, and how
 * many subscriptions bought with that plan and method ended that day.
 *
 * A voided payment and the subscriptions it bought (withdrawn, `is_active` false) count for
 * nothing, as if they had never been recorded. A refund takes its amount off the Lagos day it was
 * made (`refunded_on`), under the payment's plan and the refund's method; the count of payments
 * does not change. Figures are therefore net of refunds.
 *
 * Rule: the roll-up holds the closed days, up to `payment_rollup_state.closed_through`
 * (normally yesterday); every figure reads those days from it and the days after (today) live
 * from `payments`. A payment's transaction never writes a shared row, and the figures stay exact:
 * - the daily close below adds the days that ended, once, under a SHARE lock on payments and
 *   subscriptions, so it waits for the payments being written and they wait for it;
 * - a payment or subscription written afterwards for a closed day (its transaction began before
 *   midnight) is added to that day by the tables' triggers, which read `closed_through` after
 *   that lock is released (migration 0011).
 */

/** Rows of `execute`, the same on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The last closed day. Read once per request and passed on as a value, so PostgreSQL plans each
 * range (roll-up before it, payments after it) with its real size. A value read earlier is
 * never wrong, only slower: the days after it are read live, and the roll-up's rows for them
 * are ignored.
 */
export const readClosedThrough = async (db: Executor): Promise<string> =>
  rowsOf<{ d: string }>(
    await db.execute(
      sql`select to_char(closed_through, 'YYYY-MM-DD') as d from payment_rollup_state where id = 1`,
    ),
  )[0]?.d ?? '0001-01-01';

/** The last closed day read inside a statement (a prepared one cannot be given it as a value). */
export const CLOSED_THROUGH = sql`coalesce((select closed_through from payment_rollup_state where id = 1), '0001-01-01'::date)`;

/**
 * Closes the days before `today` (Lagos) not closed yet: adds their payments and ended
 * subscriptions to the roll-up. Safe to run on several instances at once (the state row is
 * locked; the second finds nothing left to do). Answers the days closed.
 */
export const closePaymentDays = async (db: Db, today: string = lagosDay()): Promise<number> => {
  const through = addDays(today, -1);
  // Every instance asks every second: a plain read answers "nothing to close" without the
  // lock below, which would make every payment being recorded wait for it.
  if ((await readClosedThrough(db)) >= through) return 0;
  return db.transaction(async (tx) => {
    // Waits at most this long for the payments being written; the next run tries again.
    await tx.execute(sql`set local lock_timeout = '5s'`);
    await tx.execute(sql`lock table payments, subscriptions in share mode`);
    const state = rowsOf<{ closed: string }>(
      await tx.execute(
        sql`select to_char(closed_through, 'YYYY-MM-DD') as closed from payment_rollup_state where id = 1 for update`,
      ),
    )[0];
    const from = state?.closed ?? '0001-01-01';
    if (from >= through) return 0;
    // Each business's rows through its own index range (no index reads one day across gyms).
    await tx.execute(sql`
      insert into payment_days (business_id, day, subscription_type_id, method, payments, amount_kobo, first_subscriptions)
      select p.business_id, p.paid_on, p.subscription_type_id, p.method, count(*),
        sum(p.amount_kobo), count(*) filter (where s.is_first)
      from businesses b
      cross join lateral (
        select * from payments p where p.business_id = b.id and p.paid_on > ${from} and p.paid_on <= ${through}
          and p.voided_at is null
      ) p
      left join subscriptions s on s.payment_id = p.id and s.is_active
      group by 1, 2, 3, 4
      on conflict (business_id, day, subscription_type_id, method) do update set
        payments = payment_days.payments + excluded.payments,
        amount_kobo = payment_days.amount_kobo + excluded.amount_kobo,
        first_subscriptions = payment_days.first_subscriptions + excluded.first_subscriptions`);
    await tx.execute(sql`
      insert into payment_days (business_id, day, subscription_type_id, method, ended_subscriptions)
      select s.business_id, s.expiry_date, s.subscription_type_id, p.method, count(*)
      from businesses b
      cross join lateral (
        select * from subscriptions s where s.business_id = b.id and s.expiry_date > ${from} and s.expiry_date <= ${through}
          and s.is_active
      ) s
      join payments p on p.id = s.payment_id
      group by 1, 2, 3, 4
      on conflict (business_id, day, subscription_type_id, method) do update set
        ended_subscriptions = payment_days.ended_subscriptions + excluded.ended_subscriptions`);
    // Refunds take their amount off the day they were made (the payments' count is unchanged).
    await tx.execute(sql`
      insert into payment_days (business_id, day, subscription_type_id, method, amount_kobo)
      select r.business_id, r.refunded_on, r.subscription_type_id, r.method, -sum(r.amount_kobo)
      from businesses b
      cross join lateral (
        select * from refunds r where r.business_id = b.id and r.refunded_on > ${from} and r.refunded_on <= ${through}
      ) r
      group by 1, 2, 3, 4
      on conflict (business_id, day, subscription_type_id, method) do update set
        amount_kobo = payment_days.amount_kobo + excluded.amount_kobo`);
    // Members' last ended day, for "whose subscription ended in the last 90 days".
    await tx.execute(sql`
      update member_cover c set last_ended = e.day
      from (
        select s.member_id, max(s.expiry_date) as day
        from businesses b
        cross join lateral (
          select member_id, expiry_date from subscriptions s
          where s.business_id = b.id and s.expiry_date > ${from} and s.expiry_date <= ${through}
            and s.is_active
        ) s
        group by 1
      ) e
      where c.member_id = e.member_id and (c.last_ended is null or c.last_ended < e.day)`);
    await tx.execute(sql`update payment_rollup_state set closed_through = ${through} where id = 1`);
    return Math.round((Date.parse(through) - Date.parse(from)) / 86_400_000);
  });
};

export interface DayRange {
  from: string;
  to: string;
}

/**
 * One row per day, plan and method with payments in `range` for a business: closed days from
 * the roll-up, later days live from the payments. Each value may be SQL instead (a bound
 * parameter of a prepared statement, the closed day read by the statement itself:
 * CLOSED_THROUGH). `firsts` needs each live payment's subscription
 * (a join); `ended` adds the subscriptions that ended, counted before `endedBefore`.
 */
export const paymentDaysOf = (
  businessId: number | SQL,
  range: DayRange | { from: string | SQL; to: string | SQL },
  closedThrough: string | SQL,
  opts: { firsts?: boolean; endedBefore?: string } = {},
): SQL => {
  const { from, to } = range;
  const endedBefore = opts.endedBefore;
  const live = opts.firsts
    ? sql`select p.paid_on as day, p.subscription_type_id as plan, p.method, 1 as payments,
          p.amount_kobo as kobo, case when s.is_first then 1 else 0 end as firsts, 0 as ended
        from payments p left join subscriptions s on s.payment_id = p.id and s.is_active
        where p.business_id = ${businessId} and p.paid_on between ${from} and ${to}
          and p.paid_on > ${closedThrough} and p.voided_at is null`
    : sql`select p.paid_on as day, p.subscription_type_id as plan, p.method, 1 as payments,
          p.amount_kobo as kobo, 0 as firsts, 0 as ended
        from payments p
        where p.business_id = ${businessId} and p.paid_on between ${from} and ${to}
          and p.paid_on > ${closedThrough} and p.voided_at is null`;
  const ended = endedBefore
    ? sql`union all
        select s.expiry_date, s.subscription_type_id, p.method, 0, 0, 0, 1
        from subscriptions s join payments p on p.id = s.payment_id
        where s.business_id = ${businessId} and s.expiry_date between ${from} and ${to}
          and s.expiry_date < ${endedBefore} and s.expiry_date > ${closedThrough} and s.is_active`
    : sql``;
  return sql`(
    select r.day, r.subscription_type_id as plan, r.method, r.payments, r.amount_kobo as kobo,
      r.first_subscriptions as firsts,
      ${endedBefore ? sql`case when r.day < ${endedBefore} then r.ended_subscriptions else 0 end` : sql`0`} as ended
    from payment_days r
    where r.business_id = ${businessId} and r.day between ${from} and ${to}
      and r.day <= ${closedThrough}
    union all
    ${live}
    union all
    select r.refunded_on, r.subscription_type_id, r.method, 0, -r.amount_kobo, 0, 0
    from refunds r
    where r.business_id = ${businessId} and r.refunded_on between ${from} and ${to}
      and r.refunded_on > ${closedThrough}
    ${ended}
  )`;
};

/**
 * How many payments (not voided) a business has in `range`, optionally of one plan and method,
 * as SQL: the closed days' counts from the roll-up, the later days' payments counted live. The
 * count alone of paymentDaysOf (refunds change no count), without its other columns.
 */
export const paymentCountOf = (
  businessId: SQL,
  range: { from: SQL; to: SQL },
  closedThrough: SQL,
  kept: { planId?: SQL; method?: SQL } = {},
): SQL => {
  const { from, to } = range;
  const plan = (column: SQL) => (kept.planId ? sql` and ${column} = ${kept.planId}` : sql``);
  const method = (column: SQL) => (kept.method ? sql` and ${column} = ${kept.method}` : sql``);
  return sql`((select coalesce(sum(r.payments), 0) from payment_days r
      where r.business_id = ${businessId} and r.day between ${from} and ${to}
        and r.day <= ${closedThrough}${plan(sql`r.subscription_type_id`)}${method(sql`r.method`)})
    + (select count(*) from payments x
      where x.business_id = ${businessId} and x.paid_on between ${from} and ${to}
        and x.paid_on > ${closedThrough} and x.voided_at is null${plan(sql`x.subscription_type_id`)}${method(sql`x.method`)}))`;
};

/**
 * Payments of a business over all time (a floor and ceiling no payment day falls outside),
 * written into a statement's text: as parameters, PostgreSQL's generic plan cannot see that they
 * keep every day, so it planned each call anew instead of keeping one plan.
 */
export const ALL_DAYS_SQL = {
  from: sql.raw(`'0001-01-01'::date`),
  to: sql.raw(`'9999-12-31'::date`),
};

export const asNumber = (v: unknown): number => (v == null ? 0 : Number(v));
