// The fault test of the scale-out (issue 24): three server processes on one PostgreSQL and one Redis, 32 matches
// (Camelot with move clocks and with Fischer clocks, card games with bot seats), seats on different processes and
// clients that move within a second of their turn; then three rounds of SIGKILL of owners at random moments, a
// 10 s PostgreSQL stop, a 10 s Redis stop, and an owner SIGSTOPped past its lease, then resumed. Afterwards every
// acknowledged move is stored exactly once, no process exited by itself, no match ended on time or was abandoned,
// every match finished, and the paused owner's matches were all taken over while it slept.
//
// It runs on a PostgreSQL and a Redis of its own (`npm test` starts them before vitest: SERVICES_DIR=.services/faults),
// which it stops and starts itself (scripts/services.sh stop|start): the other test files, running in parallel on
// the shared pair, never see these outages. By hand: `SERVICES_DIR=.services/faults scripts/services.sh up` first.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { botFor } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import { createRng, type Seat as SeatNumber } from '@roundtable/core';
import { api, Client, spawnServerProcess, waitFor } from './helpers.ts';

const LEASE_MS = 2000;
/** How long a client waits for a process to connect and attach it before trying the next one. */
const ATTACH_MS = 2000;
/**
 * How long a client waits for the legal moves, and for the answer to a move (a forwarded one may wait 3 s for its
 * owner), before leaving the process for the next one. A seat whose process was paused while it asked waited for
 * the process to wake (6 s here) and moved with a second of its 10 s left, on a loaded machine none (a seat handed
 * to a bot, 28 Nov).
 */
const LEGAL_MS = 2000;
const MOVE_MS = 5000;

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
const SERVICES = fileURLToPath(new URL('../../../scripts/services.sh', import.meta.url));
const log = (line: string): void =>
  void (process.env.RT_DEBUG && process.stderr.write(`[faults] ${Date.now()} ${line}\n`));

/** The pair of this test: from `npm test`, else the one `SERVICES_DIR=.services/faults scripts/services.sh up` left. */
function faultServices(): { database: string; redis: string; dir: string } {
  const dir = process.env.RT_FAULT_SERVICES_DIR ?? fileURLToPath(new URL('../../../.services/faults', import.meta.url));
  let database = process.env.RT_FAULT_DATABASE_URL;
  let redis = process.env.RT_FAULT_REDIS_URL;
  if (!database || !redis) {
    let out: string;
    try {
      out = execFileSync('bash', [SERVICES, 'env'], { encoding: 'utf8', env: { ...process.env, SERVICES_DIR: dir } });
    } catch {
      throw new Error(
        'the fault test needs its own PostgreSQL and Redis: `npm test` starts them; by hand, run `SERVICES_DIR=.services/faults scripts/services.sh up` first',
      );
    }
    database = /^DATABASE_URL=(.+)$/m.exec(out)?.[1];
    redis = /^REDIS_URL=(.+)$/m.exec(out)?.[1];
  }
  if (!database || !redis) throw new Error('no URLs for the fault services');
  return { database, redis, dir };
}

/** An outage: one of the pair stopped (or started again), through scripts/services.sh. */
function service(action: 'stop' | 'start', which: 'postgres' | 'redis', dir: string): void {
  execFileSync('bash', [SERVICES, action, which], { env: { ...process.env, SERVICES_DIR: dir }, stdio: 'ignore' });
}

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
  readonly name: string;
}

const children: ChildProcess[] = [];
let admin: pg.Client | null = null;
let databaseUrl: string | null = null;

afterAll(async () => {
  for (const c of children) {
    if (c.signalCode === 'SIGSTOP') c.kill('SIGCONT');
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
  const services = faultServices();
  // Whatever happened, the pair is left up for the next run.
  service('start', 'postgres', services.dir);
  service('start', 'redis', services.dir);
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: services.database });
    await c.connect();
    await c.query(
      `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(new URL(databaseUrl).pathname.slice(1))} WITH (FORCE)`,
    );
    await c.end();
  }
  await admin?.end().catch(() => undefined);
});

/** Moves every acknowledged, per match, and when. */
interface Ack {
  readonly ply: number;
  readonly move: string;
  readonly at: number;
}

/**
 * A seat played by a client that moves within a second of its turn and, on any refusal or a lost connection,
 * attaches again (to the next live process when its own is gone). Camelot seats play at random for their first
 * plies, then greedily, so every match ends within the test; card-game seats play at random.
 */
class Player {
  readonly refusals: string[] = [];
  client: Client | null = null;
  last: any = null;
  private readonly rng;
  private stopped = false;
  /** What this seat did lately (RT_DEBUG: printed when it moves with little of its time left). */
  private readonly trace: string[] = [];
  constructor(
    readonly match: MatchUnderTest,
    readonly seat: SeatNumber,
    private readonly token: string,
    private at: number,
    private readonly procs: () => Proc[],
  ) {
    this.rng = createRng(`${match.id}:${seat}`);
  }

  private async attach(): Promise<any> {
    for (;;) {
      const live = this.procs();
      const p = live[this.at % live.length]!;
      try {
        // A process that does not answer within 2 s (paused, or its machine gone) is left for the next one, as a
        // balancer's health check leaves it: a client waiting on a frozen process is not moving within a second.
        let late = false;
        const connecting = Client.connect(p.ws);
        void connecting.then(
          (c) => late && c.close(),
          () => undefined,
        );
        this.client = await within(connecting, ATTACH_MS).catch((e: unknown) => {
          late = true;
          throw e;
        });
        const state = await this.client.request({ t: 'attach', token: this.token }, ATTACH_MS);
        if (state.t === 'attached') {
          this.note(`attached through ${p.name}`);
          log(`${this.match.id} seat ${this.seat} attached through ${p.name}`);
          return (this.last = state);
        }
        this.refuse(state.code);
      } catch {
        this.refuse('DISCONNECTED');
      }
      this.client?.close();
      this.at++;
      await sleep(300);
    }
  }

  private async reattach(): Promise<any> {
    this.client?.close();
    this.at++;
    return this.attach();
  }

  private choose(state: any, legal: string[]): string {
    const game = gameById(this.match.game)!;
    if (this.match.game === 'camelot' && state.ply >= 150) {
      const move = botFor('greedy')!.choose({ game, view: state.view, seat: this.seat, rng: this.rng });
      if (move !== null && legal.includes(move)) return move;
    }
    return legal[Math.floor(Math.random() * legal.length)]!;
  }

  async play(): Promise<void> {
    let state = await this.attach();
    while (state.status === 'active' && !this.stopped) {
      try {
        if (!state.yourTurn) {
          const next = await this.client!.wait((m) => m.t === 'update' || m.t === 'detached', 4000).catch(() => null);
          if (next?.t === 'update') {
            state = this.last = next;
            this.note(`update ply ${next.ply}${next.yourTurn ? ', my turn' : ''}`);
          } else {
            this.note(next ? 'detached' : 'no update in 4 s');
            if (next) log(`${this.match.id} seat ${this.seat} detached: ${this.trace.join(' | ')}`);
            state = await this.reattach();
          }
          continue;
        }
        // Within a second of the turn.
        await sleep(100 + Math.random() * 700);
        this.note('legal?');
        const legal = await this.client!.request({ t: 'legal' }, LEGAL_MS).catch(() => null);
        if (legal?.t !== 'legal' || legal.moves.length === 0) {
          if (legal === null) this.refuse('NO_ANSWER');
          state = await this.reattach();
          continue;
        }
        const move = this.choose(state, legal.moves);
        const left = typeof state.deadline === 'number' ? state.deadline - Date.now() : null;
        this.note(`moving, ${left} ms left`);
        const answer = await this.client!.request({ t: 'move', move }, MOVE_MS).catch(() => null);
        if (answer === null) {
          // Played or not, the seat sees it on attaching again.
          this.refuse('NO_ANSWER');
          state = await this.reattach();
          continue;
        }
        const after = typeof state.deadline === 'number' ? state.deadline - Date.now() : null;
        if (after !== null && after < 3000)
          log(`${this.match.id} seat ${this.seat} moved late (${after} ms left): ${this.trace.join(' | ')}`);
        if (answer.t === 'update') {
          this.match.acked(answer.ply !== undefined ? answer.ply - 1 : null, move, this.seat);
          state = this.last = answer;
        } else {
          this.refuse(answer.code);
          await sleep(200);
          state = await this.reattach();
        }
      } catch {
        this.refuse('DISCONNECTED');
        state = await this.reattach();
      }
    }
    this.client?.close();
  }

  private refuse(code: string): void {
    this.refusals.push(code);
    this.note(`refused ${code}`);
    log(`${this.match.id} seat ${this.seat}: ${code}`);
  }

  private note(what: string): void {
    if (!process.env.RT_DEBUG) return;
    this.trace.push(`${Date.now() % 100_000} ${what}`);
    if (this.trace.length > 12) this.trace.shift();
  }

  stop(): void {
    this.stopped = true;
    this.client?.close();
  }
}

class MatchUnderTest {
  readonly acks: Ack[] = [];
  readonly players: Player[] = [];
  /** Acknowledgements of a game with secrets carry no ply: their moves are matched by seat and order. */
  readonly bySeat = new Map<SeatNumber, string[]>();
  constructor(
    readonly id: string,
    readonly game: string,
    readonly kind: string,
    readonly humans: readonly SeatNumber[],
  ) {}
  acked(ply: number | null, move: string, seat: SeatNumber): void {
    if (ply !== null) this.acks.push({ ply, move, at: Date.now() });
    else this.acks.push({ ply: -1, move, at: Date.now() });
    this.bySeat.set(seat, [...(this.bySeat.get(seat) ?? []), move]);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

describe('several processes through faults', () => {
  it('three processes, 32 matches: SIGKILLs of owners, PostgreSQL and Redis stopped 10 s each, an owner paused past its lease; every acknowledged move stored once, nobody loses on time, every match finishes', async () => {
    const services = faultServices();
    admin = new pg.Client({ connectionString: services.database });
    await admin.connect();
    const name = `rt_faults_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE template0`);
    const url = new URL(services.database);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    await admin.end();
    admin = null;

    const procs: Proc[] = [];
    const killed = new Set<ChildProcess>();
    const exits: string[] = [];
    let made = 0;
    const start = async (): Promise<Proc> => {
      const label = `p${made++}`;
      const p = await spawnServerProcess(
        [
          '--database',
          databaseUrl!,
          '--redis',
          services.redis,
          '--lease-ms',
          String(LEASE_MS),
          '--bot-ms',
          '20',
          '--bot-workers',
          '1',
          '--max-matches-per-address',
          '100000',
          '--max-sockets-per-address',
          '100000',
          '--http-rate',
          '1000000',
          // The start-up line (with the address the test reads) is at info; stdout is read, then dropped.
          '--log-level',
          'info',
        ],
        children,
        30_000,
        (child) => {
          if (process.env.RT_DEBUG)
            child.stdout!.on('data', (chunk: Buffer) => {
              for (const l of chunk.toString().split('\n'))
                if (/"level":[456]0|cluster|timed out|fenc|lease/i.test(l)) process.stderr.write(`${label} ${l}\n`);
            });
        },
      );
      const proc = { ...p, name: label };
      p.child.once('exit', (code, signal) => {
        if (!killed.has(p.child)) exits.push(`${label} exited (${code ?? signal})`);
      });
      return proc;
    };
    procs.push(await start());
    procs.push(...(await Promise.all([start(), start()])));
    const live = (): Proc[] => procs.filter((p) => !killed.has(p.child));

    // The matches: created round the processes (the creator owns its match), seats spread over the others.
    const matches: MatchUnderTest[] = [];
    const specs: { kind: string; body: any; humans: SeatNumber[] }[] = [
      ...Array.from({ length: 12 }, () => ({
        kind: 'camelot, 8 s a move',
        body: { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }], clock: { moveSeconds: 8 } },
        humans: [0, 1],
      })),
      ...Array.from({ length: 8 }, () => ({
        kind: 'camelot, Fischer 20+1',
        body: {
          game: 'camelot',
          seats: [{ kind: 'human' }, { kind: 'human' }],
          clock: { baseSeconds: 20, incrementSeconds: 1 },
        },
        humans: [0, 1],
      })),
      ...Array.from({ length: 6 }, () => ({
        kind: 'joust with a bot, 10 s a move',
        body: {
          game: 'joust',
          seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'random' }],
          clock: { moveSeconds: 10 },
          abandon: { bot: 'random' },
        },
        humans: [0, 1],
      })),
      ...Array.from({ length: 6 }, () => ({
        kind: 'shadows with bots, 10 s a move',
        body: {
          game: 'shadows',
          seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }],
          clock: { moveSeconds: 10 },
          abandon: { bot: 'random' },
        },
        humans: [0],
      })),
    ];
    // Each match's players sit down as soon as it is created (its clock runs from then).
    const playing: Promise<void>[] = [];
    for (const [k, spec] of specs.entries()) {
      const owner = procs[k % procs.length]!;
      const created = await api(owner, 'POST', '/api/matches', spec.body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const m = new MatchUnderTest(created.body.match.id, spec.body.game, spec.kind, spec.humans);
      for (const { seat, token } of created.body.tokens as { seat: SeatNumber; token: string }[])
        m.players.push(new Player(m, seat, token, k + 1 + seat, live));
      matches.push(m);
      playing.push(...m.players.map((p) => p.play()));
    }

    /** Which live process owns each match now (PostgreSQL's leases; a node's name carries its pid). */
    const query = async <R extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<R[]> => {
      const c = new pg.Client({ connectionString: databaseUrl! });
      c.on('error', () => undefined);
      await c.connect();
      try {
        return (await c.query<R>(sql, args)).rows;
      } finally {
        await c.end().catch(() => undefined);
      }
    };
    const owners = async (): Promise<Map<string, Proc>> => {
      const rows = await query<{ match_id: string; owner: string }>(
        "SELECT l.match_id, l.owner FROM match_leases l JOIN matches m ON m.id = l.match_id WHERE m.status = 'active'",
      );
      const out = new Map<string, Proc>();
      for (const r of rows) {
        const p = live().find((x) => r.owner.includes(`-${x.child.pid}-`));
        if (p) out.set(r.match_id, p);
      }
      return out;
    };
    const inPlay = (): number => matches.filter((m) => m.players.some((p) => p.last?.status === 'active')).length;

    // Three rounds of SIGKILL of a process that owns matches, at random moments; a new process each time.
    const failovers: number[] = [];
    for (let round = 0; round < 3; round++) {
      await sleep(4000 + Math.random() * 4000);
      const owned = await owners();
      const candidates = live().filter((p) => [...owned.values()].includes(p));
      const victim = candidates[Math.floor(Math.random() * candidates.length)] ?? live()[0]!;
      const theirs = [...owned].filter(([, p]) => p === victim).map(([id]) => id);
      const at = Date.now();
      killed.add(victim.child);
      victim.child.kill('SIGKILL');
      log(`round ${round}: killed ${victim.name}, owner of ${theirs.length} matches (${inPlay()} in play)`);
      procs.push(await start());
      void (async () => {
        // Failover: from the kill to the next acknowledged move of each match it owned.
        for (const id of theirs) {
          const m = matches.find((x) => x.id === id)!;
          for (let i = 0; i < 600; i++) {
            const next = m.acks.find((a) => a.at > at);
            if (next) {
              failovers.push(next.at - at);
              break;
            }
            if (m.players.every((p) => p.last?.status !== 'active')) break;
            await sleep(100);
          }
        }
      })();
    }

    // PostgreSQL stopped for 10 s, then Redis for 10 s.
    await sleep(4000);
    log(`PostgreSQL stopped (${inPlay()} in play)`);
    service('stop', 'postgres', services.dir);
    await sleep(10_000);
    service('start', 'postgres', services.dir);
    log('PostgreSQL back');
    await sleep(6000);
    log(`Redis stopped (${inPlay()} in play)`);
    service('stop', 'redis', services.dir);
    await sleep(10_000);
    service('start', 'redis', services.dir);
    log('Redis back');
    await sleep(6000);

    // An owner paused past its lease (another process takes its matches over), then resumed.
    const rows = await query<{ owner: string; n: string }>(
      "SELECT l.owner, count(*) AS n FROM match_leases l JOIN matches m ON m.id = l.match_id WHERE m.status = 'active' GROUP BY l.owner ORDER BY n DESC",
    );
    const paused = live().find((p) => rows.some((r) => r.owner.includes(`-${p.child.pid}-`))) ?? live()[0]!;
    const mine = async (): Promise<string[]> =>
      (
        await query<{ match_id: string }>(
          "SELECT l.match_id FROM match_leases l JOIN matches m ON m.id = l.match_id WHERE m.status = 'active' AND l.owner LIKE $1",
          [`%-${paused.child.pid}-%`],
        )
      ).map((r) => r.match_id);
    const heldBefore = await mine();
    log(`pausing ${paused.name}, owner of ${heldBefore.length} matches (${inPlay()} in play)`);
    paused.child.kill('SIGSTOP');
    await sleep(LEASE_MS * 3);
    // While it sleeps, the others take every match it owned (its lease ran out); a busy machine may take longer.
    await waitFor(async () => (await mine()).length === 0, 30_000);
    paused.child.kill('SIGCONT');
    log(`${paused.name} resumed`);

    // Every match plays to its end.
    const until = Date.now() + 240_000;
    while (Date.now() < until && inPlay() > 0) await sleep(1000);
    const stalled = matches.filter((m) => m.players.some((p) => p.last?.status === 'active'));
    for (const m of stalled) for (const p of m.players) p.stop();
    await Promise.allSettled(playing);
    await sleep(500);

    const health = await api(paused, 'GET', '/healthz');
    const report = {
      moves: matches.reduce((n, m) => n + m.acks.length, 0),
      failoverP50: percentile(failovers, 50),
      failoverMax: Math.max(...failovers),
      failovers: failovers.length,
      refusals: Object.fromEntries(
        [...new Set(matches.flatMap((m) => m.players.flatMap((p) => p.refusals)))].map((code) => [
          code,
          matches.reduce(
            (n, m) => n + m.players.reduce((k, p) => k + p.refusals.filter((r) => r === code).length, 0),
            0,
          ),
        ]),
      ),
      fencing: health.body.fencing,
    };
    process.stderr.write(`[faults] ${JSON.stringify(report)}\n`);

    expect(stalled.map((m) => `${m.id} (${m.kind}) stopped at ply ${m.players[0]!.last?.ply}`)).toEqual([]);
    expect(exits).toEqual([]);
    for (const m of matches) {
      const stored = await query<{ ply: number; seat: number; move: string }>(
        'SELECT ply, seat, move FROM moves WHERE match_id = $1 ORDER BY ply',
        [m.id],
      );
      const summary = (await api(live()[0]!, 'GET', `/api/matches/${m.id}`)).body.match;
      // No match ended on time, was abandoned, or saw a seat handed to a bot because of the faults.
      expect(summary.status, `${m.id} (${m.kind})`).toBe('finished');
      expect(summary.outcome.reason ?? '', `${m.id} (${m.kind})`).not.toBe('timeout');
      for (const seat of m.humans) expect(summary.seats[seat].kind, `${m.id} seat ${seat}`).toBe('human');
      // The log has no gap, and every acknowledged move is in it once: at its ply (games without secrets), or in
      // the order its seat played (games with secrets, whose acknowledgements carry no ply).
      expect(stored.map((r) => r.ply)).toEqual(stored.map((_, i) => i));
      for (const a of m.acks.filter((x) => x.ply >= 0))
        expect(stored[a.ply]?.move, `${m.id} ply ${a.ply}`).toBe(a.move);
      const plies = new Set(m.acks.filter((x) => x.ply >= 0).map((x) => x.ply));
      expect(plies.size, `${m.id}: a ply acknowledged twice`).toBe(m.acks.filter((x) => x.ply >= 0).length);
      for (const [seat, moves] of m.bySeat) {
        const mine = stored.filter((r) => r.seat === seat).map((r) => r.move);
        // Every acknowledged move of the seat is stored, in order; at most one stored move per fault was never
        // acknowledged (its answer was lost with the process that stored it).
        let i = 0;
        for (const move of moves) {
          while (i < mine.length && mine[i] !== move) i++;
          expect(i < mine.length, `${m.id} seat ${seat}: acknowledged ${move} not stored`).toBe(true);
          i++;
        }
      }
    }
    // The paused owner had matches, and lost them all while it slept (checked before it woke). What it tried on
    // waking was refused: the report's `fencing` counts it, and how much there was depends on what the process was
    // doing when paused (nothing at all in some runs, so it is not asserted here); fencing.test.ts checks that each
    // kind of write of a process that lost its match is refused.
    expect(heldBefore.length).toBeGreaterThan(0);
  }, 600_000);
});
