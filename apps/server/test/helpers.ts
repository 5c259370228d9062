import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../src/server.ts';

export interface TestServer extends RunningServer {
  readonly dir: string;
  readonly ws: string;
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------
// Which store the suites run on. The suites run once on SQLite (the default) and once on PostgreSQL: the files
// under test/postgres/ call `usePostgres()` and then import a suite, whose servers then store in PostgreSQL
// (one fresh database per server; a server given a data folder gets the database named after that folder, so
// restarts find their matches). PostgreSQL and Redis are started once for the whole run by `npm test`
// (scripts/test.mjs), which hands their URLs over as RT_TEST_DATABASE_URL and RT_TEST_REDIS_URL; a test never
// installs or starts them. Running vitest by hand, start them first: `scripts/services.sh up`.

const SERVICES = fileURLToPath(new URL('../../../scripts/services.sh', import.meta.url));
let services: { database: string; redis: string } | null = null;

/** The PostgreSQL and Redis of this run (from `npm test`, else those `scripts/services.sh up` left running). */
export function testServices(): { database: string; redis: string } {
  if (services) return services;
  let database = process.env.RT_TEST_DATABASE_URL;
  let redis = process.env.RT_TEST_REDIS_URL;
  if (!database || !redis) {
    let out: string;
    try {
      out = execFileSync('bash', [SERVICES, 'env'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 10_000,
      });
    } catch {
      throw new Error(
        'PostgreSQL and Redis are not running: `npm test` starts them; by hand, run `scripts/services.sh up` first',
      );
    }
    database = /^DATABASE_URL=(.+)$/m.exec(out)?.[1];
    redis = /^REDIS_URL=(.+)$/m.exec(out)?.[1];
    if (!database || !redis) throw new Error(`scripts/services.sh env printed no URLs: ${out}`);
  }
  services = { database, redis };
  return services;
}

/** The store the test servers of this file use. */
export function storeKind(): 'sqlite' | 'postgres' {
  return process.env.RT_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
}

/** From now on in this test file, servers store in PostgreSQL. */
export function usePostgres(): void {
  process.env.RT_TEST_STORE = 'postgres';
  testServices();
}

/** Creates database `name` (if missing) on the test PostgreSQL and returns its URL. */
export async function testDatabase(name = `rt_${randomBytes(6).toString('hex')}`): Promise<string> {
  const admin = testServices().database;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE template0`);
      // Tests kill server processes, never PostgreSQL: a commit need not wait for the disk (it stays atomic and
      // ordered, and visible to every process), which keeps the PostgreSQL variants of the suites fast.
      await client.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET synchronous_commit = off`);
    }
  } catch (e) {
    // Two servers of one test racing to create the same database: the other one made it.
    if ((e as { code?: string }).code !== '42P04' && (e as { code?: string }).code !== '23505') throw e;
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by `testDatabase` (closing whatever is still connected). */
export async function dropTestDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServices().database });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The database a data folder stands for, when the suites run on PostgreSQL. */
export function databaseFor(dataDir: string): Promise<string> {
  return testDatabase(`rt_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
}

/** The storage flags of a server process spawned by a test (`--data dir`, or `--database url` on PostgreSQL). */
export async function storeArgs(dataDir: string): Promise<string[]> {
  return storeKind() === 'postgres' ? ['--database', await databaseFor(dataDir)] : ['--data', dataDir];
}

export async function testServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rt-server-'));
  let database = options.database ?? null;
  let fresh: string | null = null;
  if (database === null && options.store === undefined && storeKind() === 'postgres') {
    database = options.dataDir !== undefined ? await databaseFor(options.dataDir) : (fresh = await testDatabase());
  }
  // Every suite's clients come from 127.0.0.1: the per-address caps are lifted unless a test sets them (limits.test.ts,
  // abuse.test.ts), and play-now may pair two of them.
  const limits = {
    matchesPerAddress: 100_000,
    liveMatches: 100_000,
    socketsPerAddress: 100_000,
    matchesPerAccount: 100_000,
    signupsPerAddress: 100_000,
    hashPerAddress: 1000,
    importsPerAddress: 100_000,
    pairSameAddress: true,
  };
  const server = await startServer({
    port: 0,
    dataDir: dir,
    webDir: join(dir, 'no-web-client'),
    logger: pino({ level: process.env.RT_TEST_LOG ?? 'silent' }),
    botMs: 50,
    limits,
    ...options,
    database,
  });
  return {
    ...server,
    dir,
    ws: `${server.url.replace('http', 'ws')}/ws`,
    async stop() {
      await server.close();
      if (options.dataDir === undefined) rmSync(dir, { recursive: true, force: true });
      if (fresh !== null) await dropTestDatabase(fresh);
    },
  };
}

export async function api<T = any>(
  server: { url: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * An API call from another local address (the whole of 127.0.0.0/8 is loopback on Linux: 127.0.0.2 is "another
 * client" for the per-address caps), with its headers (a session cookie) and the answer's headers.
 */
export function apiFrom(
  server: { url: string },
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      {
        method,
        localAddress,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A WebSocket client that keeps every message it receives, raw and parsed, and waits for the ones it wants. */
export class Client {
  readonly raw: string[] = [];
  readonly messages: any[] = [];
  private waiters: {
    pred: (m: any) => boolean;
    resolve: (m: any) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
    from: number;
  }[] = [];
  private nextId = 1;
  private cursor = 0;
  closed: { code: number; reason: string } | null = null;
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const msg = JSON.parse(text);
      this.messages.push(msg);
      for (const w of [...this.waiters]) {
        if (w.pred(msg)) {
          this.cursor = this.messages.length;
          clearTimeout(w.timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const c of this.closeWaiters) c(this.closed);
      for (const w of this.waiters) {
        clearTimeout(w.timer);
        w.reject(new Error(`closed (${code}) while waiting`));
      }
      this.waiters = [];
    });
    ws.on('error', () => {});
  }

  /** `options`: the upgrade's headers (a cookie, an Origin) and the local address to connect from. */
  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
    const ws = new WebSocket(url, options);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Sends a request with a fresh id and waits for the answer carrying it (as `id` or `ack`). */
  async request(msg: Record<string, unknown>, timeout = 10_000): Promise<any> {
    const id = this.nextId++;
    const answer = this.wait((m) => m.id === id || m.ack === id, timeout);
    this.send({ ...msg, id });
    return answer;
  }

  /** The next message after the last one returned (already received or to come) that matches. */
  wait(pred: (m: any) => boolean, timeout = 10_000): Promise<any> {
    for (let i = this.cursor; i < this.messages.length; i++) {
      if (pred(this.messages[i])) {
        this.cursor = i + 1;
        return Promise.resolve(this.messages[i]);
      }
    }
    // Nothing more can come on a closed connection (a request sent on it is dropped).
    if (this.closed) return Promise.reject(new Error(`closed (${this.closed.code}) before the message came`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`timeout waiting; last messages: ${this.raw.slice(-3).join(' | ')}`));
      }, timeout);
      const w = { pred, resolve, reject, timer, from: this.messages.length };
      this.waiters.push(w);
    });
  }

  /** A message received already or to come. */
  async seen(pred: (m: any) => boolean, timeout = 10_000): Promise<any> {
    const found = this.messages.find(pred);
    return found ?? this.wait(pred, timeout);
  }

  whenClosed(timeout = 5000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not closed')), timeout);
      this.closeWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Deterministic choice for test clients. */
export function pick<T>(items: readonly T[], n: number): T {
  return items[Math.abs(n) % items.length] as T;
}

const SERVE = fileURLToPath(new URL('../bin/serve.js', import.meta.url));

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
}

/**
 * Starts the real server (`bin/serve.js`) in a child process with `args` after `--port 0`, and reads its URL from
 * the start-up log line. The child is pushed on `children` at once, so a test's cleanup can kill it even if it
 * never started. Its stdout is left flowing; `onStarted` may listen to it first.
 */
export async function spawnServerProcess(
  args: readonly string[],
  children: ChildProcess[],
  timeoutMs = 30_000,
  onStarted?: (child: ChildProcess) => void,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVE, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${buffer}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /"url":"([^"]+)"/.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${buffer}`)));
  });
  onStarted?.(child);
  child.stdout!.resume();
  return { child, url, ws: `${url.replace('http', 'ws')}/ws` };
}

/** Waits until `check` holds, asking every 100 ms; throws after `ms`. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
