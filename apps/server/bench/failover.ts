/**
 * Failover and lease traffic, measured: N server processes on one PostgreSQL and one Redis, M two-seat Camelot
 * matches whose seats play through two different processes, clients that move as soon as it is their turn and
 * reconnect to another process at once when theirs goes away.
 *
 *   npx tsx apps/server/bench/failover.ts --database postgres://…/postgres --redis redis://… [--processes 3]
 *       [--matches 60] [--rounds 3] [--lease-ms 5000]
 *   npx tsx apps/server/bench/failover.ts --help
 *
 * 1. Lease traffic: with every match in memory and nobody moving, what the processes cost PostgreSQL for
 *    `--lease-ms` × 3 (transactions and rows written per second, from pg_stat_database: the leases alone).
 * 2. Failover: `--rounds` times, the process owning the most matches is killed (SIGKILL) and a new one started;
 *    for each match it owned, the time from the kill to the match's next acknowledged move. Printed: p50, p90 and
 *    max over every such match, with the lease.
 *
 * A fresh database is made through --database (an admin URL) and dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';

const SERVE = fileURLToPath(new URL('../bin/serve.js', import.meta.url));
const USAGE = `usage: npx tsx apps/server/bench/failover.ts --database postgres://…/postgres --redis redis://… [options]
  --processes <n>   server processes (default 3)
  --matches <n>     two-seat Camelot matches (default 60)
  --rounds <n>      kills of the busiest owner (default 3)
  --lease-ms <n>    the processes' lease (default 5000, the server's default)
  --help            this text`;

interface Args {
  database: string;
  redis: string;
  processes: number;
  matches: number;
  rounds: number;
  leaseMs: number;
}

function readArgs(argv: readonly string[]): Args {
  const out: Partial<Args> = { processes: 3, matches: 60, rounds: 3, leaseMs: 5000 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--database' && /^postgres(ql)?:\/\//.test(value)) out.database = value;
    else if (flag === '--redis' && /^rediss?:\/\//.test(value)) out.redis = value;
    else if (flag === '--processes') out.processes = Math.min(8, Math.max(2, Number(value)));
    else if (flag === '--matches') out.matches = Math.min(1000, Math.max(1, Number(value)));
    else if (flag === '--rounds') out.rounds = Math.min(10, Math.max(1, Number(value)));
    else if (flag === '--lease-ms') out.leaseMs = Math.min(60_000, Math.max(500, Number(value)));
    else throw new Error(`unknown flag ${flag} ${value}\n${USAGE}`);
  }
  if (!out.database || !out.redis) throw new Error(`--database and --redis are needed\n${USAGE}`);
  return out as Args;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** How long a seat thinks: about 3 moves a second per match, so a random game of Camelot lasts about a minute. */
const THINK_MS = 300;

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
}

function start(database: string, args: Args): Promise<Proc> {
  const child = spawn(
    process.execPath,
    [
      SERVE,
      '--port',
      '0',
      '--database',
      database,
      '--redis',
      args.redis,
      '--lease-ms',
      String(args.leaseMs),
      // (info: the start-up line carries the process's URL)
      '--log-level',
      'info',
      '--max-matches-per-address',
      '1000000',
      '--max-sockets-per-address',
      '1000000',
      '--http-rate',
      '100000000',
      '--rate',
      '100000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /"url":"([^"]+)"/.exec(buffer);
      if (m) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ child, url: m[1]!, ws: `${m[1]!.replace('http', 'ws')}/ws` });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${buffer}`)));
  });
}

/**
 * One seat: a random legal move a moment after its turn comes (`THINK_MS`, so that the matches last the whole
 * bench); on any trouble, attaches again elsewhere at once.
 */
class Seat {
  private ws: WebSocket | null = null;
  private id = 0;
  constructor(
    private readonly token: string,
    private at: number,
    private readonly procs: () => Proc[],
    private readonly acked: (at: number) => void,
    private readonly done: () => boolean,
  ) {}

  connect(): void {
    if (this.done()) return;
    const live = this.procs();
    const ws = new WebSocket(live[this.at % live.length]!.ws, { perMessageDeflate: false });
    this.ws = ws;
    const again = (): void => {
      if (this.ws !== ws) return;
      this.ws = null;
      ws.terminate();
      this.at++;
      setTimeout(() => this.connect(), 50);
    };
    ws.on('error', again);
    ws.on('close', again);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'attach', token: this.token, id: ++this.id })));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as {
        t: string;
        yourTurn?: boolean;
        status?: string;
        ack?: number;
        id?: number;
        moves?: string[];
      };
      if (m.t === 'update' && m.ack !== undefined) this.acked(Date.now());
      if (m.t === 'error') return void setTimeout(again, 100);
      if (m.t === 'legal' && m.moves && m.moves.length > 0) {
        const move = m.moves[Math.floor(Math.random() * m.moves.length)];
        setTimeout(
          () => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ t: 'move', move, id: ++this.id })),
          THINK_MS,
        );
        return;
      }
      if ((m.t === 'attached' || m.t === 'update') && m.status === 'active' && m.yourTurn)
        ws.send(JSON.stringify({ t: 'legal', id: ++this.id }));
    });
  }

  close(): void {
    const ws = this.ws;
    this.ws = null;
    ws?.terminate();
  }
}

const args = readArgs(process.argv.slice(2));
const admin = new pg.Client({ connectionString: args.database });
await admin.connect();
const name = `rt_failover_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(args.database);
url.pathname = `/${name}`;
const database = url.toString();
const procs: Proc[] = [];
const killed = new Set<ChildProcess>();
const live = (): Proc[] => procs.filter((p) => !killed.has(p.child));
const seats: Seat[] = [];
let stopping = false;
try {
  procs.push(await start(database, args));
  for (let i = 1; i < args.processes; i++) procs.push(await start(database, args));
  const db = new pg.Client({ connectionString: database });
  await db.connect();

  // The matches, round the processes; seat k plays through the process k after the owner.
  const lastAck = new Map<string, number[]>();
  const ids: string[] = [];
  for (let i = 0; i < args.matches; i++) {
    const res = await fetch(`${procs[i % procs.length]!.url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }] }),
    });
    const body = (await res.json()) as { match: { id: string }; tokens: { token: string }[] };
    ids.push(body.match.id);
    lastAck.set(body.match.id, []);
    body.tokens.forEach(({ token }, seat) =>
      seats.push(
        new Seat(
          token,
          i + 1 + seat,
          live,
          (at) => lastAck.get(body.match.id)!.push(at),
          () => stopping,
        ),
      ),
    );
  }
  for (const s of seats) s.connect();
  await sleep(3000);

  // 1. Lease traffic, with nobody moving: the seats are attached, every match is in memory somewhere.
  stopping = true;
  for (const s of seats) s.close();
  const stat = async (): Promise<{ xact: number; written: number }> => {
    const { rows } = await db.query<{ xact: string; written: string }>(
      'SELECT xact_commit + xact_rollback AS xact, tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = current_database()',
    );
    return { xact: Number(rows[0]!.xact), written: Number(rows[0]!.written) };
  };
  // Every match loaded on every process (a spectator each), so each process owns some and follows the others.
  const watchers: WebSocket[] = [];
  for (const p of procs)
    for (const id of ids) {
      const w = new WebSocket(p.ws, { perMessageDeflate: false });
      w.on('open', () => w.send(JSON.stringify({ t: 'attach', match: id })));
      w.on('error', () => undefined);
      watchers.push(w);
    }
  await sleep(2000);
  const window = args.leaseMs * 3;
  const s0 = await stat();
  await sleep(window);
  const s1 = await stat();
  // pg_stat_database lags by up to half a second: what the reads of the statistics themselves add is negligible.
  const perSecond = (x: number): number => Math.round((x * 1000) / window);
  console.log(
    `lease traffic, ${args.processes} processes, ${args.matches} matches each owned by one and followed by the others, nobody moving: ` +
      `${perSecond(s1.xact - s0.xact)} transactions/s, ${perSecond(s1.written - s0.written)} rows written/s (lease ${args.leaseMs} ms)`,
  );
  for (const w of watchers) w.terminate();

  // 2. Failover under play.
  stopping = false;
  for (const s of seats) s.connect();
  await sleep(4000);
  const failovers: number[] = [];
  for (let round = 0; round < args.rounds; round++) {
    const { rows } = await db.query<{ match_id: string; owner: string }>(
      "SELECT l.match_id, l.owner FROM match_leases l JOIN matches m ON m.id = l.match_id WHERE m.status = 'active'",
    );
    const byProc = new Map<Proc, string[]>();
    for (const r of rows) {
      const p = live().find((x) => r.owner.includes(`-${x.child.pid}-`));
      if (p) byProc.set(p, [...(byProc.get(p) ?? []), r.match_id]);
    }
    const [victim, theirs] = [...byProc].sort((a, b) => b[1].length - a[1].length)[0] ?? [live()[0]!, []];
    const at = Date.now();
    killed.add(victim.child);
    victim.child.kill('SIGKILL');
    procs.push(await start(database, args));
    const until = at + 60_000;
    const pending = new Set(theirs);
    while (pending.size > 0 && Date.now() < until) {
      for (const id of [...pending]) {
        const next = lastAck.get(id)!.find((t) => t > at);
        if (next !== undefined) {
          failovers.push(next - at);
          pending.delete(id);
        }
      }
      await sleep(100);
    }
    process.stderr.write(
      `  round ${round + 1}: killed the owner of ${theirs.length} of ${rows.length} matches in play; ${theirs.length - pending.size} moved on\n`,
    );
    await sleep(3000);
  }
  const sorted = [...failovers].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  console.log(
    `failover to the next acknowledged move, lease ${args.leaseMs} ms, ${sorted.length} matches over ${args.rounds} kills: ` +
      `p50 ${at(50)} ms, p90 ${at(90)} ms, max ${sorted[sorted.length - 1]} ms; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  await db.end();
} finally {
  stopping = true;
  for (const s of seats) s.close();
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await sleep(1000);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
