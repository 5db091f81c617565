import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters';

/** Browser flows against the server that e2e/run.mjs starts (E2E_BASE_URL). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    reporters: reporters('e2e'),
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
