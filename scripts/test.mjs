// `npm test`: every test of the README's second command, the independent parts side by side on
// a small machine: lint, typecheck and the build; then the unit and API tests on PGlite (shared,
// API, web) beside the end-to-end flows in Chromium against that build.
// `--with-postgres` (CI, .ci/run; needs TEST_PG_URL): then the API suite again on PostgreSQL
// beside the kill -9 fault test and the benchmark smoke run on the same server.
import { runStages } from './phases.mjs';

const stages = [
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'build', command: 'npm run build', required: true },
  ],
  [
    { name: 'unit', command: 'npm run test:unit', env: { KORA_REPORT_TAG: 'pglite' } },
    { name: 'e2e', command: 'node e2e/run.mjs', env: { KORA_REPORT_TAG: 'pglite' } },
  ],
];
if (process.argv.includes('--with-postgres')) {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('--with-postgres needs TEST_PG_URL (a role that may create databases)');
  const postgres = { KORA_REPORT_TAG: 'postgres', TEST_DATABASE_URL: url, BENCH_PG_URL: url };
  stages.push([
    { name: 'api-postgres', command: 'npm run test:api', env: postgres },
    {
      name: 'fault+bench',
      // The API is built already (first stage): the fault test, then the benchmarks' smoke run.
      command:
        'npx vitest run --config apps/api/fault/vitest.config.ts && node bench/run.mjs --smoke',
      env: postgres,
    },
  ]);
}
const ok = await runStages(stages);
process.exit(ok ? 0 : 1);
