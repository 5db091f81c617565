// `npm test`: every test of the README's second command, the independent parts side by side on
// a small machine (2 CPUs). Four lanes start together:
//   - the build, then the end-to-end flows in Chromium against that build (a failed build skips
//     them);
//   - the web tests (they need no build), beside the end-to-end flows, which spend much of
//     their time waiting on a browser or a retry's timer: the web tests take that CPU;
//   - the API on PGlite (it needs no build: the API tests never serve the built web app);
//   - lint, then typecheck (TypeScript 7's compiler on one thread: a quarter of TypeScript 5.9's
//     CPU, and the other lanes keep the second CPU), then the shared tests.
// `--with-postgres` (CI, .ci/run; needs TEST_PG_URL): the build's lane goes on with the kill -9
// fault test (which runs the built server) and the API suite on PostgreSQL, the lint lane with
// the benchmarks' smoke run on PostgreSQL.
import { runStages } from './phases.mjs';

const pglite = { KORA_REPORT_TAG: 'pglite' };
const build = [
  { name: 'build', command: 'npm run build', required: true },
  { name: 'e2e', command: 'node e2e/run.mjs', env: pglite },
];
const web = [{ name: 'web', command: 'npm run test -w @kora/web', env: pglite }];
const api = [{ name: 'api-pglite', command: 'npm run test -w @kora/api', env: pglite }];
const checks = [
  { name: 'lint', command: 'npm run lint' },
  { name: 'typecheck', command: 'npm run typecheck -- --singleThreaded' },
  { name: 'shared', command: 'npm run test -w @kora/shared', env: pglite },
];
if (process.argv.includes('--with-postgres')) {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('--with-postgres needs TEST_PG_URL (a role that may create databases)');
  const postgres = { KORA_REPORT_TAG: 'postgres', TEST_DATABASE_URL: url, BENCH_PG_URL: url };
  // The lint lane takes the benchmarks' smoke run (which builds its own server).
  checks.push({ name: 'bench-smoke', command: 'node bench/run.mjs --smoke', env: postgres });
  build.push(
    {
      name: 'fault',
      command: 'npx vitest run --config apps/api/fault/vitest.config.ts',
      env: postgres,
    },
    // After the end-to-end flows, which end well before the API suite on PGlite: the two API
    // suites overlap for a while, not from start to end (which made each twice as slow).
    { name: 'api-postgres', command: 'npm run test:api', env: postgres },
  );
}
const ok = await runStages([[build, web, api, checks]]);
process.exit(ok ? 0 : 1);
