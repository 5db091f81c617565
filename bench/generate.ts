/**
 * Data generator for the benchmarks: N businesses × M members (and each business's plans),
 * written with set-based SQL (generate_series) so 1,000,000 members take seconds, not hours.
 * Usage (tsx): BENCH_DATABASE_URL=postgres://… or BENCH_DATA_DIR=/tmp/x
 *   tsx bench/generate.ts --businesses 10 --members 100000
 * Prints JSON: the owners' user ids and business ids, for the load run to sign tokens with.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/passwords';

const { values } = parseArgs({
  options: {
    businesses: { type: 'string', default: '10' },
    members: { type: 'string', default: '100000' },
  },
});
const businessCount = Number(values.businesses);
const memberCount = Number(values.members);

const database = await openDatabase({
  url: process.env.BENCH_DATABASE_URL,
  dataDir: process.env.BENCH_DATABASE_URL ? undefined : process.env.BENCH_DATA_DIR,
  poolMax: 4,
});
await database.migrate();
const { db } = database;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const passwordHash = await hashPassword('bench-password-1');
const FIRST = `array['Ada','Chidi','Ngozi','Emeka','Bola','Tunde','Ife','Kemi','Uche','Segun','Amaka','Yusuf','Fatima','Ibrahim','Zainab','Obinna','Funke','Dayo','Halima','Musa']`;
const LAST = `array['Okafor','Adeyemi','Eze','Bello','Okonkwo','Balogun','Nwosu','Abubakar','Ogunleye','Ibe','Lawal','Danjuma','Afolabi','Chukwu','Oyelaran','Mohammed','Onyeka','Akande','Usman','Obi']`;
const STATES = `array['Lagos','Abuja','Rivers','Oyo','Kano','Enugu','Kaduna','Ogun','Delta','Edo']`;

const started = Date.now();
const owners: { userId: number; businessId: number; email: string }[] = [];
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
  await db.execute(sql`insert into subscription_types (business_id, name, amount_kobo, duration, duration_type)
    values (${biz!.id}, 'Daily Pass', 200000, 1, 'day'), (${biz!.id}, 'Weekly', 1000000, 1, 'week'),
           (${biz!.id}, 'Monthly', 2500000, 1, 'month'), (${biz!.id}, 'Quarterly', 6500000, 3, 'month'),
           (${biz!.id}, 'Bi-Annual', 12000000, 6, 'month'), (${biz!.id}, 'Annual', 22000000, 1, 'year')`);
  const chunk = 50_000;
  for (let from = 1; from <= memberCount; from += chunk) {
    const to = Math.min(memberCount, from + chunk - 1);
    await db.execute(sql.raw(`
      insert into members (business_id, member_number, member_id, first_name, last_name, mobile_number,
        email_address, city, state, gender, created_at, updated_at)
      select ${biz!.id}, i, '${code}-' || lpad(i::text, 5, '0'),
        (${FIRST})[1 + (i * 7) % 20], (${LAST})[1 + (i * 13) % 20],
        '+234803' || lpad(((i * 7919 + ${b}) % 10000000)::text, 7, '0'),
        'member' || i || '.b${b}@example.com',
        'City ' || (i % 50), (${STATES})[1 + i % 10],
        (array['Male','Female','Other'])[1 + i % 3],
        now() - make_interval(secs => ${memberCount} - i), now()
      from generate_series(${from}, ${to}) as i`));
  }
  owners.push({ userId: user!.id, businessId: biz!.id, email });
}
await db.execute(sql`analyze`);
await database.close();
console.log(JSON.stringify({ owners, businessCount, memberCount, seconds: (Date.now() - started) / 1000 }));
