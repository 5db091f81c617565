/**
 * Data of the attendance suite (suites/attendance.mjs): ONE business, its members (four in five
 * with a subscription running today, their covers started 120 days ago; the others' ended a
 * month ago) and N visits over the last 120 days, written set-based in batches with the visits'
 * trigger off; then last_visit_at and the roll-ups (visit_hours, member_visit_weeks) filled by
 * migration 0024's own backfill statements and checked against a recount of the raw visits (a
 * difference fails the run). `--with-triggers` writes the visits through the trigger instead,
 * to compare.
 * Usage (tsx): BENCH_DATABASE_URL=postgres://… tsx bench/generate-attendance.ts
 *   --members 50000 --visits 5000000 [--with-triggers]
 * Prints JSON: the owner (for a token), the business, the counts and the seconds each step took.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/passwords';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '50000' },
    visits: { type: 'string', default: '5000000' },
    days: { type: 'string', default: '120' },
    'with-triggers': { type: 'boolean', default: false },
  },
});
const memberCount = Number(values.members);
const visitCount = Number(values.visits);
const days = Number(values.days);
const ROOT = new URL('..', import.meta.url).pathname;

const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, poolMax: 4 });
await database.migrate();
const { db } = database;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const q = async <T = Record<string, unknown>>(text: string) =>
  rows<T>(await db.execute(sql.raw(text)));
const steps: Record<string, number> = {};
const step = async (name: string, run: () => Promise<unknown>) => {
  const t0 = Date.now();
  await run();
  steps[name] = (Date.now() - t0) / 1000;
  process.stderr.write(`   ${name}: ${steps[name]} s\n`);
};
const started = Date.now();

/** The statements of a migration file that match `pattern`, comments before them removed. */
const statementsOf = (file: string, pattern: RegExp): string[] =>
  readFileSync(join(ROOT, 'apps/api/src/db/migrations', file), 'utf8')
    .split('--> statement-breakpoint')
    .map((st) => st.replace(/^(\s*--[^\n]*\n)+/, '').trim())
    .filter((st) => pattern.test(st));

/**
 * The migrations' backfill: 0024's statements filling last_visit_at, visit_hours and the weeks,
 * then at_risk_falls's copying each covered member's last visit beside their cover.
 */
const backfill = (): string[] => {
  const found = [
    ...statementsOf(
      '0024_attendance.sql',
      /^(UPDATE "members" m SET "last_visit_at"|INSERT INTO "(visit_hours|member_visit_weeks)")/,
    ),
    ...statementsOf('0027_at_risk_falls.sql', /^UPDATE "member_cover" c SET "last_visit_at"/),
  ];
  if (found.length !== 4) throw new Error("the migrations' backfill statements were not found");
  return found;
};

const passwordHash = await hashPassword('bench-password-1');
const [biz] = await q<{
  id: number;
}>(`insert into businesses (name, code, address, city, state, member_seq)
  values ('Attendance Gym', 'ATT', '1 Bench Road, Ikeja', 'Ikeja', 'Lagos', ${memberCount}) returning id`);
const businessId = biz!.id;
const email = `owner.${Date.now()}@attendance.bench.kora`;
const [user] = await q<{
  id: number;
}>(`insert into users (email, password_hash, first_name, last_name, email_verified, role, business_id)
  values ('${email}', '${passwordHash}', 'Bench', 'Owner', true, 'owner', ${businessId}) returning id`);
const [plan] = await q<{
  id: number;
}>(`insert into plans (business_id, name, amount_kobo, duration, duration_type)
  values (${businessId}, 'Monthly', 2500000, 1, 'month') returning id`);

await step('members', () =>
  q(`insert into members (business_id, member_number, member_id, first_name, last_name, mobile_number,
      city, state, created_at, updated_at)
    select ${businessId}, i, 'ATT-' || lpad(i::text, greatest(5, length(i::text)), '0'),
      (array['Ada','Chidi','Ngozi','Emeka','Bola','Tunde','Ife','Kemi'])[1 + i % 8],
      (array['Okafor','Adeyemi','Eze','Bello','Okonkwo','Balogun'])[1 + i % 6],
      '+234803' || lpad(i::text, 7, '0'), 'Ikeja', 'Lagos',
      now() - make_interval(days => 200, secs => ${memberCount} - i), now()
    from generate_series(1, ${memberCount}) as i`),
);
// Covers as imported subscriptions (no payment): four in five run today.
await step('subscriptions', () =>
  q(`insert into subscriptions (business_id, member_id, subscription_type_id, start_date, expiry_date,
      duration, duration_type, plan_duration, amount_kobo)
    select ${businessId}, m.id, ${plan!.id}, current_date - 120,
      case when m.member_number % 5 = 0 then current_date - 30 else current_date + 30 end,
      4, 'month', 1, 0
    from members m where m.business_id = ${businessId}`),
);

const [range] = await q<{ first: number; last: number }>(
  `select min(id) as first, max(id) as last from members where business_id = ${businessId}`,
);
// Visits: members chosen with a skew (a few come often, many seldom); days over the last
// `days`, a tenth of the members stopping 20 days ago (at risk); hours 5:00 to 21:59 Lagos.
const setBased = !values['with-triggers'];
if (setBased) await q(`alter table visits disable trigger user`);
const batch = 500_000;
await step('visits', async () => {
  await q(`select setseed(0.42)`);
  for (let from = 1; from <= visitCount; from += batch) {
    const to = Math.min(visitCount, from + batch - 1);
    await q(`insert into visits (business_id, member_id, visited_at, recorded_by_user_id, found_by, verdict_status)
      select ${businessId}, v.member_id,
        ((current_date - case when v.member_id % 10 = 0 then 20 + v.d % ${Math.max(1, days - 20)} else v.d end)
          + make_interval(hours => 5 + (v.h % 17), mins => v.h % 60))::timestamp at time zone 'Africa/Lagos',
        ${user!.id}, (array['phone','member_id','card','name','kiosk'])[1 + v.h % 5], 'active'
      from (
        select ${range!.first} + floor(power(random(), 2) * ${range!.last - range!.first + 1})::int as member_id,
          floor(random() * ${days})::int as d, floor(random() * 1000)::int as h
        from generate_series(${from}, ${to})
      ) v`);
  }
});
if (setBased) {
  await step('roll-ups (migration backfill)', async () => {
    await q(`truncate visit_hours, member_visit_weeks`);
    await q(`update members set last_visit_at = null where business_id = ${businessId}`);
    for (const statement of backfill()) await q(statement);
  });
  await q(`alter table visits enable trigger user`);
}

// The roll-ups against a recount of the raw visits.
const checks: Record<string, number> = {};
await step('check', async () => {
  const [c] = await q<Record<string, unknown>>(`select
    (select count(*) from (
      select business_id, (visited_at at time zone 'Africa/Lagos')::date, extract(hour from visited_at at time zone 'Africa/Lagos')::int, count(*)::int
      from visits group by 1, 2, 3
      except select business_id, day, hour, visits from visit_hours) d) as hours_off,
    (select count(*) from (
      select member_id, date_trunc('week', visited_at at time zone 'Africa/Lagos')::date, count(*)::int
      from visits group by 1, 2
      except select member_id, week_start, visits from member_visit_weeks) d) as weeks_off,
    (select count(*) from members m
      left join (select member_id, max(visited_at) as last from visits group by member_id) v
        on v.member_id = m.id
      where m.business_id = ${businessId} and m.last_visit_at is distinct from v.last) as last_off,
    (select count(*) from member_cover c join members m on m.id = c.member_id
      where c.business_id = ${businessId} and c.last_visit_at is distinct from m.last_visit_at) as cover_last_off,
    (select count(*) from visits) as visits,
    (select count(*) from visit_hours) as hour_rows,
    (select count(*) from member_visit_weeks) as week_rows`);
  for (const [k, v] of Object.entries(c!)) checks[k] = Number(v);
  if (checks.hours_off || checks.weeks_off || checks.last_off || checks.cover_last_off)
    throw new Error(`ATTENDANCE ROLL-UP CHECK FAILED: ${JSON.stringify(checks)}`);
});
await step('vacuum analyze', () => q(`vacuum analyze`));

await database.close();
console.log(
  JSON.stringify({
    owners: [{ userId: user!.id, businessId, email }],
    memberCount,
    visits: checks.visits,
    checks,
    steps,
    seconds: (Date.now() - started) / 1000,
  }),
);
