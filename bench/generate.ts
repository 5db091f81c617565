/**
 * Data generator for the benchmarks: N businesses × M members (and each business's plans),
 * written with set-based SQL (generate_series) so 1,000,000 members take seconds, not hours.
 * With --payments-per-member K, each member also gets K monthly payments and the chained
 * subscriptions they bought (the last one ends within the next 45 days, or ended yesterday),
 * written with the roll-up triggers off; the roll-ups (members' covers, the payment days) are
 * then filled set-based by the migration's own backfill statements and checked against a recount
 * of the raw rows (a difference fails the run).
 * Usage (tsx): BENCH_DATABASE_URL=postgres://… or BENCH_DATA_DIR=/tmp/x
 *   tsx bench/generate.ts --businesses 10 --members 100000 [--payments-per-member 3]
 *   [--with-triggers]
 * Prints JSON: per business the owner's user id, the business id, its plans and its member id
 * range, for the load run to sign tokens with and build requests from.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { refillRollup, rollupDifferences, setRollupTriggers, type Query } from './rollup';

const { values } = parseArgs({
  options: {
    businesses: { type: 'string', default: '10' },
    members: { type: 'string', default: '100000' },
    'payments-per-member': { type: 'string', default: '0' },
    // Payments written row by row through the roll-up triggers (slow): what the roll-ups are
    // compared with at smoke size, and the time the set-based fill saves.
    'with-triggers': { type: 'boolean', default: false },
  },
});
const businessCount = Number(values.businesses);
const memberCount = Number(values.members);
const paymentsPerMember = Number(values['payments-per-member']);
const setBased = paymentsPerMember > 0 && !values['with-triggers'];

const database = await openDatabase({
  url: process.env.BENCH_DATABASE_URL,
  dataDir: process.env.BENCH_DATABASE_URL ? undefined : process.env.BENCH_DATA_DIR,
  poolMax: 4,
});
await database.migrate();
const { db } = database;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const q: Query = async (text) => rows(await db.execute(sql.raw(text)));

const passwordHash = await hashPassword('bench-password-1');
const FIRST = `array['Ada','Chidi','Ngozi','Emeka','Bola','Tunde','Ife','Kemi','Uche','Segun','Amaka','Yusuf','Fatima','Ibrahim','Zainab','Obinna','Funke','Dayo','Halima','Musa']`;
const LAST = `array['Okafor','Adeyemi','Eze','Bello','Okonkwo','Balogun','Nwosu','Abubakar','Ogunleye','Ibe','Lawal','Danjuma','Afolabi','Chukwu','Oyelaran','Mohammed','Onyeka','Akande','Usman','Obi']`;
const STATES = `array['Lagos','Abuja','Rivers','Oyo','Kano','Enugu','Kaduna','Ogun','Delta','Edo']`;

const started = Date.now();
// Payments and subscriptions go in by the hundred thousand: the roll-ups are filled once after.
if (setBased) await setRollupTriggers(q, false);
interface BenchPlan {
  id: number;
  amountKobo: number;
}
const owners: {
  userId: number;
  businessId: number;
  email: string;
  plans: BenchPlan[];
  firstMemberId: number;
  lastMemberId: number;
}[] = [];
for (let b = 1; b <= businessCount; b++) {
  const code = `B${String(b).padStart(3, '0')}`;
  const [biz] = rows<{ id: number }>(
    await db.execute(sql`insert into businesses (name, code, address, city, state, member_seq)
      values (${`Bench Gym ${b}`}, ${code}, '1 Bench Road, Ikeja', 'Ikeja', 'Lagos', ${memberCount})
      returning id`),
  );
  const email = `owner${b}.${Date.now()}@bench.kora`;
  const [user] = rows<{ id: number }>(
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, email_verified, role, business_id)
      values (${email}, ${passwordHash}, 'Bench', ${`Owner ${b}`}, true, 'owner', ${biz!.id}) returning id`),
  );
  await db.execute(sql`insert into plans (business_id, name, amount_kobo, duration, duration_type)
    values (${biz!.id}, 'Daily Pass', 200000, 1, 'day'), (${biz!.id}, 'Weekly', 1000000, 1, 'week'),
           (${biz!.id}, 'Monthly', 2500000, 1, 'month'), (${biz!.id}, 'Quarterly', 6500000, 3, 'month'),
           (${biz!.id}, 'Bi-Annual', 12000000, 6, 'month'), (${biz!.id}, 'Annual', 22000000, 1, 'year')`);
  const chunk = 50_000;
  for (let from = 1; from <= memberCount; from += chunk) {
    const to = Math.min(memberCount, from + chunk - 1);
    await db.execute(
      sql.raw(`
      insert into members (business_id, member_number, member_id, first_name, last_name, mobile_number,
        email_address, city, state, gender, created_at, updated_at)
      select ${biz!.id}, i, '${code}-' || lpad(i::text, greatest(5, length(i::text)), '0'),
        (${FIRST})[1 + (i * 7) % 20], (${LAST})[1 + (i * 13) % 20],
        '+234803' || lpad(((i * 7919 + ${b}) % 10000000)::text, 7, '0'),
        'member' || i || '.b${b}@example.com',
        'City ' || (i % 50), (${STATES})[1 + i % 10],
        (array['Male','Female','Other'])[1 + i % 3],
        now() - make_interval(secs => ${memberCount} - i), now()
      from generate_series(${from}, ${to}) as i`),
    );
  }
  if (paymentsPerMember > 0) await addPayments(biz!.id);
  const plans = rows<{ id: number; amount_kobo: string | number }>(
    await db.execute(
      sql`select id, amount_kobo from plans where business_id = ${biz!.id} order by id`,
    ),
  ).map((p) => ({ id: p.id, amountKobo: Number(p.amount_kobo) }));
  const [range] = rows<{ first: number; last: number }>(
    await db.execute(
      sql`select min(id) as first, max(id) as last from members where business_id = ${biz!.id}`,
    ),
  );
  owners.push({
    userId: user!.id,
    businessId: biz!.id,
    email,
    plans,
    firstMemberId: range!.first,
    lastMemberId: range!.last,
  });
}
let rollup: Awaited<ReturnType<typeof rollupDifferences>> | undefined;
if (paymentsPerMember > 0) {
  if (setBased) {
    await refillRollup(q);
    await setRollupTriggers(q, true);
  }
  rollup = await rollupDifferences(q);
  if (rollup.differences.length)
    throw new Error(`ROLL-UP CHECK FAILED: ${rollup.differences.join('; ')}`);
}
// Vacuumed as well as analysed: a database in steady state (visibility map set, index-only scans).
await db.execute(sql`vacuum analyze`);

/**
 * K monthly payments per member of the business and the chained subscriptions they bought:
 * subscription k starts base + (k - 1) months (base on days 1 to 28, so no month end clamps)
 * and ends the day before the next starts. Four in five members' last subscription runs past
 * this month's end; the others' ended last month. Each payment is dated its subscription's
 * start, or today for one paid in advance.
 */
async function addPayments(businessId: number) {
  const k = paymentsPerMember;
  // Payments first, then their subscriptions, in two statements as the API writes them (the
  // roll-up triggers count a payment's first subscription when the subscription is written).
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`
      create temp table src on commit drop as
      select nextval('payments_id_seq') as pid, m.business_id, m.id as member_id, p.id as plan_id,
        p.amount_kobo, n,
        (date_trunc('month', current_date)
          - make_interval(months => ${k} - 1 + case when m.member_number % 5 = 0 then 2 else 0 end)
          + make_interval(days => m.member_number % 28)
          + make_interval(months => n - 1))::date as start_date
      from members m
      join plans p on p.business_id = m.business_id and p.name = 'Monthly'
      cross join generate_series(1, ${k}) as n
      where m.business_id = ${businessId}`),
    );
    await tx.execute(
      sql.raw(`
      insert into payments (id, business_id, member_id, subscription_type_id, amount_kobo, duration,
        method, purpose, created_at, paid_on, receipt_seq, receipt_number, receipt_token,
        confirmed_at)
      select pid, s.business_id, member_id, plan_id, amount_kobo, 1,
        (array['Cash','Card','Transfer'])[1 + (member_id + n) % 3], 'Subscription payment',
        least(start_date, current_date) + interval '9 hours', least(start_date, current_date),
        seq, b.code || '-' || case when seq < 1000000 then lpad(seq::text, 6, '0') else seq::text end,
        kora_receipt_token(), least(start_date, current_date) + interval '9 hours'
      from (select src.*, row_number() over (order by pid)::integer as seq from src) s
      join businesses b on b.id = s.business_id
      order by pid`),
    );
    // The business's receipt counter goes on from its last number.
    await tx.execute(
      sql.raw(`
      insert into receipt_counters (business_id, last_seq)
      select ${businessId}, count(*) from payments where business_id = ${businessId}
      on conflict (business_id) do update set last_seq = excluded.last_seq`),
    );
    await tx.execute(
      sql.raw(`
      insert into subscriptions (business_id, member_id, subscription_type_id, payment_id, start_date,
        expiry_date, duration, duration_type, plan_duration, amount_kobo, created_at)
      select business_id, member_id, plan_id, pid, start_date,
        (start_date + interval '1 month')::date - 1, 1, 'month', 1, amount_kobo,
        least(start_date, current_date) + interval '9 hours'
      from src order by pid`),
    );
    // Each payment's entry in the audit trail, as record_payment writes it, so the trail has
    // its real size when payments are measured.
    await tx.execute(
      sql.raw(`
      insert into audit_entries (business_id, at, actor_kind, action, record_kind, record_id,
        record_label, member_id, payment_id, detail)
      select p.business_id, p.created_at, 'system', 'payment.record', 'payment', p.id,
        p.receipt_number, p.member_id, p.id,
        jsonb_build_object('amount_kobo', p.amount_kobo, 'method', p.method, 'periods', 1)
      from payments p where p.business_id = ${businessId} order by p.id`),
    );
  });
}

await database.close();
console.log(
  JSON.stringify({
    owners,
    businessCount,
    memberCount,
    paymentsPerMember,
    rollup: rollup && { rows: rollup.rollupRows, keys: rollup.keys },
    seconds: (Date.now() - started) / 1000,
  }),
);
