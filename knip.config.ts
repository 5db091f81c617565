import type { KnipConfig } from 'knip';

/**
 * Unused files and unused exports (`npm run lint` runs it). Knip's plugins find most entry
 * points by themselves (package.json scripts, Vite's inputs, Vitest's test files and configs,
 * drizzle.config.ts, eslint.config.js); the entries below are the ones they cannot see.
 * Dependencies are not checked here: bench/ and e2e/ use the apps' packages through the
 * workspace install without listing them at the root.
 */
const config: KnipConfig = {
  include: ['files', 'exports', 'nsExports', 'types', 'nsTypes', 'enumMembers', 'duplicates'],
  workspaces: {
    '.': {
      entry: [
        'e2e/*.e2e.test.ts',
        'e2e/vitest.config.ts',
        // The benchmarks run directly; lib.mjs, build-server.mjs, bench-gym.ts and suites/ are what
        // they import.
        'bench/*.{mjs,ts}',
        '!bench/{lib,build-server}.mjs',
        '!bench/bench-gym.ts',
        '.ci/*.mjs',
      ],
      project: ['e2e/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', '.ci/**/*.mjs', '*.{js,ts}'],
    },
    'packages/shared': {
      // Only Kora's own apps import @kora/shared: an export none of them uses is unused.
      includeEntryExports: true,
      project: ['src/**/*.ts'],
    },
    'apps/api': {
      entry: [
        'scripts/*.ts',
        'fault/*.test.ts',
        'fault/vitest.config.ts',
        'src/test/global-setup.ts',
      ],
      project: [
        'src/**/*.ts',
        // It walks every export of @kora/shared to find the contracts (`import * as shared`),
        // which would count every export of shared as used.
        '!src/test/contracts.ts',
        'scripts/**/*.ts',
        'fault/**/*.ts',
        '*.{mjs,ts}',
      ],
    },
    'apps/web': {
      entry: ['src/main.tsx', 'scripts/*.mjs'],
      project: ['src/**/*.{ts,tsx}', 'scripts/**/*.mjs', '*.{ts,cjs}'],
    },
  },
};

export default config;
