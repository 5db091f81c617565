import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters';

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], reporters: reporters('shared') },
});
