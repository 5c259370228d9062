/**
 * Issue 25's first hole, replayed against `roundtable serve` with its default limits and password cost: one address
 * sends a burst of parallel logins for one name (the right password last), while other people, each at an address of
 * their own, sign up one after the other. Prints what the burst got (passwords checked, refusals, whether the right one got in) and
 * the other person's sign-up times, alone and during the burst.
 *
 *   npx tsx apps/server/bench/login-burst.ts [--burst 200] [--signups 8] [--serve path/to/bin/serve.js]
 *
 * `--serve` runs another checkout's server (the version before the limits, for a before/after comparison).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    burst: { type: 'string', default: '200' },
    signups: { type: 'string', default: '8' },
    serve: { type: 'string', default: fileURLToPath(new URL('../bin/serve.js', import.meta.url)) },
  },
});
const BURST = Number(values.burst);
const SIGNUPS = Number(values.signups);
const PASSWORD = 'the right password';

const dir = mkdtempSync(join(tmpdir(), 'rt-login-burst-'));
const child = spawn(
  process.execPath,
  [values.serve!, '--port', '0', '--data', dir, '--http-rate', '100000', '--log-level', 'info'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let buffer = '';
  child.stdout!.on('data', (c: Buffer) => {
    buffer += c.toString();
    const m = /"url":"([^"]+)"/.exec(buffer);
    if (m) resolve(m[1]!);
  });
  child.once('exit', (code) => reject(new Error(`server exited ${code}: ${buffer}`)));
});
child.stdout!.resume();

/** A POST from `localAddress` (127.0.0.2 is another client), with its time in ms. */
function post(
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; code: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' }, agent: false },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const code = res.statusCode! < 300 ? 'ok' : (JSON.parse(text) as { error: { code: string } }).error.code;
          resolve({ status: res.statusCode!, code, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

let n = 0;
/** Each sign-up from an address of its own (127.0.1.n): people, not one address past its day's sign-ups. */
const signUp = (): Promise<{ status: number; code: string; ms: number }> => {
  n++;
  return post(`127.0.1.${n}`, '/api/accounts', { name: `Squire ${n}`, password: 'another long password' });
};
const stats = (ms: number[]): string => {
  const s = [...ms].sort((a, b) => a - b);
  return `min ${s[0]!.toFixed(0)} ms, median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
};

try {
  if ((await post('127.0.0.1', '/api/accounts', { name: 'Sir Kay', password: PASSWORD })).status !== 201)
    throw new Error('could not sign up the victim');
  const alone: { status: number; code: string; ms: number }[] = [];
  for (let i = 0; i < SIGNUPS; i++) alone.push(await signUp());

  // The burst, the right password last; the other person's sign-ups start with it, one after the other.
  const burst = Array.from({ length: BURST }, (_, i) =>
    post('127.0.0.1', '/api/session', { name: 'Sir Kay', password: i === BURST - 1 ? PASSWORD : `guess ${i}` }),
  );
  const during: { status: number; code: string; ms: number }[] = [];
  const others = (async () => {
    for (let i = 0; i < SIGNUPS; i++) during.push(await signUp());
  })();
  const answers = await Promise.all(burst);
  await others;
  const codes = new Map<string, number>();
  for (const a of answers) codes.set(a.code, (codes.get(a.code) ?? 0) + 1);
  console.log(`server: ${values.serve}`);
  console.log(
    `burst of ${BURST} logins for one name from one address: ${[...codes].map(([c, k]) => `${k} ${c}`).join(', ')}; ` +
      `the right password (last): ${answers.at(-1)!.code}; the burst took ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms`,
  );
  console.log(
    `someone else's sign-up, alone: ${stats(alone.map((d) => d.ms))} (${alone.filter((d) => d.status === 201).length}/${alone.length} made)`,
  );
  console.log(
    `someone else's sign-up during the burst: ${stats(during.map((d) => d.ms))} (${during.filter((d) => d.status === 201).length}/${during.length} made)`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
