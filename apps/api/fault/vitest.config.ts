import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../../vitest.reporters';

/**
 * Fault tests: the built server (apps/api/dist/server.js) as a real process on a real
 * PostgreSQL (TEST_DATABASE_URL), killed and restarted while it works. Run with
 * `npm run test:fault` (builds the API first).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['*.test.ts'],
    reporters: reporters('fault'),
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
