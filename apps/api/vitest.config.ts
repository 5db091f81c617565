import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: reporters('api'),
    // Migrates one database per run; each test file's database starts as a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
