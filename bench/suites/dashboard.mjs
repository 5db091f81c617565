// The dashboard and the payment summary at a million payments, PostgreSQL only (see README,
// "Dashboard at 1,000,000 payments"). Its own database and data, not the generator's:
//   1. a fresh database (or --dashboard-db, one kept from an earlier run) filled by
//      generate-dashboard.ts: ONE business, 1,000,000 payments over the three years before today,
//      each with its subscription; the roll-up filled by migration 0011's backfill statements and
//      checked against the raw rows (any difference aborts the run);
//   2. the server built from this working tree (bench/dist/dashboard-api, or BENCH_SERVER) and
//      the bare route; the answers of GET /v1/dashboard, /v1/payment/summary and /v1/payment
//      checked against sums of the raw payments (any difference aborts the run);
//   3. each route one request at a time (1 connection) for the run's duration, the dashboard also
//      at 10 connections, each beside the bare route at the same connections, with the CPU per
//      request of the server and of the rest of the machine (PostgreSQL, mostly);
//   4. the routes' SQL statement by statement (dashboard-statements.ts): each alone, and EXPLAIN
//      (ANALYZE, BUFFERS) of those above 10 ms. Written to bench/results/dashboard.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverToMeasure } from '../build-server.mjs';
import { ROOT, besideBare, createPgDatabase, fmtMs, runTsx } from '../lib.mjs';

const PORTS = { kora: 3910, bare: 3911 };
/** The dashboard under load: how many users at once. */
const CONNECTIONS = 10;
const ROUTES = {
  dashboard: '/v1/dashboard',
  summary: '/v1/payment/summary',
  list: '/v1/payment?page=1&per_page=20',
};

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds a process has used (user + system), or undefined without /proc. */
const processCpu = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
};

/** CPU seconds the whole machine has been busy (every CPU, not idle or waiting), from /proc/stat. */
const machineCpu = () => {
  try {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = f.map(Number);
    return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
};

/**
 * A load, with where the CPU went per request: the answering server's own process, and the rest
 * of the machine apart from this bench process (autocannon): PostgreSQL's backends, mostly.
 */
const withCpu = async (pid, run) => {
  const k0 = processCpu(pid);
  const m0 = machineCpu();
  const b0 = process.cpuUsage();
  const r = await run();
  const k1 = processCpu(pid);
  const m1 = machineCpu();
  const b = process.cpuUsage(b0);
  if ([k0, k1, m0, m1].includes(undefined) || r.requests === 0) return r;
  const server = k1 - k0;
  const rest = m1 - m0 - server - (b.user + b.system) / 1e6;
  const perRequest = (v) => `${Math.round((Math.max(0, v) / r.requests) * 1e6)} µs`;
  return {
    ...r,
    cpu: `CPU per request: server ${perRequest(server)}, rest of the machine (PostgreSQL) ${perRequest(rest)}`,
  };
};

/** A bench script with its progress shown. */
const tsx = (script, args, env) => runTsx(script, args, env, { progress: true });

const naira = (kobo) => Number(kobo) / 100;

/**
 * The routes' figures against sums of the raw payments and subscriptions (no roll-up): the
 * roll-up and today's live rows must add up to exactly these. Answers the differences found.
 */
const checkAnswers = async (databaseUrl, businessId, { dashboard, summary, list }) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = async (text, params = []) => (await client.query(text, params)).rows;
  const diffs = [];
  const same = (what, got, want) => {
    if (typeof want === 'number' ? Math.abs(Number(got) - want) > 1e-6 : got !== want)
      diffs.push(`${what}: answered ${JSON.stringify(got)}, raw ${JSON.stringify(want)}`);
  };
  try {
    const d = dashboard.data;
    const today = d.today;
    const [days] = await q(
      `select to_char(date_trunc('month', $1::date), 'YYYY-MM-DD') as month_start,
        to_char(date_trunc('year', $1::date), 'YYYY-MM-DD') as year_start,
        to_char(date_trunc('month', $1::date) - interval '11 months', 'YYYY-MM-DD') as trend_from,
        to_char(date_trunc('month', $1::date) - interval '1 month', 'YYYY-MM-DD') as compare_from,
        to_char($1::date - interval '1 month', 'YYYY-MM-DD') as compare_to`,
      [today],
    );
    const [raw] = await q(
      `select count(*)::bigint as count, coalesce(sum(amount_kobo), 0)::bigint as total,
        coalesce(sum(amount_kobo) filter (where paid_on = $2), 0)::bigint as today,
        coalesce(sum(amount_kobo) filter (where paid_on between $3 and $2), 0)::bigint as month,
        coalesce(sum(amount_kobo) filter (where paid_on between $4 and $2), 0)::bigint as year,
        coalesce(sum(amount_kobo) filter (where paid_on between $5 and $6), 0)::bigint as compare
      from payments where business_id = $1`,
      [businessId, today, days.month_start, days.year_start, days.compare_from, days.compare_to],
    );
    // GET /v1/payment/summary
    const s = summary.data;
    same('summary.count', s.count, Number(raw.count));
    same('summary.today', s.today, naira(raw.today));
    same('summary.this_month', s.this_month, naira(raw.month));
    same('summary.year_to_date', s.year_to_date, naira(raw.year));
    same(
      'summary.average',
      s.average,
      Number(raw.count) === 0 ? 0 : naira(Math.round(Number(raw.total) / Number(raw.count))),
    );
    // GET /v1/payment: the total, and the newest payment first
    same('list.meta.total', list.meta.total, Number(raw.count));
    const [newest] = await q(
      `select id from payments where business_id = $1 order by created_at desc, id desc limit 1`,
      [businessId],
    );
    same('list.data[0].id', list.data[0]?.id, newest.id);
    same('list.data.length', list.data.length, 20);
    // GET /v1/dashboard: cards
    same('cards.revenue_this_month', d.cards.revenue_this_month, naira(raw.month));
    same('cards.revenue_year_to_date', d.cards.revenue_year_to_date, naira(raw.year));
    same(
      'cards.revenue_last_month_same_days',
      d.cards.revenue_last_month_same_days,
      naira(raw.compare),
    );
    const [counts] = await q(
      `select (select count(*)::int from members where business_id = $1 and is_active) as members,
        (select count(*)::int from subscriptions where business_id = $1 and is_active
          and start_date <= $2 and expiry_date >= $2) as running`,
      [businessId, today],
    );
    same('cards.total_members', d.cards.total_members, counts.members);
    same('cards.active_subscriptions', d.cards.active_subscriptions, counts.running);
    // revenue trend and lifecycle, month by month
    const months = await q(
      `select m.month, coalesce(p.kobo, 0)::bigint as kobo, coalesce(p.n, 0)::int as payments,
        coalesce(p.firsts, 0)::int as firsts, coalesce(e.ended, 0)::int as ended
      from (select to_char(g, 'YYYY-MM') as month
            from generate_series($2::date, $3::date, interval '1 month') g) m
      left join (
        select to_char(p.paid_on, 'YYYY-MM') as month, sum(p.amount_kobo) as kobo, count(*) as n,
          count(*) filter (where s.is_first) as firsts
        from payments p join subscriptions s on s.payment_id = p.id
        where p.business_id = $1 and p.paid_on between $2 and $3 group by 1
      ) p using (month)
      left join (
        select to_char(expiry_date, 'YYYY-MM') as month, count(*) as ended
        from subscriptions where business_id = $1 and expiry_date >= $2 and expiry_date < $3
        group by 1
      ) e using (month)
      order by 1`,
      [businessId, days.trend_from, today],
    );
    same(
      'revenue_trend months',
      d.revenue_trend.map((m) => m.month).join(','),
      months.map((m) => m.month).join(','),
    );
    for (const [i, m] of months.entries()) {
      same(`revenue_trend[${m.month}].revenue`, d.revenue_trend[i]?.revenue, naira(m.kobo));
      same(`revenue_trend[${m.month}].payments`, d.revenue_trend[i]?.payments, m.payments);
      same(`lifecycle[${m.month}].new`, d.lifecycle[i]?.new, m.firsts);
      same(`lifecycle[${m.month}].renewed`, d.lifecycle[i]?.renewed, m.payments - m.firsts);
      same(`lifecycle[${m.month}].expired`, d.lifecycle[i]?.expired, m.ended);
    }
    const methods = await q(
      `select method, sum(amount_kobo)::bigint as kobo, count(*)::int as n from payments
       where business_id = $1 and paid_on between $2 and $3 group by 1`,
      [businessId, days.trend_from, today],
    );
    for (const m of methods) {
      const got = d.payments_by_method.find((x) => x.method === m.method);
      same(`payments_by_method[${m.method}].revenue`, got?.revenue, naira(m.kobo));
      same(`payments_by_method[${m.method}].payments`, got?.payments, m.n);
    }
    return diffs;
  } finally {
    await client.end();
  }
};

/** Facts of the machine and the database server, for the report. */
const environment = async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names = [
      'shared_buffers',
      'work_mem',
      'effective_cache_size',
      'random_page_cost',
      'jit',
      'max_parallel_workers_per_gather',
    ];
    const settings = (
      await client.query(
        `select name, current_setting(name) as value from unnest($1::text[]) as name`,
        [names],
      )
    ).rows
      .map((r) => `${r.name} ${r.value}`)
      .join(', ');
    const [{ version }] = (await client.query('show server_version')).rows.map((r) => ({
      version: r.server_version,
    }));
    return { version, settings };
  } finally {
    await client.end();
  }
};

const table = (header, rows) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

/**
 * Answers the table rows (the same columns as run.mjs's table) and writes
 * bench/results/dashboard.md. `keep`: the database is left for later runs (its URL printed);
 * `databaseUrl`: a database kept before, checked and measured again without generating.
 */
export const dashboardSuite = async ({
  pgAdminUrl,
  duration,
  payments,
  keep,
  databaseUrl,
  smoke = false,
}) => {
  console.log('\n== Dashboard (PostgreSQL): building the server from this working tree');
  const server = await serverToMeasure('dashboard-api');
  const db = databaseUrl
    ? { url: databaseUrl, drop: async () => {} }
    : await createPgDatabase(pgAdminUrl);
  let data;
  if (databaseUrl) {
    console.log(`   checking the kept database ${databaseUrl}`);
    data = tsx('generate-dashboard.ts', ['--check-only'], { BENCH_DATABASE_URL: db.url });
  } else {
    console.log(`   generating 1 business × ${Number(payments).toLocaleString('en')} payments`);
    data = tsx('generate-dashboard.ts', ['--payments', String(payments)], {
      BENCH_DATABASE_URL: db.url,
    });
  }
  console.log(
    `   ${data.memberCount.toLocaleString('en')} members, ${data.payments.toLocaleString('en')} payments; data ready in ${data.seconds} s; roll-up checked: ${data.checks.rollupRows} rows, ${data.checks.rollupMismatches} differences`,
  );
  const owner = data.owners[0];
  const label = `1 × ${data.memberCount.toLocaleString('en')} members, ${data.payments.toLocaleString('en')} payments`;
  const statements = { functions: [], statements: [] };
  const rows = await besideBare(
    // Each load with the CPU per request of the server answering it (Kora, or the bare route).
    { server, databaseUrl: db.url, ports: PORTS, duration, measure: (c, l) => withCpu(c.pid, l) },
    { owner, memberCount: data.memberCount, label, routes: ROUTES },
    async ({ first, answers, bytes, warmUp, measureRoutes }) => {
      // The first answers after the server started, checked against sums of the raw rows.
      const diffs = await checkAnswers(db.url, owner.businessId, {
        dashboard: answers.dashboard,
        summary: answers.summary,
        list: answers.list,
      });
      if (diffs.length) {
        throw new Error(
          `DASHBOARD ANSWER CHECK FAILED: ${diffs.length} figures differ from the raw payments:\n  ${diffs.slice(0, 40).join('\n  ')}`,
        );
      }
      console.log('   answers checked against the raw payments: every figure equal');
      await warmUp();
      return measureRoutes([
        {
          route: 'GET /v1/dashboard, 1 connection',
          path: ROUTES.dashboard,
          connections: 1,
          notes: `target p95 ≤ 50 ms one user at a time; answer ${(bytes.dashboard / 1024).toFixed(1)} kB; first request after the start ${fmtMs(first.dashboard)}`,
        },
        {
          route: 'GET /v1/payment/summary, 1 connection',
          path: ROUTES.summary,
          connections: 1,
          notes: `target p95 ≤ 20 ms; first request after the start ${fmtMs(first.summary)}`,
        },
        {
          route: 'GET /v1/payment?page=1&per_page=20, 1 connection',
          path: ROUTES.list,
          connections: 1,
          notes: `total from the roll-up; first request after the start ${fmtMs(first.list)}`,
        },
        {
          route: `GET /v1/dashboard, ${CONNECTIONS} connections`,
          path: ROUTES.dashboard,
          connections: CONNECTIONS,
          notes: `${CONNECTIONS} users at once`,
        },
      ]);
    },
  );

  // The SQL, statement by statement, with the servers stopped.
  try {
    console.log('   the routes’ statements one by one (dashboard-statements.ts)…');
    Object.assign(
      statements,
      tsx(
        'dashboard-statements.ts',
        ['--json', '--runs', smoke ? '1' : '30', '--business', String(owner.businessId)],
        {
          BENCH_DATABASE_URL: db.url,
        },
      ),
    );
  } catch (err) {
    if (smoke) throw err;
    console.error(`   statements not measured: ${err.message}`);
  }

  const env = await environment(db.url);
  if (keep || databaseUrl) {
    console.log(`   database kept: ${db.url}`);
  } else {
    await db.drop();
  }
  // A smoke run (run.mjs --smoke) only proves the suite works: no figures kept.
  if (!smoke)
    writeReport({
      data,
      label,
      rows,
      statements,
      env,
      duration,
      kept: keep || databaseUrl ? db.url : null,
      reused: Boolean(databaseUrl),
    });
  // The payment count measured, for the heading of latest.md's section.
  rows.payments = data.payments;
  return rows;
};

const writeReport = ({ data, label, rows, statements, env, duration, kept, reused }) => {
  const routeTable = table(
    ['route', 'req/s', 'ratio to bare', 'p50', 'p95', 'p99', 'notes'],
    rows.map((r) => [r.route, r.rps, r.ratio, r.p50, r.p95, r.p99, r.notes]),
  );
  const fnTable = table(
    ['function (run as the server does, one call at a time)', 'min', 'p50', 'p95', 'max'],
    statements.functions.map((f) => [
      f.name,
      `${f.min} ms`,
      `${f.p50} ms`,
      `${f.p95} ms`,
      `${f.max} ms`,
    ]),
  );
  const stTable = table(
    ['route', 'statement', 'rows', 'min', 'p50', 'p95'],
    statements.statements.map((s) => [
      s.function.split(':')[0],
      s.label,
      s.rows,
      `${s.min} ms`,
      `${s.p50} ms`,
      `${s.p95} ms`,
    ]),
  );
  const plans = statements.statements
    .filter((s) => s.plan)
    .map(
      (s) =>
        `### ${s.label}: p50 ${s.p50} ms\n\n\`\`\`sql\n${s.text.trim()}\n-- values: ${JSON.stringify(s.values)}\n\`\`\`\n\n\`\`\`\n${s.plan}\n\`\`\``,
    )
    .join('\n\n');
  const stepLines = Object.entries(data.steps)
    .map(([k, v]) => `${k} ${v} s`)
    .join('; ');
  const md = `# Dashboard at ${data.payments.toLocaleString('en')} payments (suite \`dashboard\`)

${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} CPUs), Node ${process.version}, PostgreSQL ${env.version} (${env.settings}); ${duration} s per route.

Data: ${label} (today ${data.today} in Lagos); database ${data.sizes.database} (payments ${data.sizes.payments}, subscriptions ${data.sizes.subscriptions}, payment_days ${data.sizes.payment_days}, ${data.checks.rollupRows} rows). ${reused ? `A database generated by an earlier run, checked in ${data.seconds} s.` : `Generated in ${data.seconds} s (${stepLines}).`}
Checks: roll-up vs raw rows ${data.checks.rollupMismatches} differences, chain breaks ${data.checks.chainBreaks}, covers wrong ${data.checks.bad_cover}; the three answers equal to sums of the raw payments.${kept ? `\nDatabase kept: \`${kept}\`.` : ''}

## Routes (one request at a time, and the dashboard at 10 connections)

${routeTable}

## The routes' SQL, statement by statement (\`dashboard-statements.ts\`, 30 runs each, one at a time)

${fnTable}

${stTable}

## EXPLAIN (ANALYZE, BUFFERS) of the statements above 10 ms

${plans || 'None.'}
`;
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/dashboard.md'), md);
};
