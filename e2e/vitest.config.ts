import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters';

/**
 * Browser flows against the server that e2e/run.mjs starts (E2E_BASE_URL). Files run side by
 * side (E2E_WORKERS at a time, 2 by default), each in its own browser: each signs up businesses
 * of its own, so their data never meets; the files that use the loopback Paystack take turns on
 * its port (e2e/paystack.ts).
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 90_000,
    hookTimeout: 90_000,
    reporters: reporters('e2e'),
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
