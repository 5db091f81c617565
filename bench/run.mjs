// One command for the benchmarks (see bench/README.md):
//   node bench/run.mjs [--target postgres|pglite|both] [--businesses 10] [--members 100000]
//                      [--duration 10] [--connections 50]
//                      [--suite serialise,members,check-in,payments]
//                      [--payments-per-member 0]
//   node bench/run.mjs --target postgres --suite dashboard [--payments 1000000] [--keep-db]
//                      [--dashboard-db postgres://…]
//   node bench/run.mjs --target postgres --suite attendance [--visits 5000000]
//                      [--attendance-members 50000]
//   node bench/run.mjs --target postgres --suite audit-cost [--turns 3] [--duration 10]
//   node bench/run.mjs --target postgres --suite roster --businesses 1 --members 10000
// Suite `serialise` runs in-process, once. For each target, the other suites get a fresh
// database, the generator's data, the built Kora server (port 3900), and beside it a bare Fastify
// route (3901) and, on PostgreSQL, the yardstick of the hot routes (yardstick-server.mjs, 3902:
// the same work with the best SQL we can write, on the same database), measured in the same run.
// Prints each route's throughput and latency, the yardstick's beside them and Kora's share of
// it, and the ratio to the bare route; writes the table to bench/results/latest.md. Suite
// `compare` (not in the default list) measures the member list of a second build,
// BENCH_BASELINE_SERVER, beside this one (its baseline on port 3903).
// --smoke (CI): proves every suite still works, fast, on PostgreSQL: 1 business × 300 members
// with a payment each, 20 requests a connection per route (a quarter of a second per turn where
// a suite times its own load), 4 connections, the dashboard at 3,000 payments and the
// attendance at 20,000 visits (suites/attendance.mjs, its own database, PostgreSQL only); the
// roll-ups the generator fills set-based compared row by row with a copy the triggers built;
// any check that fails, answer that differs from the yardstick or 5xx fails the run; no figures
// kept (bench/results/ is not written). Options given beside it still apply.
// Suite `dashboard` (not in the default list, PostgreSQL only) makes its own database of one
// business with a million payments (suites/dashboard.mjs); its rows go to their own section of
// latest.md (a run of the other suites keeps it, and the other way round) and, with the SQL
// statement by statement, to bench/results/dashboard.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ROOT,
  createPgDatabase,
  firstDifference,
  generate,
  markdownTable,
  startBare,
  startKora,
  startYardstick,
  stopProcess,
  tempDir,
} from './lib.mjs';
import pg from 'pg';
import { serverToMeasure } from './build-server.mjs';
import { compareSuite } from './suites/compare.mjs';
import { checkInSuite } from './suites/check-in.mjs';
import { membersSuite } from './suites/members.mjs';
import { serialiseSuite } from './suites/serialise.mjs';

const { values: given } = parseArgs({
  options: {
    target: { type: 'string' },
    businesses: { type: 'string' },
    members: { type: 'string' },
    'pglite-businesses': { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    suite: { type: 'string' },
    'payments-per-member': { type: 'string' },
    // suite `dashboard`: its payment count; keep its database; or measure one kept before
    payments: { type: 'string' },
    // suite `attendance`: its visits and members
    visits: { type: 'string' },
    'attendance-members': { type: 'string' },
    // suite `audit-cost`: turns of each (with and without the audit insert)
    turns: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
    'dashboard-db': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const DEFAULTS = {
  target: 'both',
  businesses: '10',
  members: '100000',
  'pglite-businesses': '2',
  duration: '10',
  connections: '50',
  suite: 'serialise,members,check-in,payments',
  'payments-per-member': '0',
  payments: '1000000',
  visits: '5000000',
  'attendance-members': '50000',
};
const SMOKE = {
  target: 'postgres',
  businesses: '1',
  members: '300',
  duration: '0.25',
  connections: '4',
  suite: 'serialise,members,check-in,guard,roster,payments,audit-cost,dashboard,attendance',
  'payments-per-member': '1',
  payments: '3000',
  visits: '20000',
  'attendance-members': '500',
};
const smoke = given.smoke;
const values = { ...DEFAULTS, ...(smoke ? SMOKE : {}) };
for (const [k, v] of Object.entries(given)) if (v !== undefined) values[k] = v;
const duration = Number(values.duration);
const connections = Number(values.connections);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://kora:kora@127.0.0.1:5432/kora_test';
const suites = values.suite.split(',');
/** The hot routes the guard (suite `guard`) found past their limit. */
const guardFailed = [];

/** The roll-up tables, in a stable order, as compared by compareWithTriggerBuilt. */
const ROLLUP_TABLES = {
  payment_days: `select business_id, to_char(day, 'YYYY-MM-DD') as day, subscription_type_id, method,
    payments, amount_kobo::text, first_subscriptions, ended_subscriptions
    from payment_days order by 1, 2, 3, 4`,
  member_cover: `select member_id, business_id, to_char(paid_through, 'YYYY-MM-DD') as paid_through,
    to_char(last_ended, 'YYYY-MM-DD') as last_ended from member_cover order by 1`,
  first_subscriptions: `select id from subscriptions where is_first order by id`,
};

// Suites that make their own database and data (and build their own server).
const OWN_DATA = ['dashboard', 'attendance'];
const serverSuites = suites.filter((s) => s !== 'serialise' && !OWN_DATA.includes(s));

// The server measured: the source of this working tree, bundled afresh (apps/api/dist may be
// older than the source: a change would then go unmeasured), unless BENCH_SERVER names a build.
const koraServer = serverSuites.length > 0 ? await serverToMeasure('kora-api') : undefined;

/**
 * The roll-ups the generator fills set-based (with the triggers off) equal those the triggers
 * build row by row: the same data generated again with --with-triggers in a database of its own,
 * and payment_days, member_cover and the first subscriptions compared row by row.
 */
async function compareWithTriggerBuilt(url, genArgs) {
  const copy = await createPgDatabase(pgAdminUrl);
  try {
    console.log('   the same data with the roll-up triggers on, to compare the roll-ups…');
    generate({ BENCH_DATABASE_URL: copy.url }, [...genArgs, '--with-triggers']);
    const read = async (dbUrl) => {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      try {
        const out = {};
        for (const [name, text] of Object.entries(ROLLUP_TABLES)) {
          out[name] = (await client.query(text)).rows;
        }
        return out;
      } finally {
        await client.end();
      }
    };
    const [setBased, triggerBuilt] = [await read(url), await read(copy.url)];
    for (const name of Object.keys(ROLLUP_TABLES)) {
      const difference = firstDifference(setBased[name], triggerBuilt[name], name);
      if (difference) throw new Error(`ROLL-UP DIFFERS from the triggers': ${difference}`);
      if (setBased[name].length === 0) throw new Error(`ROLL-UP EMPTY: ${name}`);
    }
    console.log(
      `   roll-ups equal the triggers': ${Object.keys(ROLLUP_TABLES)
        .map((n) => `${n} ${setBased[n].length} rows`)
        .join(', ')}`,
    );
  } finally {
    await copy.drop();
  }
}

const rows = [];
if (suites.includes('serialise')) rows.push(...serialiseSuite({ duration }));
const targets =
  serverSuites.length === 0
    ? []
    : values.target === 'both'
      ? ['postgres', 'pglite']
      : [values.target];
for (const target of targets) {
  const businesses = target === 'pglite' ? values['pglite-businesses'] : values.businesses;
  let env;
  let data;
  let dbAccess; // what a suite needs to check the database afterwards
  const genArgs = [
    '--businesses',
    businesses,
    '--members',
    values.members,
    '--payments-per-member',
    values['payments-per-member'],
  ];
  let cleanup = async () => {};
  if (target === 'postgres') {
    const db = await createPgDatabase(pgAdminUrl);
    env = { DATABASE_URL: db.url };
    dbAccess = { databaseUrl: db.url };
    cleanup = db.drop;
    console.log(`\n== PostgreSQL: generating ${businesses} × ${values.members} members`);
    try {
      data = generate({ BENCH_DATABASE_URL: db.url }, genArgs);
      if (smoke && Number(values['payments-per-member']) > 0) {
        await compareWithTriggerBuilt(db.url, genArgs);
      }
    } catch (err) {
      await db.drop(); // nothing to measure: the database goes now
      throw err;
    }
  } else {
    const dir = tempDir('kora-bench-');
    env = { DATA_DIR: dir };
    dbAccess = { dataDir: join(dir, 'db') };
    console.log(`\n== PGlite: generating ${businesses} × ${values.members} members`);
    data = generate({ BENCH_DATA_DIR: join(dir, 'db') }, genArgs);
  }
  console.log(`   generated in ${data.seconds}s`);
  const kora = await startKora(3900, env, koraServer);
  const bare = await startBare(3901);
  let yardstick;
  try {
    // PGlite's folder is the Kora server's alone: no yardstick there (its columns stay empty).
    if (target === 'postgres') yardstick = await startYardstick(3902, env);
    const ctx = {
      target,
      data,
      connections,
      duration,
      koraUrl: 'http://127.0.0.1:3900',
      koraPid: kora.pid,
      bareUrl: 'http://127.0.0.1:3901/bare',
      yardstickUrl: yardstick ? 'http://127.0.0.1:3902' : undefined,
      yardstickPid: yardstick?.pid,
      ...dbAccess,
      // PGlite's folder is held by the server: a suite stops it before opening the folder.
      stopKora: () => stopProcess(kora),
    };
    if (suites.includes('members')) rows.push(...(await membersSuite(ctx)));
    if (suites.includes('check-in')) rows.push(...(await checkInSuite(ctx)));
    if (suites.includes('guard')) {
      const { guardSuite, guardTable } = await import('./suites/guard.mjs');
      const guard = await guardSuite(ctx);
      guardFailed.push(...guard.failed);
      if (!smoke && guard.rows.length) {
        const text = `# Guard of the hot routes\n\n${new Date().toISOString()}: CPU per request (the server's and its database's), Kora against the yardstick, ${businesses} × ${values.members} members (suites/guard.mjs).\n\n${guardTable(guard.rows)}\n`;
        writeFileSync(join(ROOT, 'bench/results/guard.md'), text);
      }
    }
    if (suites.includes('roster')) {
      const { rosterSuite } = await import('./suites/roster.mjs');
      rows.push(...(await rosterSuite({ ...ctx, smoke })));
    }
    if (suites.includes('compare')) rows.push(...(await compareSuite(ctx)));
    if (suites.includes('payments')) {
      const { paymentsSuite } = await import('./suites/payments.mjs').catch(() => ({}));
      if (paymentsSuite) rows.push(...(await paymentsSuite(ctx)));
    }
    if (suites.includes('audit-cost')) {
      const { auditCostSuite } = await import('./suites/audit-cost.mjs');
      rows.push(...(await auditCostSuite({ ...ctx, smoke, turns: Number(values.turns ?? 3) })));
    }
  } finally {
    await stopProcess(kora);
    await stopProcess(bare);
    await stopProcess(yardstick);
    await cleanup();
  }
}

let dashboardRows;
if (suites.includes('dashboard')) {
  if (values.target === 'pglite') {
    console.log('\n== suite dashboard runs on PostgreSQL only: skipped with --target pglite');
  } else {
    const { dashboardSuite } = await import('./suites/dashboard.mjs');
    dashboardRows = await dashboardSuite({
      smoke,
      pgAdminUrl,
      duration,
      payments: Number(values.payments),
      keep: values['keep-db'],
      databaseUrl: values['dashboard-db'],
    });
  }
}

let attendanceRows;
if (suites.includes('attendance')) {
  if (values.target === 'pglite') {
    console.log('\n== suite attendance runs on PostgreSQL only: skipped with --target pglite');
  } else {
    const { attendanceSuite } = await import('./suites/attendance.mjs');
    attendanceRows = await attendanceSuite({
      smoke,
      pgAdminUrl,
      duration,
      visits: Number(values.visits),
      members: Number(values['attendance-members']),
    });
    if (!smoke) console.log(`\n${markdownTable(attendanceRows)}\n`);
  }
}

if (smoke) {
  // Every route answered without a server error, and every database check passed.
  const broken = [...rows, ...(dashboardRows ?? []), ...(attendanceRows ?? [])].filter(
    (r) => /CHECKS FAIL/.test(r.notes ?? '') || /(^|[ ;])5\d\d×/.test(r.notes ?? ''),
  );
  for (const r of broken) console.error(`SMOKE FAILED: ${r.target} ${r.route}: ${r.notes}`);
  for (const route of guardFailed)
    console.error(`SMOKE FAILED: the guard: ${route} costs more CPU per request than its limit`);
  console.log(
    `\n== bench smoke: ${rows.length + (dashboardRows?.length ?? 0) + (attendanceRows?.length ?? 0)} routes measured, ${broken.length} broken; the guard: ${guardFailed.length} hot routes past their limit`,
  );
  process.exit(broken.length || guardFailed.length ? 1 : 0);
}

const tableOf = markdownTable;
const stamp = `${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}`;
// latest.md: the last run of the other suites, then the last run of `dashboard` in its own
// section; a run writes its part and keeps the other.
const latest = join(ROOT, 'bench/results/latest.md');
const DASHBOARD_SECTION = '\n## Dashboard at ';
const previous = existsSync(latest) ? readFileSync(latest, 'utf8') : '';
const cut = previous.indexOf(DASHBOARD_SECTION);
let main = (cut >= 0 ? previous.slice(0, cut) : previous).trimEnd();
let dashboard = cut >= 0 ? previous.slice(cut).trim() : '';
if (rows.length > 0) {
  const table = tableOf(rows);
  console.log(`\n${table}\n`);
  main = `# Last benchmark run\n\n${stamp}, ${connections} connections, ${duration} s per route.\n\n${table}`;
}
if (dashboardRows) {
  const table = tableOf(dashboardRows);
  console.log(`\n${table}\n`);
  dashboard = `## Dashboard at ${dashboardRows.payments.toLocaleString('en')} payments (suite \`dashboard\`)\n\n${stamp}, ${duration} s per route; one request at a time, the dashboard also at 10 connections, each beside the bare route at the same connections. The SQL statement by statement, with the plans of the slow ones: \`dashboard.md\`.\n\n${table}`;
}
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(latest, `${main || '# Last benchmark run'}\n${dashboard ? `\n${dashboard}\n` : ''}`);
