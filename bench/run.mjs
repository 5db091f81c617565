// One command for the benchmarks (see bench/README.md):
//   node bench/run.mjs [--target postgres|pglite|both] [--businesses 10] [--members 100000]
//                      [--duration 10] [--connections 50] [--suite serialise,members,payments]
//                      [--payments-per-member 0]
// Suite `serialise` runs in-process, once. For each target, the other suites get a fresh
// database, the generator's data, the built Kora server, and beside it a bare Fastify route
// measured in the same run. Prints each route's throughput and latency and its ratio to the bare
// route, and writes the table to bench/results/latest.md. Suite `compare` (not in the default
// list) measures the member list of a second build, BENCH_BASELINE_SERVER, beside this one.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import {
  KORA_SERVER,
  ROOT,
  createPgDatabase,
  generate,
  startBare,
  startKora,
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
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://kora:kora@127.0.0.1:5432/kora_test';
const suites = values.suite.split(',');

if (!existsSync(KORA_SERVER)) {
  spawnSync('npm', ['run', 'build', '-w', '@kora/api'], { cwd: ROOT, stdio: 'inherit' });
}

const rows = [];
if (suites.includes('serialise')) rows.push(...serialiseSuite({ duration }));
const serverSuites = suites.filter((s) => s !== 'serialise');
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
  try {
    const ctx = {
      target,
      data,
      connections,
      duration,
      koraUrl: 'http://127.0.0.1:3900',
      koraPid: kora.pid,
      bareUrl: 'http://127.0.0.1:3901/bare',
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
    await cleanup();
  }
}

const header =
  '| target | data | route | req/s | ratio to bare | p50 | p95 | p99 | notes |\n|---|---|---|---|---|---|---|---|---|';
const table = [
  header,
  ...rows.map(
    (r) =>
      `| ${r.target} | ${r.data} | ${r.route} | ${r.rps} | ${r.ratio} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.notes ?? ''} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/latest.md'),
  `# Last benchmark run\n\n${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}, ${connections} connections, ${duration} s per route.\n\n${table}\n`,
);
