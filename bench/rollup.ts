/**
 * The payment roll-ups (`subscriptions.is_first`, `member_cover`, `payment_days`,
 * `payment_rollup_state`) for data the generators load in bulk with the roll-up triggers off:
 * filled set-based by the backfill statements of the migrations (read from
 * apps/api/src/db/migrations, so always the ones the migration that introduced them runs), and
 * compared with a recount of the raw payments and subscriptions, which is what the triggers
 * keep them equal to.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Runs one SQL statement; answers its rows. */
export type Query = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * The migrations' backfill statements, in the migrations' order: `is_first` of existing
 * subscriptions, the members' covers, the roll-up of every day before today and the roll-up
 * state.
 */
export const backfillStatements = (): string[] => {
  const dir = join(ROOT, 'apps/api/src/db/migrations');
  const statements = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('--> statement-breakpoint'))
    .map((st) => st.replace(/^(\s*--[^\n]*\n)+/, '').trim())
    .filter((st) =>
      /^(UPDATE "subscriptions" SET "is_first"|INSERT INTO "(member_cover|payment_days|payment_rollup_state)")/.test(
        st,
      ),
    );
  const has = (re: RegExp) => statements.some((st) => re.test(st));
  if (
    !has(/^UPDATE "subscriptions" SET "is_first"/) ||
    !has(/^INSERT INTO "member_cover"/) ||
    !has(/^INSERT INTO "payment_days"/) ||
    !has(/^INSERT INTO "payment_rollup_state"/)
  )
    throw new Error(`the migrations' backfill statements were not found in ${dir}`);
  return statements;
};

/** Turns the roll-up triggers of payments and subscriptions off (`false`) or on again. */
export const setRollupTriggers = async (q: Query, on: boolean) => {
  await q(`alter table payments ${on ? 'enable' : 'disable'} trigger user`);
  await q(`alter table subscriptions ${on ? 'enable' : 'disable'} trigger user`);
};

/** Fills the roll-ups again from every payment and subscription, as the migration did. */
export const refillRollup = async (q: Query) => {
  await q(`truncate payment_days, member_cover`);
  // The migration inserts the state row; a migrated database has it already, so it is written
  // again by the migration's own statement.
  await q(`delete from payment_rollup_state`);
  for (const statement of backfillStatements()) await q(statement);
};

/**
 * Where the roll-up differs from a recount of the raw rows: per business, day, plan and method
 * (payments, kobo, first subscriptions, ended subscriptions) up to the last closed day, then the
 * totals. Answers the counts compared and a list of differences (empty: equal).
 */
export const rollupDifferences = async (q: Query) => {
  const closed = `(select closed_through from payment_rollup_state where id = 1)`;
  const [diff] = await q<{ keys: number; rollup_rows: number; bad: number }>(
    `with raw as (
      select business_id, day, plan, method, sum(payments)::bigint as payments, sum(kobo)::bigint as kobo,
        sum(firsts)::bigint as firsts, sum(ended)::bigint as ended
      from (
        select p.business_id, p.paid_on as day, p.subscription_type_id as plan, p.method,
          1 as payments, p.amount_kobo as kobo, case when s.is_first then 1 else 0 end as firsts, 0 as ended
        from payments p left join subscriptions s on s.payment_id = p.id
        where p.paid_on <= ${closed}
        union all
        select s.business_id, s.expiry_date, s.subscription_type_id, p.method, 0, 0, 0, 1
        from subscriptions s join payments p on p.id = s.payment_id
        where s.expiry_date <= ${closed}
      ) x group by 1, 2, 3, 4
    ), r as (
      select business_id, day, subscription_type_id as plan, method, payments::bigint,
        amount_kobo::bigint as kobo, first_subscriptions::bigint as firsts, ended_subscriptions::bigint as ended
      from payment_days
    )
    select count(*)::int as keys, count(r.day)::int as rollup_rows,
      count(*) filter (where r.day is null or raw.day is null or r.day > ${closed}
        or (r.payments, r.kobo, r.firsts, r.ended) is distinct from (raw.payments, raw.kobo, raw.firsts, raw.ended))::int as bad
    from raw full join r using (business_id, day, plan, method)`,
  );
  const differences: string[] = [];
  if (diff!.bad !== 0)
    differences.push(
      `payment_days differs from the raw payments/subscriptions in ${diff!.bad} of ${diff!.keys} (day, plan, method) keys`,
    );
  const [tot] = await q<{ n: string; kobo: string; rn: string; rkobo: string }>(
    `select (select count(*) from payments where paid_on <= ${closed})::text as n,
            (select sum(amount_kobo) from payments where paid_on <= ${closed})::text as kobo,
            (select sum(payments) from payment_days)::text as rn,
            (select sum(amount_kobo) from payment_days)::text as rkobo`,
  );
  if (tot!.n !== tot!.rn || tot!.kobo !== tot!.rkobo)
    differences.push(
      `totals: raw ${tot!.n} payments / ${tot!.kobo} kobo, roll-up ${tot!.rn} / ${tot!.rkobo}`,
    );
  return { keys: diff!.keys, rollupRows: diff!.rollup_rows, mismatches: diff!.bad, differences };
};
