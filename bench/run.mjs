// One command for the benchmarks (see bench/README.md):
//   node bench/run.mjs [--target postgres|pglite|both] [--businesses 10] [--members 100000]
//                      [--duration 10] [--connections 50] [--suite serialise,members,payments]
//                      [--payments-per-member 0]
//   node bench/run.mjs --target postgres --suite dashboard [--payments 1000000] [--keep-db]
//                      [--dashboard-db postgres://…]
// Suite `serialise` runs in-process, once. For each target, the other suites get a fresh
// database, the generator's data, the built Kora server (port 3900), and beside it a bare Fastify
// route (3901) and, on PostgreSQL, the yardstick of the hot routes (yardstick-server.mjs, 3902:
// the same work with the best SQL we can write, on the same database), measured in the same run.
// Prints each route's throughput and latency, the yardstick's beside them and Kora's share of
// it, and the ratio to the bare route; writes the table to bench/results/latest.md. Suite
// `compare` (not in the default list) measures the member list of a second build,
// BENCH_BASELINE_SERVER, beside this one (its baseline on port 3903).
// Suite `dashboard` (not in the default list, PostgreSQL only) makes its own database of one
// business with a million payments (suites/dashboard.mjs); its rows go to their own section of
// latest.md (a run of the other suites keeps it, and the other way round) and, with the SQL
// statement by statement, to bench/results/dashboard.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import {
  KORA_SERVER,
  ROOT,
  createPgDatabase,
  generate,
  markdownTable,
  startBare,
  startKora,
  startYardstick,
  stopProcess,
  tempDir,
} from './lib.mjs';
import { compareSuite } from './suites/compare.mjs';
import { membersSuite } from './suites/members.mjs';
import { serialiseSuite } from './suites/serialise.mjs';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'both' },
    businesses: { type: 'string', default: '10' },
    members: { type: 'string', default: '100000' },
    'pglite-businesses': { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    suite: { type: 'string', default: 'serialise,members,payments' },
    'payments-per-member': { type: 'string', default: '0' },
    // suite `dashboard`: its payment count; keep its database; or measure one kept before
    payments: { type: 'string', default: '1000000' },
    'keep-db': { type: 'boolean', default: false },
    'dashboard-db': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://kora:kora@127.0.0.1:5432/kora_test';
const suites = values.suite.split(',');

// Suites that make their own database and data (and build their own server).
const OWN_DATA = ['dashboard'];
const serverSuites = suites.filter((s) => s !== 'serialise' && !OWN_DATA.includes(s));

if (serverSuites.length > 0 && !existsSync(KORA_SERVER)) {
  spawnSync('npm', ['run', 'build', '-w', '@kora/api'], { cwd: ROOT, stdio: 'inherit' });
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
    data = generate({ BENCH_DATABASE_URL: db.url }, genArgs);
  } else {
    const dir = tempDir('kora-bench-');
    env = { DATA_DIR: dir };
    dbAccess = { dataDir: join(dir, 'db') };
    console.log(`\n== PGlite: generating ${businesses} × ${values.members} members`);
    data = generate({ BENCH_DATA_DIR: join(dir, 'db') }, genArgs);
  }
  console.log(`   generated in ${data.seconds}s`);
  const kora = await startKora(3900, env);
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
      ...dbAccess,
      // PGlite's folder is held by the server: a suite stops it before opening the folder.
      stopKora: () => stopProcess(kora),
    };
    if (suites.includes('members')) rows.push(...(await membersSuite(ctx)));
    if (suites.includes('compare')) rows.push(...(await compareSuite(ctx)));
    if (suites.includes('payments')) {
      const { paymentsSuite } = await import('./suites/payments.mjs').catch(() => ({}));
      if (paymentsSuite) rows.push(...(await paymentsSuite(ctx)));
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
      pgAdminUrl,
      duration,
      payments: Number(values.payments),
      keep: values['keep-db'],
      databaseUrl: values['dashboard-db'],
    });
  }
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
