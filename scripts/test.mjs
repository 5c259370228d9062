#!/usr/bin/env node
// Runs every test: type-check, then vitest, then a one-line summary ("N passed, N failed") that CI reads.
// Prerequisites that tests need (Debian's Chromium for browser tests) are installed by scripts/prepare-tests.sh.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

if (existsSync('scripts/prepare-tests.sh') && run('bash', ['scripts/prepare-tests.sh']) !== 0) {
  console.error('test prerequisites could not be installed');
  process.exit(1);
}
if (run('npx', ['tsc', '-p', 'tsconfig.json']) !== 0 || run('npx', ['tsc', '-p', 'apps/web/tsconfig.json']) !== 0) {
  console.error('type check failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
mkdirSync('artifacts', { recursive: true });
// PostgreSQL and Redis: the tests that need them start them (scripts/services.sh up); if they were not running
// before this run, they are stopped after it.
const servicesUp = () => spawnSync('bash', ['scripts/services.sh', 'env'], { stdio: 'ignore' }).status === 0;
const servicesBefore = servicesUp();
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=artifacts/vitest.json', ...process.argv.slice(2)]);
if (!servicesBefore && servicesUp()) run('bash', ['scripts/services.sh', 'down']);
let passed = 0;
let failed = status === 0 ? 0 : 1;
try {
  const report = JSON.parse(readFileSync('artifacts/vitest.json', 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
} catch {
  // no report: vitest did not get as far as writing it; the exit status says it failed
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
