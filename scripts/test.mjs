// `npm test`: every test of the README's second command, the independent parts side by side on
// a small machine (2 CPUs: two lanes at a time). First lint, typecheck and the build; then two
// lanes: shared and the API on PGlite; the end-to-end flows in Chromium against that build, then
// the web tests.
// `--with-postgres` (CI, .ci/run; needs TEST_PG_URL): the first lane goes on with the API suite
// on PostgreSQL and the benchmarks' smoke run there, the second with the kill -9 fault test.
import { runStages } from './phases.mjs';

const pglite = { KORA_REPORT_TAG: 'pglite' };
const lanes = [
  [
    { name: 'shared', command: 'npm run test -w @kora/shared', env: pglite },
    { name: 'api-pglite', command: 'npm run test -w @kora/api', env: pglite },
  ],
  [
    { name: 'e2e', command: 'node e2e/run.mjs', env: pglite },
    { name: 'web', command: 'npm run test -w @kora/web', env: pglite },
  ],
];
if (process.argv.includes('--with-postgres')) {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('--with-postgres needs TEST_PG_URL (a role that may create databases)');
  const postgres = { KORA_REPORT_TAG: 'postgres', TEST_DATABASE_URL: url, BENCH_PG_URL: url };
  // The first lane (shared, API) is the shorter one: it also takes the API on PostgreSQL and the
  // benchmarks' smoke run; the second (e2e, web) the kill -9 fault test.
  lanes[0].push(
    { name: 'api-postgres', command: 'npm run test:api', env: postgres },
    { name: 'bench-smoke', command: 'node bench/run.mjs --smoke', env: postgres },
  );
  lanes[1].push(
    // The API is built already (first stage).
    {
      name: 'fault',
      command: 'npx vitest run --config apps/api/fault/vitest.config.ts',
      env: postgres,
    },
  );
}
const ok = await runStages([
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'build', command: 'npm run build', required: true },
  ],
  lanes,
]);
process.exit(ok ? 0 : 1);
