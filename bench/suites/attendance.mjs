// The dashboard's attendance at 5,000,000 visits, PostgreSQL only (see bench/README.md,
// "Attendance at 5,000,000 visits"). Its own database and data:
//   1. a fresh database filled by generate-attendance.ts: ONE business, its members and N visits
//      written set-based with the visits' trigger off, the roll-ups filled by migration 0024's
//      backfill and checked against a recount of the raw visits (a difference aborts the run);
//   2. the server built from this working tree (bench/dist/attendance-api, or BENCH_SERVER) and
//      the bare route; the answers of GET /v1/dashboard/attendance and /v1/dashboard/at-risk
//      checked against the same figures counted from the raw visits and subscriptions (any
//      difference aborts the run);
//   3. each route one request at a time for the run's duration, and the attendance at 10
//      connections, each beside the bare route at the same connections (the yardstick of the
//      dashboard suites). Written to bench/results/attendance.md unless --smoke.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverToMeasure } from '../build-server.mjs';
import { ROOT, besideBare, createPgDatabase, fmtMs, markdownTable, runTsx } from '../lib.mjs';

const PORTS = { kora: 3920, bare: 3921 };
const CONNECTIONS = 10;
const ROUTES = {
  attendance: '/v1/dashboard/attendance',
  atRisk: '/v1/dashboard/at-risk?page=1&per_page=10',
};

/** A bench script with its progress shown. */
const tsx = (script, args, env) => runTsx(script, args, env, { progress: true });

/**
 * The answers against the raw visits (no roll-up): visits per Lagos day over 30 days, and the
 * members at risk counted by the rule straight from visits and subscriptions.
 */
const checkAnswers = async (databaseUrl, businessId, attendance, atRisk) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const diffs = [];
  try {
    const today = attendance.per_day.at(-1).day;
    const perDay = (
      await client.query(
        `select to_char((visited_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day, count(*)::int as n
         from visits where business_id = $1 and visited_at >= (($2::date - 29)::timestamp at time zone 'Africa/Lagos')
         group by 1`,
        [businessId, today],
      )
    ).rows;
    const raw = new Map(perDay.map((r) => [r.day, r.n]));
    for (const d of attendance.per_day)
      if ((raw.get(d.day) ?? 0) !== d.visits)
        diffs.push(`per_day ${d.day}: answered ${d.visits}, raw ${raw.get(d.day) ?? 0}`);
    const monday = `date_trunc('week', $2::date)::date`;
    const [{ n }] = (
      await client.query(
        `with running as (
           select distinct member_id from subscriptions where business_id = $1 and is_active
             and start_date <= $2 and expiry_date >= $2),
         weeks as (
           select member_id,
             count(*) filter (where d >= ${monday} - 28 and d < ${monday}) as last4,
             count(*) filter (where d >= ${monday} - 56 and d < ${monday} - 28) as prev4
           from (select member_id, (visited_at at time zone 'Africa/Lagos')::date as d from visits
                 where business_id = $1) x
           group by 1),
         last_visits as (
           select member_id, max(visited_at) as last_visit from visits where business_id = $1
           group by 1),
         counts as (
           select m.id, coalesce(w.last4, 0) as last4, coalesce(w.prev4, 0) as prev4, l.last_visit
           from running r join members m on m.id = r.member_id and m.is_active
           left join weeks w on w.member_id = m.id
           left join last_visits l on l.member_id = m.id)
         select count(*)::int as n from counts c
         where ((c.last_visit is null or (c.last_visit at time zone 'Africa/Lagos')::date <= $2::date - 14)
             and exists (select 1 from subscriptions s where s.business_id = $1 and s.member_id = c.id and s.is_active
               and s.start_date <= $2::date - 14 and s.expiry_date >= $2::date - 14))
           or (c.prev4 >= 4 and c.last4 * 2 <= c.prev4)`,
        [businessId, today],
      )
    ).rows;
    if (n !== attendance.at_risk_count)
      diffs.push(`at_risk_count: answered ${attendance.at_risk_count}, raw ${n}`);
    if (n !== atRisk.meta.total)
      diffs.push(`at-risk total: answered ${atRisk.meta.total}, raw ${n}`);
    return diffs;
  } finally {
    await client.end();
  }
};

/** Answers the table rows and, unless smoke, writes bench/results/attendance.md. */
export const attendanceSuite = async ({ pgAdminUrl, duration, visits, members, smoke = false }) => {
  console.log('\n== Attendance (PostgreSQL): building the server from this working tree');
  const server = await serverToMeasure('attendance-api');
  const db = await createPgDatabase(pgAdminUrl);
  try {
    console.log(
      `   generating 1 business × ${members.toLocaleString('en')} members, ${visits.toLocaleString('en')} visits`,
    );
    const data = tsx(
      'generate-attendance.ts',
      ['--members', String(members), '--visits', String(visits)],
      {
        BENCH_DATABASE_URL: db.url,
      },
    );
    console.log(
      `   ${data.visits.toLocaleString('en')} visits in ${data.seconds} s; roll-ups checked: ${data.checks.hour_rows} day-hour rows, ${data.checks.week_rows} member-week rows, no difference`,
    );
    const owner = data.owners[0];
    const label = `1 × ${members.toLocaleString('en')} members, ${data.visits.toLocaleString('en')} visits`;
    const rows = await besideBare(
      { server, databaseUrl: db.url, ports: PORTS, duration },
      { owner, memberCount: members, label, routes: ROUTES },
      async ({ first, answers, warmUp, measureRoutes }) => {
        const diffs = await checkAnswers(
          db.url,
          owner.businessId,
          answers.attendance.data,
          answers.atRisk,
        );
        if (diffs.length)
          throw new Error(`ATTENDANCE ANSWER CHECK FAILED:\n  ${diffs.slice(0, 40).join('\n  ')}`);
        console.log(
          `   answers checked against the raw visits: equal (at risk: ${answers.atRisk.meta.total})`,
        );
        await warmUp();
        return measureRoutes([
          {
            route: 'GET /v1/dashboard/attendance, 1 connection',
            path: ROUTES.attendance,
            connections: 1,
            notes: `target p95 ≤ 50 ms; first request ${fmtMs(first.attendance)}`,
          },
          {
            route: 'GET /v1/dashboard/at-risk, 1 connection',
            path: ROUTES.atRisk,
            connections: 1,
            notes: `target p95 ≤ 100 ms; ${answers.atRisk.meta.total} at risk; first request ${fmtMs(first.atRisk)}`,
          },
          {
            route: `GET /v1/dashboard/attendance, ${CONNECTIONS} connections`,
            path: ROUTES.attendance,
            connections: CONNECTIONS,
            notes: `${CONNECTIONS} users at once`,
          },
        ]);
      },
    );
    if (!smoke) {
      mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
      const steps = Object.entries(data.steps)
        .map(([k, v]) => `${k} ${v} s`)
        .join('; ');
      writeFileSync(
        join(ROOT, 'bench/results/attendance.md'),
        `# Attendance at ${data.visits.toLocaleString('en')} visits (suite \`attendance\`)\n\n${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} CPUs), Node ${process.version}; ${duration} s per route.\n\nData: ${label}; generated in ${data.seconds} s (${steps}); roll-ups equal to a recount of the raw visits (${data.checks.hour_rows} day-hour rows, ${data.checks.week_rows} member-week rows); both answers equal to the figures counted from the raw visits.\n\n${markdownTable(rows)}\n`,
      );
    }
    return rows;
  } finally {
    await db.drop();
  }
};
