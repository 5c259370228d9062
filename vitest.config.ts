import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/test/**/*.test.ts', 'apps/**/test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // Two test files at once: one at a time left CI's 2 cores more than half idle (most files wait on sockets,
    // databases and Chromium), and the whole run near its 25-minute budget.
    maxWorkers: 2,
  },
});
