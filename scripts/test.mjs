#!/usr/bin/env node
// `npm test`: everything a fresh machine needs, then every check, then one summary line ("N passed, N failed")
// that CI reads.
//   1. scripts/prepare-tests.sh installs what the suites need from Debian's packages (Chromium, fonts,
//      PostgreSQL, Redis) when missing: no test installs anything;
//   2. the type check and the lint (ESLint, Prettier, import circles: `npm run lint`);
//   3. PostgreSQL and Redis started once for the whole run (scripts/services.sh up), their URLs handed to the
//      suites as RT_TEST_DATABASE_URL and RT_TEST_REDIS_URL, and stopped after it when this run started them;
//      and a second pair for the fault test alone (SERVICES_DIR=.services/faults), which that test stops and
//      starts (outages) while the other suites run on the first: RT_FAULT_DATABASE_URL, RT_FAULT_REDIS_URL and
//      RT_FAULT_SERVICES_DIR;
//   4. the web client built once into artifacts/web-build (RT_TEST_WEB_DIR), served by the browser test files;
//   5. vitest, with its JSON report in artifacts/vitest.json.
// Arguments go to vitest (`npm test -- apps/server` runs one folder).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
const fail = (what) => {
  console.error(what);
  console.log('0 passed, 1 failed');
  process.exit(1);
};

if (run('bash', ['scripts/prepare-tests.sh']) !== 0) fail('test prerequisites could not be installed');
if (run('npx', ['tsc', '-p', 'tsconfig.json']) !== 0 || run('npx', ['tsc', '-p', 'apps/web/tsconfig.json']) !== 0)
  fail('type check failed');
if (run('npm', ['run', 'lint', '--silent']) !== 0)
  fail('lint failed (`npm run lint`; `npm run format` fixes the formatting)');

/** Starts the pair of `dir` (scripts/services.sh up); returns its URLs and whether this run started it. */
const servicesUp = (dir) => {
  const env = dir ? { ...process.env, SERVICES_DIR: dir } : process.env;
  const startedHere = spawnSync('bash', ['scripts/services.sh', 'env'], { encoding: 'utf8', env }).status !== 0;
  const up = spawnSync('bash', ['scripts/services.sh', 'up'], {
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const database = /^DATABASE_URL=(.+)$/m.exec(up.stdout ?? '')?.[1];
  const redis = /^REDIS_URL=(.+)$/m.exec(up.stdout ?? '')?.[1];
  if (up.status !== 0 || !database || !redis)
    fail(`PostgreSQL and Redis did not start (scripts/services.sh up${dir ? ` in ${dir}` : ''})`);
  return { database, redis, startedHere, env };
};
const FAULTS_DIR = resolve('.services/faults');
const main = servicesUp(null);
const faults = servicesUp(FAULTS_DIR);
const { database, redis } = main;

mkdirSync('artifacts', { recursive: true });
// The web client, built once for every browser test file that only serves it (apps/web/test/harness.ts,
// sharedClient), in place of one build per file.
const WEB_BUILD = resolve('artifacts/web-build');
if (run('npx', ['vite', 'build', 'apps/web', '--outDir', WEB_BUILD, '--emptyOutDir', '--logLevel', 'warn']) !== 0)
  fail('the web client did not build (npx vite build apps/web)');
let status;
try {
  status = run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=artifacts/vitest.json',
      ...process.argv.slice(2),
    ],
    {
      ...process.env,
      RT_TEST_DATABASE_URL: database,
      RT_TEST_REDIS_URL: redis,
      RT_FAULT_DATABASE_URL: faults.database,
      RT_FAULT_REDIS_URL: faults.redis,
      RT_FAULT_SERVICES_DIR: FAULTS_DIR,
      RT_TEST_WEB_DIR: WEB_BUILD,
    },
  );
} finally {
  if (faults.startedHere) run('bash', ['scripts/services.sh', 'down'], faults.env);
  if (main.startedHere) run('bash', ['scripts/services.sh', 'down']);
}
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
