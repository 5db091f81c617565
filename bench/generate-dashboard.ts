/**
 * Data for the dashboard benchmark (suite `dashboard`): ONE business with N payments (default
 * 1,000,000) over the three years before today (Lagos), written with set-based SQL on PostgreSQL.
 *
 * Members join over the three years, more of them lately (a growing gym; 12 % in its first 60
 * days on Kora). Each buys one plan and renews it until they leave (or today): a chain where each
 * subscription starts the day after the previous one ends, as the API writes renewals (month
 * plans start on days 1–28, so no month end clamps; renewals are often paid up to 3 days ahead). Daily passes are bought every 2–7 days
 * (each one starts and ends on the day paid). Some members never pay (prospects), some are
 * deactivated. Payments: Cash, Card or Transfer; `created_at` between 06:00 and 21:00 Lagos on
 * `paid_on` (today's before now). Plus a few team users and their team events, and a weekly
 * bulk message (comms_messages).
 *
 * The rows are loaded with the roll-up triggers disabled (ALTER TABLE … DISABLE TRIGGER USER;
 * foreign keys still checked), then `subscriptions.is_first`, `member_cover`, `payment_days` and
 * `payment_rollup_state` are filled by the backfill statements of the migrations (read from
 * apps/api/src/db/migrations, so always the ones migration 0011 runs), and the triggers enabled
 * again. Then checked, and any difference aborts the run:
 * the roll-up against the raw payments and subscriptions (per day, plan and method: payments,
 * kobo, first subscriptions, ended subscriptions), the covers, the renewal chains, the Lagos day
 * of each payment, and that the triggers are on again (a payment written for yesterday inside a
 * transaction, rolled back, must move yesterday's roll-up). Then VACUUM ANALYZE.
 *
 * Usage (tsx): BENCH_DATABASE_URL=postgres://… tsx bench/generate-dashboard.ts [--payments 1000000]
 *   --check-only: writes nothing; checks a database generated before (the payment count aside).
 * Progress goes to stderr; the last line of stdout is JSON: the owner (for a token), the counts
 * and each step's seconds.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { refillRollup, rollupDifferences, setRollupTriggers } from './rollup';

const { values } = parseArgs({
  options: {
    payments: { type: 'string', default: '1000000' },
    'check-only': { type: 'boolean', default: false },
  },
});
const TARGET = Number(values.payments);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (PostgreSQL only)');

/** Days of history: the three years before today. */
const SPAN = 1095;
/** Plans: name, kobo, duration, unit, and the share of members who buy it. */
const PLANS = [
  { name: 'Daily Pass', kobo: 200_000, duration: 1, unit: 'day', share: 0.18 },
  { name: 'Weekly', kobo: 1_000_000, duration: 1, unit: 'week', share: 0.3 },
  { name: 'Monthly', kobo: 2_500_000, duration: 1, unit: 'month', share: 0.32 },
  { name: 'Quarterly', kobo: 6_500_000, duration: 3, unit: 'month', share: 0.12 },
  { name: 'Bi-Annual', kobo: 12_000_000, duration: 6, unit: 'month', share: 0.04 },
  { name: 'Annual', kobo: 22_000_000, duration: 1, unit: 'year', share: 0.04 },
] as const;
/** Members brought in when the gym started with Kora: they join in its first 60 days. */
const FOUNDERS = 0.12;
/** Members who never pay (prospects), and members deactivated. */
const PROSPECTS = 0.03;
const INACTIVE = 0.02;
/** Members who stay until today; the others stay an exponential time of this mean. */
const LIFERS = 0.35;
const MEAN_STAY_DAYS = 420;
/** Candidate members drawn: those needed to reach TARGET payments become members. */
const CANDIDATES = Math.ceil(TARGET / 20);

const FIRST = `array['Ada','Chidi','Ngozi','Emeka','Bola','Tunde','Ife','Kemi','Uche','Segun','Amaka','Yusuf','Fatima','Ibrahim','Zainab','Obinna','Funke','Dayo','Halima','Musa']`;
const LAST = `array['Okafor','Adeyemi','Eze','Bello','Okonkwo','Balogun','Nwosu','Abubakar','Ogunleye','Ibe','Lawal','Danjuma','Afolabi','Chukwu','Oyelaran','Mohammed','Onyeka','Akande','Usman','Obi']`;
const STATES = `array['Lagos','Abuja','Rivers','Oyo','Kano','Enugu','Kaduna','Ogun','Delta','Edo']`;

const started = Date.now();
const steps: Record<string, number> = {};
const log = (m: string) => process.stderr.write(`   [generate-dashboard] ${m}\n`);

// The schema, by the API's own migrations (as the server would).
{
  const database = await openDatabase({ url, poolMax: 1 });
  try {
    await database.migrate();
  } catch (err) {
    if (values['check-only'])
      throw new Error(
        `the kept database does not take this working tree's migrations (migration 0011 changed since it was generated?): generate a new one\n${(err as Error).message}`,
      );
    throw err;
  } finally {
    await database.close();
  }
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await client.query(text, params)).rows as T[];
const step = async (name: string, fn: () => Promise<unknown>) => {
  const t0 = Date.now();
  await fn();
  steps[name] = (Date.now() - t0) / 1000;
  log(`${name}: ${steps[name]} s`);
};

const fail = (message: string): never => {
  throw new Error(`DASHBOARD DATA CHECK FAILED: ${message}`);
};

/** Writes the business and its history; answers the business id. */
async function generateData(today: string): Promise<number> {
  const d0 = `('${today}'::date - ${SPAN})`;
  const T = `'${today}'::date`;
  const [{ n: existing }] = await q<{ n: number }>('select count(*)::int as n from payments');
  if (existing > 0) fail(`the database already holds ${existing} payments; it must be fresh`);
  await q(`set work_mem = '256MB'`);
  await q(`set maintenance_work_mem = '512MB'`);
  await q(`set synchronous_commit = off`);
  await q(`set jit = off`);
  // A deterministic draw in [0, 1) per (key, salt): the same data on every run of the same day.
  await q(`create function pg_temp.u(k bigint, salt int) returns float8 language sql immutable
    as $$ select (hashint8(k * 64 + salt)::bigint + 2147483648) / 4294967296.0 $$`);

  // The business, its owner, team and plans.
  const passwordHash = await hashPassword('bench-password-1');
  const stamp = Date.now().toString(36);
  const [biz] = await q<{ id: number }>(
    `insert into businesses (name, code, address, city, state, business_email, created_at)
     values ('Bench Dashboard Gym', 'BD' || upper(substr($1, length($1) - 3)), '12 Admiralty Way, Lekki',
       'Lekki', 'Lagos', 'hello@bench.kora', (${d0} - 30)::timestamp at time zone 'Africa/Lagos')
     returning id`,
    [stamp],
  );
  const businessId = biz!.id;
  const email = `owner.dashboard.${stamp}@bench.kora`;
  const team = [
    { first: 'Bench', last: 'Owner', role: 'owner', days: 30 + SPAN },
    { first: 'Adaeze', last: 'Nnamdi', role: 'admin', days: 1000 },
    { first: 'Kunle', last: 'Ajayi', role: 'staff', days: 900 },
    { first: 'Hauwa', last: 'Sani', role: 'staff', days: 400 },
    { first: 'Efe', last: 'Omoregie', role: 'staff', days: 45 },
  ];
  const userIds: number[] = [];
  for (const [i, m] of team.entries()) {
    const [u] = await q<{ id: number }>(
      `insert into users (email, password_hash, first_name, last_name, email_verified, role, business_id, created_at)
       values ($1, $2, $3, $4, true, $5, $6, (${T} - $7::int)::timestamp at time zone 'Africa/Lagos' + interval '10 hours')
       returning id`,
      [
        i === 0 ? email : `team${i}.dashboard.${stamp}@bench.kora`,
        passwordHash,
        m.first,
        m.last,
        m.role,
        businessId,
        m.days,
      ],
    );
    userIds.push(u!.id);
    if (i > 0) {
      await q(
        `insert into team_events (business_id, kind, name, role, user_id, by_name, created_at)
         values ($1, 'invited', $2, $3, $4, 'Bench Owner', (${T} - $5::int)::timestamp at time zone 'Africa/Lagos' + interval '9 hours'),
                ($1, 'joined', $2, $3, $4, null, (${T} - $5::int)::timestamp at time zone 'Africa/Lagos' + interval '10 hours')`,
        [businessId, `${m.first} ${m.last}`, m.role, u!.id, m.days],
      );
    }
  }
  await q(
    `insert into team_events (business_id, kind, name, role, user_id, by_name, created_at)
     values ($1, 'role_changed', 'Kunle Ajayi', 'admin', $2, 'Bench Owner', now() - interval '3 days')`,
    [businessId, userIds[2]],
  );
  let cumulative = 0;
  const planRows = [];
  for (const p of PLANS) {
    const [row] = await q<{ id: number }>(
      `insert into plans (business_id, name, amount_kobo, duration, duration_type, created_at)
       values ($1, $2, $3, $4, $5, (${d0} - 30)::timestamp at time zone 'Africa/Lagos') returning id`,
      [businessId, p.name, p.kobo, p.duration, p.unit],
    );
    planRows.push({ ...p, id: row!.id, lo: cumulative, hi: cumulative + p.share });
    cumulative += p.share;
  }
  await q(
    `create temp table plan (id int, kobo bigint, duration int, unit text, months int, lo float8, hi float8)`,
  );
  for (const p of planRows) {
    await q(`insert into plan values ($1, $2, $3, $4, $5, $6, $7)`, [
      p.id,
      p.kobo,
      p.duration,
      p.unit,
      p.unit === 'month' ? p.duration : p.unit === 'year' ? 12 * p.duration : 0,
      p.lo,
      p.hi,
    ]);
  }

  // Candidate members: join day (more lately), plan, how long they stay, visit gap, how early
  // they renew, the time of day they joined.
  await step('candidates and their payments (temp tables)', async () => {
    await q(`create temp table cand as
      with base as (
        select c,
          ${d0} + case when pg_temp.u(c, 1) < ${FOUNDERS} then floor(60 * pg_temp.u(c, 13))::int
                       else floor(${SPAN} * power((pg_temp.u(c, 1) - ${FOUNDERS}) / (1 - ${FOUNDERS}), 0.75))::int end as joined,
          pg_temp.u(c, 2) as u_plan, pg_temp.u(c, 3) as u_lifer, pg_temp.u(c, 4) as u_stay,
          pg_temp.u(c, 5) as u_gap, pg_temp.u(c, 6) as u_adv,
          interval '6 hours' + pg_temp.u(c, 7) * interval '14 hours' as tod,
          pg_temp.u(c, 10) as u_inactive
        from generate_series(1, ${CANDIDATES}) c
      ), planned as (
        select b.*, p.id as plan_id, p.kobo, p.duration, p.unit, p.months,
          b.u_plan < ${PROSPECTS} as prospect,
          -- month and year plans start on days 1-28 (no month end clamps along the chain)
          case when p.months > 0 and extract(day from b.joined) > 28
            then (date_trunc('month', b.joined) + interval '1 month')::date else b.joined end as j
        from base b
        cross join lateral (
          select greatest(0, (b.u_plan - ${PROSPECTS}) / (1 - ${PROSPECTS})) as u
        ) x
        join plan p on x.u >= p.lo and (x.u < p.hi or (p.hi >= 0.999999 and x.u >= p.hi))
      )
      select c, joined, j, tod, plan_id, kobo, duration, unit, months, prospect,
        u_inactive < ${INACTIVE} as inactive,
        case when u_lifer < ${LIFERS} then ${T}
             else least(${T}, j + ceil(-${MEAN_STAY_DAYS} * ln(1 - u_stay))::int) end as end_day,
        2 + floor(u_gap * 6)::int as gap,
        (array[0,0,0,0,1,1,2,3])[1 + floor(u_adv * 8)::int] as adv
      from planned`);
    const [{ dup }] = await q<{ dup: number }>(
      `select (count(*) - count(distinct c))::int as dup from cand`,
    );
    if (dup !== 0) fail(`plan shares overlap (${dup} candidates with two plans)`);
    // Every payment a candidate would make: subscription n of the chain.
    await q(`create temp table cpay as
      select c.c, n, c.plan_id, c.kobo, c.duration, c.unit, s.start_date, s.expiry_date,
        case when n = 0 or c.unit = 'day' then s.start_date else s.start_date - c.adv end as paid_on
      from cand c
      cross join lateral generate_series(0,
        case c.unit when 'day' then (${T} - c.j) / c.gap
                    when 'week' then (${T} - c.j + 3) / 7
                    else (${T} - c.j) / (28 * c.months) + 1 end) n
      cross join lateral (
        select case c.unit when 'day' then c.j + n * c.gap
                           when 'week' then c.j + 7 * n
                           else (c.j + make_interval(months => n * c.months))::date end as start_date,
               case c.unit when 'day' then c.j + n * c.gap
                           when 'week' then c.j + 7 * n + 6
                           else (c.j + make_interval(months => (n + 1) * c.months))::date - 1 end as expiry_date
      ) s
      where not c.prospect
        and (case when n = 0 or c.unit = 'day' then s.start_date else s.start_date - c.adv end) <= c.end_day`);
    await q(`analyze cand`);
    await q(`analyze cpay`);
    // The members: candidates in order until TARGET payments (the last one's chain cut short).
    await q(`create temp table chosen as
      with k as (
        select c.c, count(p.c) as k from cand c left join cpay p on p.c = c.c group by c.c
      ), cum as (
        select c, k, sum(k) over (order by c) - k as before from k
      )
      select c, least(k, ${TARGET} - before) as keep from cum where before < ${TARGET}`);
    const [{ total }] = await q<{ total: string }>(`select sum(keep)::bigint as total from chosen`);
    if (Number(total) !== TARGET)
      fail(`${CANDIDATES} candidates give only ${total} payments, not ${TARGET}`);
  });

  // Members in the order they joined: ids and member numbers follow created_at.
  await step('members', async () => {
    await q(`create temp table mem as
      select c.c, row_number() over (order by c.joined, c.tod, c.c)::int as num, c.joined, c.tod,
        c.inactive, case when c.prospect then null else c.plan_id end as plan_id,
        case when (c.joined + c.tod) at time zone 'Africa/Lagos' < now()
          then (c.joined + c.tod) at time zone 'Africa/Lagos'
          -- joined today, later than now: between midnight and now
          else (${T}::timestamp at time zone 'Africa/Lagos')
            + (now() - (${T}::timestamp at time zone 'Africa/Lagos')) * pg_temp.u(c.c, 12)
        end as created_at
      from cand c join chosen k on k.c = c.c`);
    await q(`analyze mem`);
    const [{ base }] = await q<{ base: number }>(
      `select coalesce(max(id), 0)::int as base from members`,
    );
    await q(
      `insert into members (id, business_id, member_number, member_id, first_name, last_name, mobile_number,
        email_address, city, state, gender, subscription_type_id, is_active, created_at, updated_at)
      select $2 + num, $1, num, 'BD-' || lpad(num::text, 5, '0'),
        (${FIRST})[1 + (c * 7) % 20], (${LAST})[1 + (c * 13) % 20],
        '+234803' || lpad(((c * 7919) % 10000000)::text, 7, '0'),
        'member' || num || '.dash@example.com', 'Lekki', (${STATES})[1 + c % 10],
        (array['Male','Female','Other'])[1 + c % 3], plan_id, not inactive, created_at, created_at
      from mem order by num`,
      [businessId, base],
    );
    await q(`select setval('members_id_seq', (select max(id) from members))`);
    await q(`update businesses set member_seq = (select count(*) from mem) where id = $1`, [
      businessId,
    ]);
    await q(`alter table mem add column member_id int`);
    await q(`update mem set member_id = $1 + num`, [base]);
  });

  // Payments in the order they were made (ids follow created_at), each with its subscription.
  await step('payments and subscriptions (triggers disabled)', async () => {
    await setRollupTriggers(q, false);
    const [{ base }] = await q<{ base: number }>(
      `select greatest(coalesce((select max(id) from payments), 0), coalesce((select max(id) from subscriptions), 0))::int as base`,
    );
    await q(
      `create temp table pay as
      select row_number() over (order by t.created_at, t.c, t.n)::int + $1 as id, t.*
      from (
        select p.*, m.member_id,
          (array[${userIds.join(',')}])[1 + floor(pg_temp.u(p.c * 2048 + p.n, 11) * ${userIds.length})::int] as recorded_by,
          case when pg_temp.u(p.c * 2048 + p.n, 9) < 0.35 then 'Cash'
               when pg_temp.u(p.c * 2048 + p.n, 9) < 0.6 then 'Card' else 'Transfer' end as method,
          case
            -- today's payments: between midnight (or the member's creation) and now
            when p.paid_on = ${T} then lo.t + (now() - lo.t) * pg_temp.u(p.c * 2048 + p.n, 8)
            -- the first payment: 10 minutes after the member was added
            when p.n = 0 then (p.paid_on + m.tod + interval '10 minutes') at time zone 'Africa/Lagos'
            else (p.paid_on + interval '6 hours' + pg_temp.u(p.c * 2048 + p.n, 8) * interval '15 hours') at time zone 'Africa/Lagos'
          end as created_at
        from cpay p
        join chosen k on k.c = p.c and p.n < k.keep
        join mem m on m.c = p.c
        cross join lateral (
          select case when p.n = 0 then greatest(m.created_at, ${T}::timestamp at time zone 'Africa/Lagos')
                      else ${T}::timestamp at time zone 'Africa/Lagos' end as t
        ) lo
      ) t`,
      [base],
    );
    await q(
      `insert into payments (id, business_id, member_id, subscription_type_id, amount_kobo, duration,
        method, purpose, recorded_by, created_at, paid_on, receipt_seq, receipt_number,
        receipt_token, confirmed_at)
      select id, $1, member_id, plan_id, kobo, 1, method, 'Subscription payment', recorded_by,
        created_at, paid_on, seq,
        (select code from businesses where id = $1) || '-' ||
          case when seq < 1000000 then lpad(seq::text, 6, '0') else seq::text end,
        kora_receipt_token(),
        -- A transfer recorded at the desk waits for confirmation; everything else is confirmed.
        case when method = 'Transfer' and recorded_by is not null then null else created_at end
      from (select pay.*, row_number() over (order by created_at, id)::integer as seq from pay) p
      order by id`,
      [businessId],
    );
    await q(
      `insert into receipt_counters (business_id, last_seq)
       select $1, count(*) from payments where business_id = $1
       on conflict (business_id) do update set last_seq = excluded.last_seq`,
      [businessId],
    );
    await q(
      `insert into subscriptions (id, business_id, member_id, subscription_type_id, payment_id,
        start_date, expiry_date, duration, duration_type, plan_duration, amount_kobo, created_at)
      select id, $1, member_id, plan_id, id, start_date, expiry_date, 1, unit, duration, kobo, created_at
      from pay order by id`,
      [businessId],
    );
    await q(`select setval('payments_id_seq', (select max(id) from payments))`);
    await q(`select setval('subscriptions_id_seq', (select max(id) from subscriptions))`);
  });

  // Messages: one bulk message a week, the latest still scheduled.
  await step('comms messages', async () => {
    await q(
      `insert into comms_messages (business_id, "group", channel, html, status, is_scheduled,
        schedule_at, created_by, recipients, delivered, failed, skipped, sms_parts, dispatched_at,
        created_at, updated_at)
      select $1, (array['all_members','active_members','expired_members','all_prospects'])[1 + w % 4],
        (array['email','sms','whatsapp'])[1 + (w * 7) % 3],
        '<p>Hello {{first_name}}, week ' || w || ' at Bench Dashboard Gym.</p>',
        case when w = 0 then 'SCHEDULED' when w % 29 = 0 then 'FAILED' else 'SENT' end,
        w = 0, case when w = 0 then now() + interval '2 days' end, $2,
        1000 + (w * 7919) % 20000, case when w = 0 then 0 else 1000 + (w * 7919) % 20000 - w % 7 end,
        case when w = 0 then 0 else w % 7 end, 0, null,
        case when w = 0 then null else (${T} - 7 * w)::timestamp at time zone 'Africa/Lagos' + interval '10 hours 5 minutes' end,
        least(now() - interval '2 hours', (${T} - 7 * w)::timestamp at time zone 'Africa/Lagos' + interval '10 hours'),
        least(now() - interval '2 hours', (${T} - 7 * w)::timestamp at time zone 'Africa/Lagos' + interval '10 hours')
      from generate_series(0, ${Math.floor(SPAN / 7)}) w`,
      [businessId, userIds[0]],
    );
  });

  // The roll-up, exactly as migration 0011's backfill writes it.
  await step('roll-up backfill (the migration statements)', () => refillRollup(q));
  await setRollupTriggers(q, true);

  await step('vacuum analyze', async () => {
    await q(`vacuum analyze`);
  });
  return businessId;
}

try {
  const [{ today }] = await q<{ today: string }>(
    `select to_char((now() at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as today`,
  );
  await q(`set work_mem = '256MB'`);
  // --check-only: the business with the most payments of a database generated before.
  const businessId = values['check-only']
    ? (
        await q<{ id: number }>(
          'select business_id as id from payments group by 1 order by count(*) desc limit 1',
        )
      )[0]!.id
    : await generateData(today);
  const [owner] = await q<{ id: number; email: string }>(
    `select id, email from users where business_id = $1 and role = 'owner' order by id limit 1`,
    [businessId],
  );
  const planRows = await q<{ id: number; name: string; kobo: string }>(
    'select id, name, amount_kobo as kobo from plans where business_id = $1 order by id',
    [businessId],
  );
  const checks: Record<string, unknown> = {};
  await step('checks', async () => {
    const [{ closed }] = await q<{ closed: string }>(
      `select to_char(closed_through, 'YYYY-MM-DD') as closed from payment_rollup_state where id = 1`,
    );
    // 1. The roll-up against the raw rows, per business, day, plan and method, and in total.
    const rollup = await rollupDifferences(q);
    checks.rollupRows = rollup.rollupRows;
    checks.rollupMismatches = rollup.mismatches;
    if (rollup.differences.length) fail(rollup.differences.join('; '));
    // 2. Counts, one subscription per payment, Lagos day = paid_on, firsts, covers (the last
    // day paid for and, where the table has it, the last closed day a subscription ended).
    const [{ last_ended: lastEnded }] = await q<{ last_ended: boolean }>(
      `select exists (select 1 from information_schema.columns
         where table_name = 'member_cover' and column_name = 'last_ended') as last_ended`,
    );
    checks.coverLastEnded = lastEnded;
    const [c] = await q<Record<string, number>>(
      `select (select count(*)::int from payments) as payments,
        (select count(*)::int from subscriptions) as subscriptions,
        (select count(*)::int from payments p where not exists (select 1 from subscriptions s where s.payment_id = p.id)) as orphans,
        (select count(*)::int from payments where (created_at at time zone 'Africa/Lagos')::date <> paid_on or created_at > now()) as wrong_day,
        (select count(*)::int from subscriptions where is_first) as firsts,
        (select count(distinct member_id)::int from subscriptions) as payers,
        (select count(*)::int from payments p join members m on m.id = p.member_id where p.created_at < m.created_at) as paid_before_joining,
        (select count(*)::int from member_cover c
          full join (select member_id, max(expiry_date) as last,
              max(expiry_date) filter (where expiry_date <= $1) as ended
            from subscriptions group by member_id) s using (member_id)
          where c.paid_through is distinct from s.last
            ${lastEnded ? 'or c.last_ended is distinct from s.ended' : 'and $1::date is not null'}) as bad_cover,
        (select count(*)::int from member_cover) as covers`,
      [closed],
    );
    Object.assign(checks, c);
    if (!values['check-only'] && c!.payments !== TARGET)
      fail(`${c!.payments} payments, not ${TARGET}`);
    if (c!.subscriptions !== c!.payments || c!.orphans !== 0)
      fail(`${c!.subscriptions} subscriptions, ${c!.orphans} payments without one`);
    if (c!.wrong_day !== 0) fail(`${c!.wrong_day} payments whose Lagos day is not paid_on`);
    if (c!.firsts !== c!.payers) fail(`${c!.firsts} first subscriptions for ${c!.payers} members`);
    if (c!.paid_before_joining !== 0) fail(`${c!.paid_before_joining} members paid before joining`);
    if (c!.bad_cover !== 0 || c!.covers !== c!.payers)
      fail(`member_cover: ${c!.bad_cover} wrong, ${c!.covers} covers for ${c!.payers} members`);
    // 3. Chains: each start is the previous expiry + 1, or the day paid when that had ended (as
    // the API writes them); each expiry is the plan's period end.
    const [ch] = await q<{ breaks: number; bad_expiry: number }>(
      `with chain as (
        select s.start_date, s.expiry_date, s.duration_type, s.plan_duration, p.paid_on,
          lag(s.expiry_date) over (partition by s.business_id, s.member_id, s.subscription_type_id
                                   order by s.start_date, s.id) as previous_expiry
        from subscriptions s join payments p on p.id = s.payment_id
      )
      select count(*) filter (where start_date <> case when previous_expiry is null or previous_expiry < paid_on
                                                   then paid_on else previous_expiry + 1 end)::int as breaks,
        count(*) filter (where expiry_date <> (start_date + case duration_type
            when 'day' then make_interval(days => plan_duration)
            when 'week' then make_interval(days => 7 * plan_duration)
            when 'month' then make_interval(months => plan_duration)
            else make_interval(years => plan_duration) end)::date - 1)::int as bad_expiry
      from chain`,
    );
    checks.chainBreaks = ch!.breaks;
    if (ch!.breaks !== 0 || ch!.bad_expiry !== 0)
      fail(
        `${ch!.breaks} renewal chain breaks, ${ch!.bad_expiry} expiry dates off the plan's period`,
      );
    // 4. The triggers are on again: a late payment for yesterday moves yesterday's roll-up.
    await q('begin');
    try {
      const [before] = await q<{ n: string }>(
        `select coalesce(sum(payments), 0)::bigint as n from payment_days where business_id = $1 and day = $2`,
        [businessId, closed],
      );
      const [p] = await q<{ id: number }>(
        `insert into payments (business_id, member_id, subscription_type_id, amount_kobo, duration, method, purpose, paid_on, created_at,
           receipt_seq, receipt_number, receipt_token, confirmed_at)
         select $1, m.id, $3, 200000, 1, 'Cash', 'trigger check', $2, ($2::date + interval '20 hours') at time zone 'Africa/Lagos',
           2000000000, 'CHECK', kora_receipt_token(), now()
         from members m where m.business_id = $1 order by m.id limit 1 returning id`,
        [businessId, closed, planRows[0]!.id],
      );
      await q(
        `insert into subscriptions (business_id, member_id, subscription_type_id, payment_id, start_date, expiry_date, duration, duration_type, plan_duration, amount_kobo)
         select business_id, member_id, subscription_type_id, id, paid_on, paid_on, 1, 'day', 1, amount_kobo from payments where id = $1`,
        [p!.id],
      );
      const [after] = await q<{ n: string }>(
        `select coalesce(sum(payments), 0)::bigint as n from payment_days where business_id = $1 and day = $2`,
        [businessId, closed],
      );
      if (Number(after!.n) !== Number(before!.n) + 1)
        fail(`the roll-up triggers are not on: yesterday's payments ${before!.n} → ${after!.n}`);
    } finally {
      await q('rollback');
    }
  });

  const [sizes] = await q<Record<string, string>>(
    `select pg_size_pretty(pg_database_size(current_database())) as database,
      pg_size_pretty(pg_total_relation_size('payments')) as payments,
      pg_size_pretty(pg_total_relation_size('subscriptions')) as subscriptions,
      pg_size_pretty(pg_total_relation_size('payment_days')) as payment_days`,
  );
  const [range] = await q<{ first: number; last: number }>(
    `select min(id)::int as first, max(id)::int as last from members where business_id = $1`,
    [businessId],
  );
  const plansOut = planRows.map((p) => ({ id: p.id, name: p.name, amountKobo: Number(p.kobo) }));
  const [{ members }] = await q<{ members: number }>(
    'select count(*)::int as members from members where business_id = $1',
    [businessId],
  );
  console.log(
    JSON.stringify({
      owners: [
        {
          userId: owner!.id,
          businessId,
          email: owner!.email,
          plans: plansOut,
          firstMemberId: range!.first,
          lastMemberId: range!.last,
        },
      ],
      businessCount: 1,
      memberCount: members,
      payments: checks.payments,
      today,
      checks,
      sizes,
      steps,
      seconds: (Date.now() - started) / 1000,
    }),
  );
} finally {
  await client.end();
}
