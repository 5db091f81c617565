import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters';

/** Test files that replace a module with vi.mock: each runs in a registry of its own. */
const MOCKING_TESTS = ['src/modules/online/pay-page.test.ts'];

export default defineConfig({
  test: {
    reporters: reporters('api'),
    // Migrates one database per run; each test file's database starts as a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share a module registry per worker (isolate: false): importing Fastify, Drizzle
    // and every contract again for each file cost more than many files' tests. Each file still
    // builds its own app on its own database. A file that replaces a module with vi.mock runs
    // isolated.
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: MOCKING_TESTS,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-mocking', include: MOCKING_TESTS } },
    ],
  },
});
