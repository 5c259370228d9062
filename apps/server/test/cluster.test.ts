// Several server processes on one PostgreSQL and one Redis: any process serves any match, moves cross between
// processes, and when the owner of a match is killed (SIGKILL) another takes it over from PostgreSQL once its
// lease runs out; no acknowledged move is lost or applied twice; bots and clocks go on at the new owner.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { api, Client, dropTestDatabase, spawnServerProcess, testDatabase, testServices, waitFor } from './helpers.ts';
import { Relay } from './proxy.ts';

const LEASE_MS = 1500;
const children: ChildProcess[] = [];
const databases: string[] = [];

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
}

function spawnServer(database: string, redis: string, extra: readonly string[] = []): Promise<Proc> {
  const args = [
    '--database',
    database,
    '--redis',
    redis,
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
    ...extra,
  ];
  // RT_DEBUG=1 shows the servers' warnings and errors.
  const debug = (child: ChildProcess): void => {
    if (process.env.RT_DEBUG)
      child.stdout!.on('data', (chunk: Buffer) =>
        process.stderr.write(
          chunk
            .toString()
            .split('\n')
            .filter((l) => /"level":[456]0|cluster|timed out/.test(l))
            .map((l) => `${l}\n`)
            .join(''),
        ),
      );
  };
  return spawnServerProcess(args, children, 30_000, debug);
}

async function cluster(n: number, redis = testServices().redis, extra: readonly string[] = []): Promise<Proc[]> {
  const database = await testDatabase();
  databases.push(database);
  // The first one alone applies the migrations; then the others start together.
  const first = await spawnServer(database, redis, extra);
  return [first, ...(await Promise.all(Array.from({ length: n - 1 }, () => spawnServer(database, redis, extra))))];
}

function kill(p: Proc): Promise<void> {
  const exited = new Promise<void>((r) => p.child.once('exit', () => r()));
  p.child.kill('SIGKILL');
  return exited;
}

beforeAll(() => void testServices());
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of databases) await dropTestDatabase(d).catch(() => undefined);
});

/**
 * One seat played by a client that, on any refusal or a closed connection, waits a little and attaches again,
 * to the next live process when its own is gone. Records every acknowledged move (ply → move).
 */
class Seat {
  readonly acked = new Map<number, string>();
  readonly refusals: string[] = [];
  /** Processes this seat attached through, in order (by URL). */
  readonly attachedTo: string[] = [];
  private client: Client | null = null;
  last: any = null;
  constructor(
    private readonly token: string,
    private procs: Proc[],
    private at: number,
    private readonly pick: number,
    /** A pause before each move: a seat that never pauses sends past the per-connection message rate. */
    private readonly thinkMs = 0,
  ) {}

  private async attach(): Promise<any> {
    for (;;) {
      const p = this.procs[this.at % this.procs.length]!;
      try {
        this.client = await Client.connect(p.ws);
        const state = await this.client.request({ t: 'attach', token: this.token });
        if (state.t === 'attached') {
          this.attachedTo.push(p.url);
          return (this.last = state);
        }
        this.refusals.push(state.code);
      } catch {
        this.refusals.push('DISCONNECTED');
      }
      this.client?.close();
      this.at++;
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** The processes still alive (after a kill). */
  only(procs: Proc[]): void {
    this.procs = procs;
  }

  /** Plays until the match is over, or `until()` says stop. */
  async play(until: () => boolean = () => false): Promise<any> {
    let state = await this.attach();
    while (state.status === 'active' && !until()) {
      try {
        if (!state.yourTurn) {
          state = await this.client!.wait((m) => m.t === 'update' || m.t === 'detached', 2000).catch(() => ({
            t: 'idle',
          }));
          if (state.t === 'update') this.last = state;
          else {
            if (process.env.RT_DEBUG)
              process.stderr.write(
                `${this.token.slice(0, 4)} idle (${state.t}) at ply ${this.last?.ply}, reattaching\n`,
              );
            state = await this.reattach();
            if (process.env.RT_DEBUG)
              process.stderr.write(
                `${this.token.slice(0, 4)} reattached: ply ${state.ply} yourTurn ${state.yourTurn} status ${state.status}\n`,
              );
          }
          continue;
        }
        if (this.thinkMs > 0) await new Promise((r) => setTimeout(r, this.thinkMs));
        const legal = await this.client!.request({ t: 'legal' }, 5000);
        const move = legal.moves[(state.ply * this.pick) % legal.moves.length];
        const answer = await this.client!.request({ t: 'move', move }, 6000);
        if (answer.t === 'update') {
          const ply = answer.ply - 1;
          expect(this.acked.has(ply), `ply ${ply} acknowledged twice`).toBe(false);
          this.acked.set(ply, answer.last.move);
          state = this.last = answer;
        } else {
          if (process.env.RT_DEBUG) process.stderr.write(`refused ${answer.code} at ${Date.now()}\n`);
          this.refusals.push(answer.code);
          await new Promise((r) => setTimeout(r, 200));
          state = await this.reattach();
        }
      } catch {
        this.refusals.push('DISCONNECTED');
        state = await this.reattach();
      }
    }
    return state;
  }

  private async reattach(): Promise<any> {
    this.client?.close();
    return this.attach();
  }

  close(): void {
    this.client?.close();
  }
}

/** Creates a match on process `p` (which then owns it). */
async function create(p: Proc, body: unknown): Promise<{ id: string; tokens: string[] }> {
  const created = await api(p, 'POST', '/api/matches', body);
  expect(created.status).toBe(201);
  return { id: created.body.match.id, tokens: created.body.tokens.map((t: any) => t.token) };
}

describe('three processes on one PostgreSQL and one Redis', () => {
  it('two seats on two processes: moves cross; the owner is killed mid-match; the seats go on through the survivors; the log holds every acknowledged move once', async () => {
    const procs = await cluster(3);
    const [a, b, c] = procs as [Proc, Proc, Proc];
    // Created on a: a owns it. Seat 0 plays through a, seat 1 through b (its moves are forwarded to a).
    const m = await create(a, { game: 'camelot', seed: 11, seats: [{ kind: 'human' }, { kind: 'human' }] });
    const white = new Seat(m.tokens[0]!, [a, c], 0, 7);
    const black = new Seat(m.tokens[1]!, [b, c], 0, 13);
    let killed = false;
    const stopAt = (): boolean => !killed && white.acked.size + black.acked.size >= 16;
    const playing = [white.play(stopAt), black.play(stopAt)];
    await Promise.all(playing);
    expect(black.acked.size).toBeGreaterThanOrEqual(7);
    // b's copy follows a: a spectator on each sees the same position.
    const watch = async (p: Proc): Promise<any> => {
      const s = await Client.connect(p.ws);
      const seen = await s.request({ t: 'attach', match: m.id });
      s.close();
      return seen;
    };
    const onA = await watch(a);
    await waitFor(async () => (await watch(b)).ply === onA.ply, 5000);
    expect((await watch(b)).view).toEqual(onA.view);

    if (process.env.RT_DEBUG)
      process.stderr.write(`killing a at ${Date.now()}: white ${white.acked.size} black ${black.acked.size}\n`);
    await kill(a);
    killed = true;
    white.only([c, b]);
    black.only([b, c]);
    const t0 = Date.now();
    const [w, k] = await Promise.all([white.play(), black.play()]);
    expect(Date.now() - t0).toBeLessThan(120_000);
    expect(w.status).toBe('finished');
    expect(k.status).toBe('finished');
    // White went on through a survivor, and nothing was refused but for the kill: no illegal move, no move
    // out of turn.
    const refusals = new Set([...white.refusals, ...black.refusals]);
    expect(white.attachedTo[0]).toBe(a.url);
    expect(white.attachedTo.slice(1)).not.toContain(a.url);
    expect(white.attachedTo.length).toBeGreaterThanOrEqual(2);
    for (const r of refusals) expect(['OWNER_UNAVAILABLE', 'DISCONNECTED', 'STORAGE', 'NOT_ATTACHED']).toContain(r);

    const record = await api(b, 'GET', `/api/matches/${m.id}/record`);
    expect(record.status).toBe(200);
    const moves: string[] = record.body.moves.map((x: any) => x.move);
    const acked = new Map([...white.acked, ...black.acked]);
    // Every acknowledged move is in the log at its ply, once; at most the one move in flight at the kill was
    // stored without its acknowledgement reaching the client.
    for (const [ply, move] of acked) expect(moves[ply]).toBe(move);
    expect(moves.length - acked.size).toBeLessThanOrEqual(1);
    expect(moves.length).toBe(w.ply);
    white.close();
    black.close();
    for (const p of [b, c]) p.child.kill('SIGTERM');
  }, 150_000);

  it('a bot seat and a clock: after the owner is killed, the new owner plays the bot, and the clock runs out there', async () => {
    const procs = await cluster(2);
    const [a, b] = procs as [Proc, Proc];
    // Bot match, created on a (a owns it and plays the bot); the human plays through a too (else a would hand the
    // match to the process its seat is on), then through b once a is killed.
    const bot = await create(a, {
      game: 'camelot',
      seed: 5,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
    });
    const human = new Seat(bot.tokens[0]!, [a], 0, 5);
    await human.play(() => human.acked.size >= 4);
    const beforeKill = human.acked.size;
    expect(beforeKill).toBeGreaterThanOrEqual(4);

    // Clock match, created on a: seat 0 plays through a; seat 1 never moves, so its clock runs out. (Created only
    // now: the clock runs from the start, and seat 0 must move in time on a loaded machine.)
    const clocked = await create(a, {
      game: 'camelot',
      seed: 6,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      clock: { moveSeconds: 8 },
    });
    const timed = new Seat(clocked.tokens[0]!, [a], 0, 3);
    await timed.play(() => timed.acked.size >= 1);
    expect(timed.last.deadline).toBeGreaterThan(Date.now());

    await kill(a);
    human.only([b]);
    const end = await human.play();
    expect(end.status).toBe('finished');
    expect(human.acked.size).toBeGreaterThan(beforeKill);
    const record = await api(b, 'GET', `/api/matches/${bot.id}/record`);
    const moves = record.body.moves.map((x: any) => x.move);
    for (const [ply, move] of human.acked) expect(moves[ply]).toBe(move);
    // The bot's moves alternate with the human's, after the kill too (the new owner played them).
    expect(moves.length).toBe(end.ply);
    expect(moves.length - human.acked.size).toBeGreaterThanOrEqual(human.acked.size - 1);

    // The clock match: b took it over (nobody attached: it found the match an orphan) and its clock ran out there,
    // once the time lost to the takeover was given back (no bot to take over: abandoned by seat 1).
    await waitFor(
      async () => (await api(b, 'GET', `/api/matches/${clocked.id}`)).body.match.status === 'abandoned',
      30_000,
    );
    const summary = await api(b, 'GET', `/api/matches/${clocked.id}`);
    expect(summary.body.match.outcome).toMatchObject({ winners: [0], reason: 'timeout' });
    human.close();
    timed.close();
    b.child.kill('SIGTERM');
  }, 150_000);

  /**
   * Redis cut under play: a forwarded move needs Redis, so black's moves (through b, forwarded to a) are refused with
   * OWNER_UNAVAILABLE until it is back; white's (on a, the owner) go on. None is lost, the match goes on to its end,
   * and the clocks are given the outage back.
   */
  it('Redis stopped and back under play: crossing moves are refused with a clear error, none is lost, and the processes resume by themselves', async () => {
    const target = new URL(testServices().redis);
    const relay = await Relay.start({ host: target.hostname, port: Number(target.port) });
    const procs = await cluster(2, relay.url(testServices().redis));
    const [a, b] = procs as [Proc, Proc];
    try {
      const m = await create(a, { game: 'camelot', seed: 21, seats: [{ kind: 'human' }, { kind: 'human' }] });
      const white = new Seat(m.tokens[0]!, [a], 0, 3);
      const black = new Seat(m.tokens[1]!, [b], 0, 5);
      let phase = 0;
      const stop = (): boolean => white.acked.size + black.acked.size >= [6, 16, 10_000][phase]!;
      await Promise.all([white.play(stop), black.play(stop)]);

      relay.break();
      phase = 1;
      const refusedBefore = black.refusals.length;
      const outage = Promise.all([white.play(stop), black.play(stop)]);
      // Black's moves (through b, forwarded to a through Redis) are refused with OWNER_UNAVAILABLE.
      await waitFor(() => black.refusals.length > refusedBefore, 15_000);
      expect(black.refusals.slice(refusedBefore)).toContain('OWNER_UNAVAILABLE');
      const health = await api(b, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body.problems.join(' ')).toMatch(/Redis/);
      relay.mend();
      await outage;

      // Back: the match goes on to its end, both seats through their own process.
      phase = 2;
      const [w, k] = await Promise.all([white.play(stop), black.play(stop)]);
      expect(w.status).toBe('finished');
      expect(k.status).toBe('finished');
      const record = await api(b, 'GET', `/api/matches/${m.id}/record`);
      const moves: string[] = record.body.moves.map((x: any) => x.move);
      const acked = new Map([...white.acked, ...black.acked]);
      for (const [ply, move] of acked) expect(moves[ply]).toBe(move);
      // A move the owner stored while its acknowledgement could not travel (through Redis, away) is in the log
      // without having been acknowledged; its seat was told OWNER_UNAVAILABLE and saw the move on coming back.
      const unavailable = black.refusals.filter((r) => r === 'OWNER_UNAVAILABLE').length;
      expect(moves.length - acked.size).toBeGreaterThanOrEqual(0);
      expect(moves.length - acked.size).toBeLessThanOrEqual(unavailable);
      white.close();
      black.close();
    } finally {
      for (const p of procs) p.child.kill('SIGTERM');
      await relay.close();
    }
  }, 150_000);

  /**
   * After an outage each process gets Redis back in its own time (each reconnects on its own schedule). A move
   * forwarded to the owner before its subscription is back reaches nobody: it is sent again until the owner
   * listens, and acknowledged, where it used to be lost and refused (OWNER_UNAVAILABLE) 3 s later, a seat on a
   * clock losing those 3 s. Here only the owner's Redis is cut: it reconnects up to a second after the mend.
   */
  it('a move forwarded while the owner is still reconnecting to Redis is delivered once it listens again, not refused', async () => {
    const redis = testServices().redis;
    const target = new URL(redis);
    const relay = await Relay.start({ host: target.hostname, port: Number(target.port) });
    const database = await testDatabase();
    databases.push(database);
    const a = await spawnServer(database, relay.url(redis));
    const b = await spawnServer(database, redis);
    const clients: Client[] = [];
    try {
      const m = await create(a, { game: 'camelot', seed: 41, seats: [{ kind: 'human' }, { kind: 'human' }] });
      const seat = async (p: Proc, token: string): Promise<{ client: Client; state: any }> => {
        const client = await Client.connect(p.ws);
        clients.push(client);
        return { client, state: await client.request({ t: 'attach', token }) };
      };
      const white = await seat(a, m.tokens[0]!);
      const black = await seat(b, m.tokens[1]!);
      expect(white.state.yourTurn).toBe(true);
      const play = async (s: { client: Client }): Promise<any> => {
        const legal = await s.client.request({ t: 'legal' });
        return s.client.request({ t: 'move', move: legal.moves[0] }, 8000);
      };
      // A crossing move first: b follows a, and forwards black's moves to it.
      expect((await play(white)).t).toBe('update');
      await black.client.wait((x) => x.t === 'update' && x.yourTurn === true, 5000);
      expect((await play(black)).t).toBe('update');
      await white.client.wait((x) => x.t === 'update' && x.yourTurn === true, 5000);
      expect((await play(white)).t).toBe('update');
      await black.client.wait((x) => x.t === 'update' && x.yourTurn === true, 5000);

      // The owner loses Redis for 2.2 s (its clients retry at 0.1, 0.3, 0.6, 1.0, 1.5, 2.1, 2.8 s: back at about
      // 2.8 s); black moves the moment Redis is mended, while a is not subscribed yet.
      relay.break();
      await new Promise((r) => setTimeout(r, 2200));
      relay.mend();
      const sent = Date.now();
      const answer = await play(black);
      expect(answer.t, JSON.stringify(answer)).toBe('update');
      expect(answer.ply).toBe(4);
      // Well within the 3 s a forwarded move waits.
      expect(Date.now() - sent).toBeLessThan(3000);
      const record = await api(b, 'GET', `/api/matches/${m.id}/record`);
      expect(record.body.moves).toHaveLength(4);
    } finally {
      for (const c of clients) c.close();
      for (const p of [a, b]) p.child.kill('SIGTERM');
      await relay.close();
    }
  }, 60_000);

  it('ownership follows the seats: a match whose seats are all on another process is handed to it, and its moves stop crossing, without a move refused', async () => {
    const procs = await cluster(2);
    const [a, b] = procs as [Proc, Proc];
    const database = databases[databases.length - 1]!;
    const owner = async (id: string): Promise<string> => {
      const c = new pg.Client({ connectionString: database });
      await c.connect();
      try {
        return (await c.query('SELECT owner FROM match_leases WHERE match_id = $1', [id])).rows[0]?.owner ?? '';
      } finally {
        await c.end();
      }
    };
    const pid = async (p: Proc): Promise<string> => `-${p.child.pid}-`;
    // Created on a (a owns it), both seats play through b: every move crosses, until a hands the match to b.
    const m = await create(a, { game: 'camelot', seed: 31, seats: [{ kind: 'human' }, { kind: 'human' }] });
    expect(await owner(m.id)).toContain(await pid(a));
    // They think a moment, as people do: the handover may take a few lease rounds on a loaded machine, and seats
    // moving back to back that long would go past the message rate of their connections (RATE_LIMITED).
    const white = new Seat(m.tokens[0]!, [b], 0, 3, 50);
    const black = new Seat(m.tokens[1]!, [b], 0, 5, 50);
    let handed = false;
    const until = (): boolean => handed && white.acked.size + black.acked.size >= 30;
    const watching = (async () => {
      await waitFor(async () => (await owner(m.id)).includes(await pid(b)), 20_000);
      handed = true;
    })();
    await Promise.all([white.play(until), black.play(until), watching]);
    expect(handed).toBe(true);
    // Nothing was refused on the way: a move forwarded to a while it handed the match over was played by b.
    expect([...white.refusals, ...black.refusals]).toEqual([]);
    const record = await api(b, 'GET', `/api/matches/${m.id}`);
    expect(record.body.match.status).toBe('active');
    white.close();
    black.close();
    for (const p of procs) p.child.kill('SIGTERM');
  }, 60_000);
});
