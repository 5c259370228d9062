/**
 * Load generator: N concurrent two-seat Camelot matches played by scripted clients (no bots), against our server
 * and against boardgame.io's, one after the other, each in its own child process on 127.0.0.1.
 *
 *   npx tsx apps/server/bench/load.ts --matches 1000 --seconds 20 [--rate 10000] [--only ours|bgio] [--durability full|normal]
 *       [--processes N [--seats spread|together]] [--database postgres://… [--redis redis://… --processes N [--seats …]]]
 *   npx tsx apps/server/bench/load.ts --compare --database postgres://…/postgres --redis redis://… [--matches 200 --rate 2000 …]
 *   npx tsx apps/server/bench/load.ts --help
 *
 * With --database our server stores in PostgreSQL; with --redis and --processes N, N server processes share it
 * (scripts/services.sh up prints both URLs). Match k is created on process k mod N (which owns it). `--seats
 * spread` (the default): its seat 0 plays through that process and its seat 1 through the next one, so half the
 * moves cross processes (forwarded to the owner, acknowledged through Redis); the moves sent to the owner's process
 * and those sent to another (crossing) are reported apart (p50, p90, p99, and what crossing adds: `split` in the
 * JSON line). `--seats together`: both seats play through the next process, as a balancer that sends a match's
 * clients to one process does (nginx `hash $arg_match consistent`, SCALING.md): the owner hands the match to the
 * process its seats are on within two lease rounds, after which nothing crosses. CPU per move is the sum over
 * the N processes.
 *
 * Without --database, --processes N starts one `serve --processes N` on SQLite: a primary process that hands each
 * connection to one of N worker processes, each owning the matches of its shard (src/processes/). Match k is made
 * on shard k mod N (its POST names an id of that shard, `?match=`, which the primary routes by) and each seat
 * connects to `/ws?match=<id>`, so the primary hands it to the owner and no move crosses (the default here,
 * `--seats together`); `--seats spread` sends seat 1 through the next shard's worker instead, which forwards its
 * moves over IPC, reported apart as above. Memory and CPU are summed over the workers (each asked through
 * `?match=` of its shard) and the primary.
 *
 * --compare runs our server several ways, one after the other, then boardgame.io (unless --only ours), and prints
 * them side by side: SQLite in one process; PostgreSQL in one process; PostgreSQL + Redis in two processes with the
 * seats spread (half the moves crossing); the same with each match's seats together (a balancer by match). Each
 * PostgreSQL setup gets a fresh database, created through --database (an admin URL) and dropped after. It ends
 * with the figures the scale-out is held to: PostgreSQL's CPU per move (its own processes counted) against
 * SQLite's, what a crossing move adds at p50, and what following a match costs per move (spread against together).
 *
 * Each match replays a pre-computed random game: the seat to move sends the next move when its view says so,
 * paced so that all matches together ask for `--rate` moves per second (1000 matches at 10,000 moves/s: one
 * move per match every 100 ms). `--rate 0` is a closed loop: every match sends as soon as it may, so the
 * server's ceiling shows, and latency is then mostly queueing (1,000 moves in flight at once). Reported: moves/s, p50/p90/p99 move latency (send
 * → the mover's own view back, i.e. after the durable commit on our server), server CPU µs per move, server heap
 * and RSS per idle match (two connected seats each, measured after a forced GC). Bounded: at most 5,000 matches
 * and 120 s per server; the child servers are stopped at the end.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { io, type Socket } from 'socket.io-client';
import { camelot } from '@roundtable/camelot';
import { createRng, nextInt, type RngState } from '@roundtable/core';
import { playNotation } from '../src/rules.ts';
import { idOfShard } from '../src/processes/shard.ts';
import { withYoungGeneration } from '../src/processes/young-generation.ts';

const HOST = '127.0.0.1';
// BENCH_SERVE=path/to/serve.js: another build of the server (say the previous commit's, checked out apart), to
// compare two builds back to back on a loaded machine.
const SERVE = process.env.BENCH_SERVE ?? fileURLToPath(new URL('../bin/serve.js', import.meta.url));
// BENCH_NODE_ARGS='--trace-gc …': flags for the server's node; BENCH_SERVER_OUT=file: what the server prints, kept
// (its log lines, and what such flags print).
const FLOOR = fileURLToPath(new URL('./floor.ts', import.meta.url));
const BGIO = fileURLToPath(new URL('./bgio-server.ts', import.meta.url));

interface Args {
  matches: number;
  seconds: number;
  only: 'ours' | 'bgio' | null;
  durability: 'full' | 'normal';
  scripts: number;
  /** Moves per second asked of all matches together (each match paced at rate/matches); 0: closed loop, as fast as answers come. */
  rate: number;
  processes: number;
  database: string | null;
  redis: string | null;
  /** With several processes: each match's seats through two processes (spread), or both through one (together). */
  seats: 'spread' | 'together';
  compare: boolean;
  /** Also run floor.ts (a ws server that only answers) with the same clients, and print the ratios to it. */
  floor: boolean;
  /** Seconds played before the measured window (not counted). */
  warmup: number;
}

const USAGE = `usage: npx tsx apps/server/bench/load.ts [options]
  --matches <n>        concurrent two-seat Camelot matches (default 1000, at most 5000)
  --seconds <n>        measured window per server (default 20, at most 120)
  --rate <n>           moves per second asked of all matches together (default 10000; 0: closed loop)
  --only ours|bgio     run only our server, or only boardgame.io's (default both)
  --durability <d>     full | normal: our server's SQLite durability (default full)
  --scripts <n>        pre-computed random games the matches replay (default 64)
  --database <url>     postgres://…: our server stores in PostgreSQL (with --compare: an admin URL, fresh databases
                       are made there)
  --redis <url>        redis://…: with --processes, the processes share the database
  --processes <n>      server processes (default 1). Above 1: without --database, one serve --processes N on
                       SQLite (a primary and N workers); with --database, N servers, which needs --redis
  --seats spread|together   several processes: a match's seats through two processes, or both through one (a
                       balancer by match); default spread, but together without --database (the primary hands
                       each seat to its match's worker)
  --compare            SQLite, PostgreSQL, and two processes spread and together, side by side (needs --database
                       and --redis)
  --warmup <n>         seconds played before the measured window, not counted (default 2)
  --floor yes|no       also run floor.ts, a ws server that only answers, with the same matches, seconds and rate,
                       and print our figures as ratios to it (default yes)
  --help               this text`;

function readArgs(argv: readonly string[]): Args {
  const args: Args = {
    matches: 1000,
    seconds: 20,
    only: null,
    durability: 'full',
    scripts: 64,
    rate: 10_000,
    processes: 1,
    database: null,
    redis: null,
    seats: 'spread',
    compare: false,
    floor: true,
    warmup: 2,
  };
  let seatsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--compare') {
      args.compare = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--matches') args.matches = Math.min(5000, Math.max(1, Number(value)));
    else if (flag === '--seconds') args.seconds = Math.min(120, Math.max(1, Number(value)));
    else if (flag === '--only' && (value === 'ours' || value === 'bgio')) args.only = value;
    else if (flag === '--durability' && (value === 'full' || value === 'normal')) args.durability = value;
    else if (flag === '--scripts') args.scripts = Math.min(1000, Math.max(1, Number(value)));
    else if (flag === '--rate') args.rate = Math.min(1_000_000, Math.max(0, Number(value)));
    else if (flag === '--processes') args.processes = Math.min(16, Math.max(1, Number(value)));
    else if (flag === '--database' && /^postgres(ql)?:\/\//.test(value)) args.database = value;
    else if (flag === '--redis' && /^rediss?:\/\//.test(value)) args.redis = value;
    else if (flag === '--seats' && (value === 'spread' || value === 'together')) {
      args.seats = value;
      seatsGiven = true;
    } else if (flag === '--warmup') args.warmup = Math.min(60, Math.max(0, Number(value)));
    else if (flag === '--floor' && (value === 'yes' || value === 'no')) args.floor = value === 'yes';
    else throw new Error(`unknown flag ${flag} ${value}\n${USAGE}`);
  }
  if (args.processes > 1 && args.database && !args.redis)
    throw new Error(
      '--processes above 1 with --database needs --redis (without --database: serve --processes N on SQLite)',
    );
  // The primary of `serve --processes` hands each seat to its match's worker: nothing crosses unless asked.
  if (args.processes > 1 && !args.database && !seatsGiven) args.seats = 'together';
  if (args.compare && (!args.database || !args.redis))
    throw new Error('--compare needs --database (an admin URL: fresh databases are made there) and --redis');
  return args;
}

/** Random games of Camelot, as move lists, played to their end (or 600 plies). */
function scripts(count: number): string[][] {
  const rng: RngState = createRng('bench');
  const out: string[][] = [];
  for (let k = 0; k < count; k++) {
    const start = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
    if (!start.ok) throw new Error('setup');
    let state = start.value;
    const moves: string[] = [];
    while (!state.outcome && moves.length < 600) {
      const seat = state.side;
      const legal = camelot.legalMoves(state, seat);
      const move = legal[nextInt(rng, legal.length)]!;
      moves.push(camelot.formatMove(state, move));
      const next = camelot.play(state, seat, move);
      if (!next.ok) throw new Error('script');
      state = next.value;
    }
    out.push(moves);
  }
  return out;
}

interface Stats {
  heapUsed: number;
  rss: number;
  cpuMicros: number;
  /** Matches in memory (our server only). */
  matches?: number;
  /** The server's event-loop delay since the previous call, in ms (our server only). */
  loop?: { p50: number; p99: number; max: number };
  /** Our server's write batches since the previous call: count, mean size, writer time (commit + fsync). */
  writes?: { batches: number; meanSize: number; p50Ms: number; p99Ms: number; maxMs: number } | null;
}

interface Result {
  server: string;
  matches: number;
  /** Moves per second asked for (0: closed loop). */
  rate: number;
  seconds: number;
  moves: number;
  movesPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  cpuMicrosPerMove: number;
  /** CPU of this load generator per move (its clients share the machine with the server). */
  clientCpuMicrosPerMove: number;
  /** Our server's event-loop delay during the run (p99, ms): a move's latency beyond it is queueing or I/O. */
  serverLoopP99?: number;
  /** This load generator's own event-loop delay (p99, ms): latency it adds to every measurement. */
  clientLoopP99?: number;
  heapKBPerMatch: number;
  rssKBPerMatch: number;
  finishedMatches: number;
  errors: number;
  /** PostgreSQL's and Redis's CPU per move (every postgres and redis-server process of the machine), µs. */
  services?: { postgres: number; redis: number };
  /** Several processes: the moves sent to the owner's process and those sent to another one (ms). */
  split?: Record<'owner' | 'crossing', { moves: number; p50: number; p90: number; p99: number }>;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Latencies of the measured window, in ms. */
class Recorder {
  private values = new Float64Array(1 << 20);
  count = 0;
  errors = 0;
  add(ms: number): void {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }
  sorted(): Float64Array {
    return this.values.slice(0, this.count).sort();
  }
  /** Forgets the warm-up. */
  reset(): void {
    this.count = 0;
    this.errors = 0;
  }
}

/**
 * Plays unmeasured for `args.warmup` seconds (the server compiles its hot path, the write batches reach their
 * size), then forgets what was recorded: the measured window shows the steady state.
 */
async function warmUp(args: Args, recorders: readonly Recorder[]): Promise<void> {
  await new Promise((r) => setTimeout(r, args.warmup * 1000));
  for (const r of recorders) r.reset();
}

/**
 * Paces one match: its next move leaves no sooner than `period` ms after its previous one (an open loop, like
 * people thinking), so latency measures the server, not a queue of clients all waiting on each other.
 */
class Pacer {
  private last = -Infinity;
  constructor(private readonly period: number) {}
  /** Runs `send` now or when the match's next slot comes. */
  at(send: () => void): void {
    const wait = this.last + this.period - performance.now();
    if (wait <= 0) {
      this.last = performance.now();
      send();
    } else {
      setTimeout(() => {
        this.last = performance.now();
        send();
      }, wait);
    }
  }
  /** A random first slot, so matches do not all move in the same millisecond. */
  stagger(send: () => void): void {
    this.last = performance.now() - this.period;
    setTimeout(() => this.at(send), Math.random() * this.period);
  }
}

async function limit<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

function summarise(
  server: string,
  args: Args,
  rec: Recorder,
  window: number,
  cpu: number,
  clientCpu: number,
  idle: { heap: number; rss: number },
  finished: number,
): Result {
  const sorted = rec.sorted();
  const r2 = (x: number): number => Math.round(x * 100) / 100;
  return {
    server,
    matches: args.matches,
    rate: args.rate,
    seconds: r2(window / 1000),
    moves: rec.count,
    movesPerSecond: Math.round(rec.count / (window / 1000)),
    p50: r2(percentile(sorted, 50)),
    p90: r2(percentile(sorted, 90)),
    p99: r2(percentile(sorted, 99)),
    max: r2(sorted[sorted.length - 1] ?? NaN),
    cpuMicrosPerMove: Math.round(cpu / Math.max(1, rec.count)),
    clientCpuMicrosPerMove: Math.round(clientCpu / Math.max(1, rec.count)),
    heapKBPerMatch: r2(idle.heap / 1024 / args.matches),
    rssKBPerMatch: r2(idle.rss / 1024 / args.matches),
    finishedMatches: finished,
    errors: rec.errors,
  };
}

/** SIGTERM, then SIGKILL if the child has not exited within 15 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    process.stderr.write('  server did not stop within 15 s: killed\n');
    child.kill('SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------
// Our server

async function runOurs(args: Args, games: string[][]): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'rt-bench-'));
  /** `serve --processes N` on SQLite: one primary process and N workers, at one URL. */
  const embedded = !args.database && args.processes > 1;
  const storage = args.database
    ? ['--database', args.database, ...(args.redis ? ['--redis', args.redis] : [])]
    : ['--data', dir];
  const spawnOne = (): ChildProcess =>
    spawn(
      process.execPath,
      [
        '--expose-gc',
        // As `npm start` runs it: with the young generation of a server (src/processes/young-generation.ts), unless
        // BENCH_NODE_ARGS sets the semi-space (`--max-semi-space-size=16`: V8's default).
        ...withYoungGeneration(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [], ''),
        SERVE,
        '--port',
        '0',
        '--host',
        HOST,
        ...storage,
        '--debug',
        '--log-level',
        process.env.BENCH_LOG ?? 'info',
        '--rate',
        '100000',
        '--http-rate',
        '100000000',
        '--durability',
        args.durability,
        ...(embedded ? ['--processes', String(args.processes)] : []),
        // Every bench client comes from one address: the per-address caps are lifted.
        '--max-matches-per-address',
        '1000000',
        '--max-sockets-per-address',
        '1000000',
        '--max-live-matches',
        '1000000',
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
  const children = [spawnOne()];
  const child = children[0]!;
  // With --processes on SQLite the workers log their start first (with no port of their own): the primary's line
  // is the one that counts its processes.
  const up = embedded ? /"processes":\d+,"url":"([^"]+)"/ : /"url":"([^"]+)"/;
  const listening = (c: ChildProcess): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      let buffer = '';
      c.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        if (process.env.BENCH_SERVER_OUT) appendFileSync(process.env.BENCH_SERVER_OUT, chunk);
        const m = up.exec(buffer);
        if (m) resolve(m[1]!);
      });
      c.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
  try {
    const url = await listening(child);
    child.stdout!.resume();
    // The others start once the first has migrated the database.
    for (let i = 1; i < (embedded ? 1 : args.processes); i++) children.push(spawnOne());
    const urls = [url, ...(await Promise.all(children.slice(1).map(listening)))];
    for (const c of children) c.stdout!.resume();
    /**
     * Embedded: a made-up id of each shard, for `?match=`: the primary hands a request naming one to that shard's
     * worker (on a connection of its own: a kept-alive one stays with the worker it first reached).
     */
    const shardKeys = embedded
      ? Array.from({ length: args.processes }, (_, k) => {
          let n = 0;
          return idOfShard(() => `bench${n++}`, k, args.processes);
        })
      : [];
    /** Memory and CPU summed over every process (one process: its own; embedded: the workers' and the primary's). */
    const statsAt = async (query: string): Promise<Stats> => {
      const all = embedded
        ? await Promise.all(
            shardKeys.map(
              async (key) =>
                JSON.parse(
                  await requestAlone('GET', `${url}/debug/memory?match=${key}${query.replace('?', '&')}`),
                ) as Stats,
            ),
          )
        : await Promise.all(urls.map(async (u) => (await (await fetch(`${u}/debug/memory${query}`)).json()) as Stats));
      const primary = embedded ? threadCpu(child.pid) : null;
      return all.length === 1
        ? all[0]!
        : {
            ...all[0]!,
            heapUsed: sum(all, (x) => x.heapUsed),
            rss: sum(all, (x) => x.rss),
            cpuMicros: sum(all, (x) => x.cpuMicros) + (primary ? primary.main + primary.others : 0),
            matches: sum(all, (x) => x.matches ?? 0),
          };
    };
    const stats = (): Promise<Stats> => statsAt('');
    const wsUrls = urls.map((u) => `${u.replace('http', 'ws')}/ws`);
    /** A match created on process `on` mod N (embedded: on shard `on` mod N), which then owns it. */
    const create = async (on: number): Promise<{ id: string; tokens: string[] }> => {
      const request = JSON.stringify({ game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }] });
      const text = embedded
        ? await requestAlone('POST', `${url}/api/matches?match=${shardKeys[on % shardKeys.length]}`, request)
        : await (
            await fetch(`${urls[on % urls.length]}/api/matches`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: request,
            })
          ).text();
      const body = JSON.parse(text) as { match: { id: string }; tokens: { token: string }[] };
      return { id: body.match.id, tokens: body.tokens.map((t) => t.token) };
    };

    const before = await stats();
    const rec = new Recorder();
    const errorCodes = new Map<string, number>();
    /** Moves sent to the owner's process, and (several processes) moves sent to another one, apart. */
    const local = new Recorder();
    const crossing = new Recorder();
    let running = false;
    let finished = 0;
    let nextId = 1;
    const period = args.rate > 0 ? (1000 * args.matches) / args.rate : 0;

    /** One match: two sockets, a script, one move in flight. */
    class Pair {
      readonly sockets: WebSocket[] = [];
      script: string[];
      sentAt = 0;
      constructor(readonly index: number) {
        this.script = games[index % games.length]!;
      }
      async open({ id, tokens }: { id: string; tokens: string[] }): Promise<void> {
        await Promise.all(
          [0, 1].map(
            (seat) =>
              new Promise<void>((resolve, reject) => {
                // Spread: seat k through the process k after the owner. Together: both through the one after it.
                // Embedded: the primary hands a connection to the worker of the match its URL names: the owner,
                // or (spread, seat 1) the next shard's worker, named by an id of that shard.
                const at = args.seats === 'together' ? 1 : seat;
                const named =
                  embedded && seat === 1 && args.seats === 'spread'
                    ? shardKeys[(this.index + 1) % shardKeys.length]!
                    : id;
                const ws = new WebSocket(
                  `${embedded ? wsUrls[0] : wsUrls[(this.index + at) % wsUrls.length]}?match=${encodeURIComponent(named)}`,
                  { perMessageDeflate: false },
                );
                this.sockets[seat] = ws;
                const timer = setTimeout(
                  () => reject(new Error(`client ${this.index}/${seat} not attached after 30 s`)),
                  30_000,
                );
                ws.once('close', () => clearTimeout(timer));
                ws.on('open', () => ws.send(JSON.stringify({ t: 'attach', token: tokens[seat] })));
                ws.on('error', reject);
                ws.on('message', (data) => {
                  const text = data.toString();
                  if (text.startsWith('{"t":"attached"')) {
                    clearTimeout(timer);
                    resolve();
                  }
                  this.onMessage(seat, text);
                });
              }),
          ),
        );
      }
      attachAll(tokens: string[]): void {
        this.sockets.forEach((ws, seat) => ws.send(JSON.stringify({ t: 'attach', token: tokens[seat] })));
      }
      onMessage(seat: number, text: string): void {
        if (text.startsWith('{"t":"error"')) {
          rec.errors++;
          const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? '?';
          errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
          return;
        }
        if (text.startsWith('{"t":"seats"')) return;
        if (text.includes('"ack":')) {
          if (running) {
            const ms = performance.now() - this.sentAt;
            rec.add(ms);
            // Seat 1 plays through the process after the owner: with several processes its moves cross.
            (args.processes > 1 && seat === 1 && args.seats === 'spread' ? crossing : local).add(ms);
          }
        }
        if (text.includes('"status":"finished"')) {
          if (text.includes('"ack":')) {
            finished++;
            if (running) void this.recycle();
          }
          return;
        }
        if (!running || !text.includes('"yourTurn":true')) return;
        const ply = Number(/"ply":(\d+)/.exec(text)?.[1]);
        const move = this.script[ply];
        if (move === undefined) {
          // The script ended without a result (600 plies): start a new match.
          if (seat === 0 || ply % 2 === seat) void this.recycle();
          return;
        }
        this.pacer.at(() => {
          if (!running) return;
          this.sentAt = performance.now();
          this.sockets[seat]!.send(`{"t":"move","id":${nextId++},"move":"${move}"}`);
        });
      }
      readonly pacer = new Pacer(period);
      private recycling = false;
      async recycle(): Promise<void> {
        if (this.recycling) return;
        this.recycling = true;
        this.script = games[(this.index + finished) % games.length]!;
        // Together: the next match of these seats is created where they are (as it runs there after a handover).
        // Embedded: on the shard of the match before, whose worker the seats' connections were handed to.
        const { tokens } = await create(args.seats === 'together' && !embedded ? this.index + 1 : this.index);
        this.attachAll(tokens);
        this.recycling = false;
      }
      kick(): void {
        // Seat 0 moves first in Camelot.
        this.pacer.stagger(() => {
          this.sentAt = performance.now();
          this.sockets[0]!.send(`{"t":"move","id":${nextId++},"move":"${this.script[0]}"}`);
        });
      }
    }

    const pairs = Array.from({ length: args.matches }, (_, i) => new Pair(i));
    const tokens: { id: string; tokens: string[] }[] = [];
    let t = performance.now();
    await limit(pairs, 32, async (_p, i) => {
      tokens[i] = await create(i);
    });
    process.stderr.write(`  created ${pairs.length} matches in ${Math.round(performance.now() - t)} ms\n`);
    t = performance.now();
    await limit(pairs, 64, async (p, i) => p.open(tokens[i]!));
    process.stderr.write(`  attached ${pairs.length * 2} clients in ${Math.round(performance.now() - t)} ms\n`);
    // Together: every owner hands its match to the process its seats are on (two lease rounds, 5 s leases) before
    // the measured window, which then shows the steady state (embedded: the seats are on the owner already).
    await new Promise((r) => setTimeout(r, args.processes > 1 && args.seats === 'together' && !embedded ? 5000 : 500));
    const idleStats = await stats();
    const idle = { heap: idleStats.heapUsed - before.heapUsed, rss: idleStats.rss - before.rss };

    const statsNoGc = (): Promise<Stats> => statsAt('?gc=0');
    const clientLoop = monitorEventLoopDelay({ resolution: 1 });
    running = true;
    for (const p of pairs) p.kick();
    await warmUp(args, [rec, local, crossing]);
    errorCodes.clear();
    clientLoop.enable();
    const cpu0 = (await statsNoGc()).cpuMicros;
    const threads0 = threadCpu(children[0]!.pid);
    const services0 = serviceCpu();
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    // BENCH_PROFILE=file: a CPU profile of the server during the run's second half (BENCH_PROFILE_KIND=allocations:
    // where it allocates, for heap-top.ts).
    const profile = process.env.BENCH_PROFILE
      ? (async () => {
          await new Promise((r) => setTimeout(r, (args.seconds * 1000) / 2));
          const kind = process.env.BENCH_PROFILE_KIND === 'allocations' ? '&kind=allocations' : '';
          const res = await fetch(`${url}/debug/profile?ms=${Math.round((args.seconds * 1000) / 2 - 500)}${kind}`);
          writeFileSync(process.env.BENCH_PROFILE!, await res.text());
        })()
      : null;
    await new Promise((r) => setTimeout(r, args.seconds * 1000));
    running = false;
    const window = performance.now() - t0;
    await profile;
    const client1 = process.cpuUsage(client0);
    const end = await statsNoGc();
    const threads1 = threadCpu(children[0]!.pid);
    if (embedded && threads0 && threads1 && rec.count > 0) {
      process.stderr.write(
        `  the primary process's CPU per move (hands connections over, relays the workers' messages; counted in the server's): ${Math.round((threads1.main + threads1.others - threads0.main - threads0.others) / rec.count)} µs\n`,
      );
    } else if (threads0 && threads1 && rec.count > 0) {
      const us = (x: number): number => Math.round(x / rec.count);
      process.stderr.write(
        `  server CPU per move by thread (first process): event loop ${us(threads1.main - threads0.main)} µs, other threads (SQLite writer and checkpointer, GC and compiler helpers, libuv pool) ${us(threads1.others - threads0.others)} µs\n`,
      );
    }
    const services1 = serviceCpu();
    const per = (x: number): number => Math.round(x / Math.max(1, rec.count));
    const services = {
      postgres: per(services1.postgres - services0.postgres),
      redis: per(services1.redis - services0.redis),
    };
    if (args.database) {
      process.stderr.write(
        `  CPU per move outside our processes: PostgreSQL ${services.postgres} µs, Redis ${services.redis} µs (the instances on the ports of --database and --redis)\n`,
      );
    }
    for (const p of pairs) for (const ws of p.sockets) ws.terminate();
    if (errorCodes.size > 0)
      process.stderr.write(`  errors: ${[...errorCodes].map(([code, n]) => `${code} ×${n}`).join(', ')}\n`);
    const label = args.database
      ? `roundtable (ws + PostgreSQL${args.processes > 1 ? ` + Redis, ${args.processes} processes, ${args.seats === 'spread' ? 'half the moves crossing' : "each match's seats on one process"}` : ''}, every move committed before its ack)`
      : embedded
        ? `roundtable (ws + SQLite, a primary and ${args.processes} workers, ${args.seats === 'spread' ? 'half the moves crossing' : "each match's seats on its worker"}, every move committed before its ack)`
        : 'roundtable (ws + SQLite, every move committed before its ack)';
    const result = {
      ...summarise(label, args, rec, window, end.cpuMicros - cpu0, client1.user + client1.system, idle, finished),
      ...(args.database ? { services } : {}),
    };
    if (args.processes > 1 && args.seats === 'spread') {
      const l = local.sorted();
      const c = crossing.sorted();
      const f = (x: number): string => x.toFixed(2);
      const split = {
        owner: { moves: local.count, p50: percentile(l, 50), p90: percentile(l, 90), p99: percentile(l, 99) },
        crossing: { moves: crossing.count, p50: percentile(c, 50), p90: percentile(c, 90), p99: percentile(c, 99) },
      };
      process.stderr.write(
        `  moves sent to the owner's process: ${split.owner.moves}, p50 ${f(split.owner.p50)} p90 ${f(split.owner.p90)} p99 ${f(split.owner.p99)} ms\n` +
          `  moves sent to another process (crossing): ${split.crossing.moves}, p50 ${f(split.crossing.p50)} p90 ${f(split.crossing.p90)} p99 ${f(split.crossing.p99)} ms\n` +
          `  a crossing move adds ${f(split.crossing.p50 - split.owner.p50)} ms at p50, ${f(split.crossing.p99 - split.owner.p99)} ms at p99\n`,
      );
      return {
        ...result,
        split,
        serverLoopP99: end.loop ? Math.round(end.loop.p99 * 100) / 100 : undefined,
        clientLoopP99: Math.round(clientLoop.percentile(99) / 1e4) / 100,
      };
    }
    if (end.loop)
      process.stderr.write(
        `  event-loop delay: server p50 ${end.loop.p50.toFixed(2)} p99 ${end.loop.p99.toFixed(2)} max ${end.loop.max.toFixed(2)} ms; load generator p99 ${(clientLoop.percentile(99) / 1e6).toFixed(2)} max ${(clientLoop.max / 1e6).toFixed(2)} ms\n`,
      );
    if (end.writes)
      process.stderr.write(
        `  storage: ${end.writes.batches} write batches of ${end.writes.meanSize} writes on average; commit + fsync p50 ${end.writes.p50Ms} ms, p99 ${end.writes.p99Ms} ms, max ${end.writes.maxMs} ms\n`,
      );
    clientLoop.disable();
    // An idle match with bot seats: Chevaliers, one human who is away and six random bots (the bots lay their
    // first cards, then everyone waits on the human). What it costs while in memory; it leaves after --idle-ms.
    const botBefore = await stats();
    const botMatches = 200;
    await limit(Array.from({ length: botMatches }), 16, async () => {
      await fetch(`${url}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'shadows',
          seats: [{ kind: 'human' }, ...Array.from({ length: 6 }, () => ({ kind: 'bot', level: 'random' }))],
        }),
      });
    });
    await new Promise((r) => setTimeout(r, 3000));
    const botAfter = await stats();
    const kb = (bytes: number): number => Math.round(bytes / 1024 / botMatches);
    process.stderr.write(
      `  idle match with bot seats (Chevaliers, 1 absent human + 6 bots, ${botMatches} in memory, ${botAfter.matches} matches in memory in all): heap ${kb(botAfter.heapUsed - botBefore.heapUsed)} KB, RSS ${kb(botAfter.rss - botBefore.rss)} KB per match; such a match leaves memory after --idle-ms\n`,
    );
    return {
      ...result,
      serverLoopP99: end.loop ? Math.round(end.loop.p99 * 100) / 100 : undefined,
      clientLoopP99: Math.round(clientLoop.percentile(99) / 1e4) / 100,
    };
  } finally {
    await Promise.all(children.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An HTTP request on a connection of its own, answered with the body: the primary of `serve --processes` routes a
 * connection by its first request, so a kept-alive one would stay with the worker it first reached.
 */
function requestAlone(method: string, url: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, agent: false, headers: body === undefined ? {} : { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          (res.statusCode ?? 0) < 300
            ? resolve(text)
            : reject(new Error(`${method} ${url}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A database of its own for one run, made through `admin` (a URL to any database of the server) and dropped after. */
async function freshDatabase(admin: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

/**
 * CPU used so far by every process of PostgreSQL and of Redis on this machine (µs, from /proc; Linux, 100 ticks
 * a second): what a move costs there is part of its price, as SQLite's writer thread is part of our server's.
 */
/**
 * CPU (µs) used so far by the PostgreSQL and the Redis this bench uses: the postmaster listening on the port of
 * --database and its backends, and the redis-server on the port of --redis (other instances on the machine, say
 * other test runs, are not counted).
 */
function serviceCpu(): { postgres: number; redis: number } {
  const out = { postgres: 0, redis: 0 };
  const pgPort = args.database ? new URL(args.database).port || '5432' : null;
  const redisPort = args.redis ? new URL(args.redis).port || '6379' : null;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  const procs = new Map<string, { comm: string; ppid: string; cpu: number; cmd: string }>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres' && comm !== 'redis-server') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      procs.set(pid, { comm, ppid: fields[1]!, cpu: (Number(fields[11]) + Number(fields[12])) * 10_000, cmd });
    } catch {
      continue;
    }
  }
  const postmaster = [...procs].find(([, p]) => p.comm === 'postgres' && pgPort && p.cmd.includes(`-p ${pgPort}`))?.[0];
  for (const [pid, p] of procs) {
    if (p.comm === 'postgres' && postmaster && (pid === postmaster || p.ppid === postmaster)) out.postgres += p.cpu;
    if (p.comm === 'redis-server' && redisPort && p.cmd.includes(`:${redisPort}`)) out.redis += p.cpu;
  }
  return out;
}

/**
 * CPU (µs) used so far by a process's main thread (the event loop: every match's messages, rules and views) and by
 * its other threads together (the SQLite writer and checkpointer, V8's GC and compiler helpers, libuv's pool),
 * from /proc (Linux, 100 ticks a second); null elsewhere. Node does not name its threads, so only the main one
 * (whose id is the process's) is told apart.
 */
function threadCpu(pid: number | undefined): { main: number; others: number } | null {
  if (pid === undefined) return null;
  try {
    const out = { main: 0, others: 0 };
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) * 10_000;
      if (tid === String(pid)) out.main += cpu;
      else out.others += cpu;
    }
    return out;
  } catch {
    return null;
  }
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((n, x) => n + of(x), 0);
}

// ---------------------------------------------------------------------------------------------------------
// boardgame.io

async function runBgio(args: Args, games: string[][]): Promise<Result> {
  const child: ChildProcess = fork(BGIO, ['0'], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.setMaxListeners(0);
  let reqId = 0;
  const call = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise((resolve) => {
      const id = ++reqId;
      const on = (m: any): void => {
        if (m.id === id) {
          child.off('message', on);
          resolve(m as T);
        }
      };
      child.on('message', on);
      child.send({ ...msg, id });
    });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.on('message', (m: any) => m.ready && resolve(m.port));
      child.once('exit', (code) => reject(new Error(`bgio exited ${code}`)));
    });
    const url = `http://${HOST}:${port}/camelot`;
    const stats = (): Promise<Stats> => call<Stats>({ cmd: 'stats' });
    const before = await stats();
    const rec = new Recorder();
    let running = false;
    let finished = 0;
    const period = args.rate > 0 ? (1000 * args.matches) / args.rate : 0;

    class Pair {
      readonly sockets: Socket[] = [];
      script: string[];
      matchID = '';
      sentAt = 0;
      private recycling = false;
      constructor(readonly index: number) {
        this.script = games[index % games.length]!;
      }
      async open(matchID: string): Promise<void> {
        this.matchID = matchID;
        await Promise.all(
          [0, 1].map(
            (seat) =>
              new Promise<void>((resolve, reject) => {
                const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
                this.sockets[seat] = s;
                const timer = setTimeout(
                  () => reject(new Error(`client ${this.index}/${seat} not synced after 30 s`)),
                  30_000,
                );
                s.once('sync', () => clearTimeout(timer));
                s.on('connect_error', reject);
                s.on('sync', (id: string, info: any) => {
                  if (id !== this.matchID) return;
                  resolve();
                  this.onState(seat, info.state);
                });
                s.on('update', (id: string, state: any) => {
                  if (id === this.matchID) this.onState(seat, state);
                });
                s.emit('sync', matchID, String(seat), `c${seat}`, 2);
              }),
          ),
        );
      }
      onState(seat: number, state: any): void {
        const ply: number = state._stateID;
        if (running && ply > 0 && Number(state.ctx.currentPlayer) !== seat && state.ctx.turn - 1 === ply) {
          // This is the mover's own view coming back.
          rec.add(performance.now() - this.sentAt);
        }
        if (state.ctx.gameover) {
          if (seat === 0) {
            finished++;
            if (running) void this.recycle();
          }
          return;
        }
        if (!running || Number(state.ctx.currentPlayer) !== seat) return;
        const move = this.script[ply];
        if (move === undefined) {
          void this.recycle();
          return;
        }
        this.pacer.at(() => running && this.send(seat, ply, move));
      }
      readonly pacer = new Pacer(period);
      send(seat: number, ply: number, move: string): void {
        this.sentAt = performance.now();
        this.sockets[seat]!.emit(
          'update',
          {
            type: 'MAKE_MOVE',
            payload: { type: 'play', args: [move], playerID: String(seat), credentials: `c${seat}` },
          },
          ply,
          this.matchID,
          String(seat),
        );
      }
      async recycle(): Promise<void> {
        if (this.recycling) return;
        this.recycling = true;
        this.script = games[(this.index + finished) % games.length]!;
        const { ids } = await call<{ ids: string[] }>({ cmd: 'create', n: 1 });
        this.matchID = ids[0]!;
        this.sockets.forEach((s, seat) => s.emit('sync', this.matchID, String(seat), `c${seat}`, 2));
        this.recycling = false;
      }
      kick(): void {
        this.pacer.stagger(() => this.send(0, 0, this.script[0]!));
      }
    }

    const pairs = Array.from({ length: args.matches }, (_, i) => new Pair(i));
    let t = performance.now();
    const { ids } = await call<{ ids: string[] }>({ cmd: 'create', n: args.matches });
    process.stderr.write(`  created ${pairs.length} matches in ${Math.round(performance.now() - t)} ms\n`);
    t = performance.now();
    await limit(pairs, 32, async (p, i) => p.open(ids[i]!));
    process.stderr.write(`  attached ${pairs.length * 2} clients in ${Math.round(performance.now() - t)} ms\n`);
    // Together: every owner hands its match to the process its seats are on (two lease rounds, 5 s leases) before
    // the measured window, which then shows the steady state.
    await new Promise((r) => setTimeout(r, args.processes > 1 && args.seats === 'together' ? 5000 : 500));
    const idleStats = await stats();
    const idle = { heap: idleStats.heapUsed - before.heapUsed, rss: idleStats.rss - before.rss };
    running = true;
    for (const p of pairs) p.kick();
    await warmUp(args, [rec]);
    const cpu0 = (await stats()).cpuMicros;
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, args.seconds * 1000));
    running = false;
    const window = performance.now() - t0;
    const client1 = process.cpuUsage(client0);
    const cpu1 = (await stats()).cpuMicros;
    for (const p of pairs) for (const s of p.sockets) s.disconnect();
    return summarise(
      'boardgame.io 0.50.2 (socket.io, in-memory storage)',
      args,
      rec,
      window,
      cpu1 - cpu0,
      client1.user + client1.system,
      idle,
      finished,
    );
  } finally {
    await stop(child);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The floor: floor.ts, a ws server that only answers, run with the same matches, seconds and rate

interface Floor {
  movesPerSecond: number;
  p50: number;
  p99: number;
  cpuMicrosPerMove: number;
  clientCpuMicrosPerMove: number;
}

async function runFloor(args: Args): Promise<Floor> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      FLOOR,
      '--matches',
      String(args.matches),
      '--seconds',
      String(args.seconds),
      '--rate',
      String(args.rate),
      '--warmup',
      String(args.warmup),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`floor.ts exited ${code}: ${out.slice(-500)}`);
  return JSON.parse(line) as Floor;
}

// ---------------------------------------------------------------------------------------------------------

/** What the engine alone costs per move (parse, check, play: what any server must do), warm, in µs. */
function engineCost(games: string[][]): number {
  const start = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
  if (!start.ok) throw new Error('setup');
  let moves = 0;
  let t = 0;
  for (let pass = 0; pass < 2; pass++) {
    const t0 = performance.now();
    for (const g of games) {
      let state: unknown = start.value;
      for (const [ply, move] of g.entries()) {
        const played = playNotation(camelot, state, ply % 2, move);
        if (!played.ok) throw new Error(`script: ${played.error.code}`);
        state = played.value.state;
        if (pass === 1) moves++;
      }
    }
    t = performance.now() - t0;
  }
  return Math.round((t * 1000) / moves);
}

const args = readArgs(process.argv.slice(2));
const games = scripts(args.scripts);
const engine = engineCost(games);
process.stderr.write(
  `${games.length} scripted games of Camelot, ${Math.round(games.reduce((n, g) => n + g.length, 0) / games.length)} plies on average; the engine alone costs ${engine} µs per move (parse + check + play)\n`,
);
const results: Result[] = [];
if (args.compare) {
  const admin = args.database!;
  const setups: { name: string; args: Args }[] = [
    { name: 'SQLite, 1 process', args: { ...args, database: null, redis: null, processes: 1 } },
    { name: 'PostgreSQL, 1 process', args: { ...args, redis: null, processes: 1 } },
    { name: 'PostgreSQL + Redis, 2 processes, seats spread', args: { ...args, processes: 2, seats: 'spread' } },
    { name: 'PostgreSQL + Redis, 2 processes, seats together', args: { ...args, processes: 2, seats: 'together' } },
  ];
  for (const setup of setups) {
    process.stderr.write(
      `roundtable, ${setup.name}: ${args.matches} matches, ${args.seconds} s, ${args.rate > 0 ? `${args.rate} moves/s asked` : 'closed loop'}…\n`,
    );
    const db = setup.args.database ? await freshDatabase(admin) : null;
    try {
      results.push({
        ...(await runOurs({ ...setup.args, database: db?.url ?? null }, games)),
        server: `roundtable: ${setup.name}`,
      });
    } finally {
      await db?.drop();
    }
  }
} else if (args.only !== 'bgio') {
  process.stderr.write(
    `roundtable: ${args.matches} matches, ${args.seconds} s, ${args.rate > 0 ? `${args.rate} moves/s asked` : 'closed loop'}…\n`,
  );
  results.push(await runOurs(args, games));
}
const floor =
  args.floor && args.only !== 'bgio' && !args.compare
    ? (process.stderr.write(
        `floor (ws only): ${args.matches} matches, ${args.seconds} s, ${args.rate > 0 ? `${args.rate} moves/s asked` : 'closed loop'}…\n`,
      ),
      await runFloor(args))
    : null;
if (args.only !== 'ours') {
  process.stderr.write(
    `boardgame.io: ${args.matches} matches, ${args.seconds} s, ${args.rate > 0 ? `${args.rate} moves/s asked` : 'closed loop'}…\n`,
  );
  results.push(await runBgio(args, games));
}
console.table(
  results.map(({ server, split: _split, services: _services, ...r }) => ({
    server: args.compare ? server.replace('roundtable: ', '').replace('PostgreSQL', 'PG') : server.split(' ')[0],
    ...r,
  })),
);
if (args.compare) {
  const [sqlite, postgres, spread, together] = results as [Result, Result, Result, Result];
  const pgCpu = postgres.cpuMicrosPerMove + (postgres.services?.postgres ?? 0);
  const adds = (r: Result): string =>
    r.split
      ? `${(r.split.crossing.p50 - r.split.owner.p50).toFixed(2)} ms at p50 (${r.split.owner.p50.toFixed(2)} → ${r.split.crossing.p50.toFixed(2)})`
      : 'n/a';
  const total = (r: Result): number => r.cpuMicrosPerMove + (r.services?.postgres ?? 0) + (r.services?.redis ?? 0);
  console.log(
    `PostgreSQL's CPU per move, its own processes counted: ${pgCpu} µs against SQLite's ${sqlite.cpuMicrosPerMove} µs = ${(pgCpu / Math.max(1, sqlite.cpuMicrosPerMove)).toFixed(2)}× (target ≤ 1.5×)\n` +
      `a move crossing processes adds: ${adds(spread)} (target ≤ 2 ms at p50)\n` +
      `following a match elsewhere costs, per move (all processes, PostgreSQL and Redis counted): ${total(spread)} µs with the seats spread against ${total(together)} µs with each match's seats together (a balancer by match): ${total(spread) - total(together)} µs; p50 ${spread.p50} → ${together.p50} ms`,
  );
}
if (results.length === 2 && !args.compare) {
  const [a, b] = results as [Result, Result];
  const ratio = (x: number, y: number): string => (y > 0 ? `${(x / y).toFixed(1)}×` : 'n/a');
  // "2.9× lower" when ours is lower, "3.0× higher" when it is not (never "0.0× lower").
  const less = (theirs: number, ours: number, low: string, high: string): string =>
    ours <= theirs || ours <= 0 ? `${ratio(theirs, ours)} ${low}` : `${ratio(ours, theirs)} ${high}`;
  console.log(
    `ratios (roundtable vs boardgame.io): throughput ${ratio(a.movesPerSecond, b.movesPerSecond)}, p50 latency ${less(b.p50, a.p50, 'lower', 'higher')}, p99 latency ${less(b.p99, a.p99, 'lower', 'higher')}, CPU per move ${less(b.cpuMicrosPerMove, a.cpuMicrosPerMove, 'less', 'more')}, heap per idle match ${less(b.heapKBPerMatch, a.heapKBPerMatch, 'less', 'more')}`,
  );
}
if (floor && results[0]) {
  const ours = results[0];
  const bgio = results.find((r) => r.server.startsWith('boardgame.io'));
  console.log(
    `floor (ws only, same clients, this run): ${floor.movesPerSecond} moves/s, p50 ${floor.p50} ms, p99 ${floor.p99} ms, ${floor.cpuMicrosPerMove} µs of server CPU per move\n` +
      `ratios to the floor: CPU per move ${(ours.cpuMicrosPerMove / Math.max(1, floor.cpuMicrosPerMove)).toFixed(2)}× (target ≤ 1.5×), ` +
      `throughput ${(ours.movesPerSecond / Math.max(1, floor.movesPerSecond)).toFixed(2)}× the floor's` +
      (bgio
        ? `; boardgame.io's throughput is ${(bgio.movesPerSecond / Math.max(1, floor.movesPerSecond)).toFixed(2)}× the floor's, ours ${(ours.movesPerSecond / Math.max(1, bgio.movesPerSecond)).toFixed(2)}× boardgame.io's (target ≥ 5×)`
        : ''),
  );
}
const load = loadavg().map((x) => x.toFixed(1));
console.log(
  `engine cost (Camelot parse + check + play, measured in this process): ${engine} µs per move; load average at the end ${load.join(' ')} on ${availableParallelism()} cores`,
);
console.log(JSON.stringify({ args, engineMicrosPerMove: engine, loadavg: load, results, floor }));
