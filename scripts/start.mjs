#!/usr/bin/env node
// `npm start`: builds the web client when its sources are newer than the last build, then starts the server
// (HTTP + WebSocket + the web client, embedded SQLite in ./data). Flags after `--` go to the server:
// `npm start -- --port 9000 --data /tmp/rt`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = 'apps/web/dist/index.html';
const sources = Math.max(newest('apps/web'), newest('packages'));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the web client (apps/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@roundtable/web', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web client did not build; see the errors above.');
    process.exit(build.status ?? 1);
  }
}
console.log('To play in a terminal instead: npx roundtable (a menu of the games)');
// A young generation sized for a server (apps/server/src/processes/young-generation.ts says why), unless
// NODE_OPTIONS sets one.
const young = /--max[-_]semi[-_]space[-_]size/.test(process.env.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=64'];
const serve = spawnSync(process.execPath, [...young, 'apps/cli/bin/roundtable.js', 'serve', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(serve.status ?? 1);
