import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/test/**/*.test.ts', 'apps/**/test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // Two files at once: on CI's 2 cores vitest's default (cores − 1) ran one file at a time, the CPU about 40 %
    // busy (most suites wait on servers, browsers and clocks), and the whole run neared the 25-minute budget.
    maxWorkers: 2,
  },
});
