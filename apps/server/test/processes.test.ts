// `roundtable serve --processes 2` on the embedded SQLite (src/processes/): one primary process listens and hands
// each connection to the worker that owns the match it names; a worker that dies is started again on its shard
// with every acknowledged move kept; SIGTERM stops them all gracefully; one data folder takes one primary.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.ts';
import { handedHead, handOver, readWorkerSpec, WORKER_ENV } from '../src/processes/messages.ts';
import { matchOf, requestLine } from '../src/processes/route.ts';
import { shardOf } from '../src/processes/shard.ts';
import { withYoungGeneration, YOUNG_GENERATION_FLAG } from '../src/processes/young-generation.ts';
import { api, Client, waitFor } from './helpers.ts';

const SERVE = fileURLToPath(new URL('../bin/serve.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rt-processes-'));
const children: ChildProcess[] = [];
/** Every worker pid seen, to check none is left behind. */
const workerPids = new Set<number>();

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of workerPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already, as it should be.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Primary {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
  /** The current pid of each shard's worker, and whether it said it is ready, from the primary's log. */
  readonly workers: Map<number, { pid: number; ready: boolean }>;
  readonly exited: Promise<number | null>;
}

/** Spawns `serve.js --processes 2` on this test's folder and resolves once the primary listens. */
async function startPrimary(): Promise<Primary> {
  const child = spawn(
    process.execPath,
    [
      SERVE,
      '--processes',
      '2',
      '--port',
      '0',
      '--data',
      dir,
      '--web',
      join(dir, 'no-web-client'),
      '--bot-workers',
      '1',
      '--review-threads',
      '0',
      '--max-matches-per-address',
      '100000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const workers = new Map<number, { pid: number; ready: boolean }>();
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the primary did not start in 30 s')), 30_000);
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        let entry: { msg?: string; processes?: number; url?: string };
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        const started = /^worker (\d+) pid (\d+)$/.exec(entry.msg ?? '');
        if (started) {
          workers.set(Number(started[1]), { pid: Number(started[2]), ready: false });
          workerPids.add(Number(started[2]));
        }
        const ready = /^worker (\d+) ready$/.exec(entry.msg ?? '');
        if (ready) workers.get(Number(ready[1]))!.ready = true;
        // The workers log their own start too: the primary's line is the one that counts its processes.
        if (entry.processes !== undefined && entry.url) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      }
    });
    void exited.then((code) => reject(new Error(`the primary exited (${code}) before it listened`)));
  });
  return { child, url, ws: `${url.replace('http', 'ws')}/ws`, workers, exited };
}

/** A POST on a connection of its own (fetch would keep one alive, and so reach one worker every time). */
function postAlone(url: string, path: string, body: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => (res.statusCode! < 300 ? resolve(JSON.parse(text)) : reject(new Error(text))));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

interface Played {
  readonly id: string;
  readonly tokens: string[];
  /** ply → move, for every move the server acknowledged. */
  readonly acked: Map<number, string>;
}

/**
 * Plays `plies` more moves of `m`, each seat through its own connection: to `/ws?match=<id>` (the primary hands it
 * to the owner), or with `roundRobin` to `/ws` (it reaches either worker; the other one forwards).
 */
async function play(server: Primary, m: Played, plies: number, roundRobin = false): Promise<void> {
  const url = roundRobin ? server.ws : `${server.ws}?match=${encodeURIComponent(m.id)}`;
  const clients: Client[] = [];
  try {
    // One after the other: with two workers, two round-robin connections reach one each.
    for (const _ of m.tokens) clients.push(await Client.connect(url));
    // Both seats attached before either moves: each finds every move acknowledged so far, and no other.
    const attached: any[] = [];
    for (const [seat, c] of clients.entries()) attached.push(await c.request({ t: 'attach', token: m.tokens[seat] }));
    for (const state of attached) {
      expect(state.t).toBe('attached');
      expect(state.ply).toBe(m.acked.size);
    }
    const target = m.acked.size + plies;
    await Promise.all(
      clients.map(async (c, seat) => {
        let state = attached[seat];
        let n = seat;
        while (state.ply < target && state.status === 'active') {
          if (!state.yourTurn) {
            // By ply, among everything received: the ack of a forwarded move may come after the other seat has
            // seen the move, answered it, and that answer's update has reached here.
            const ply = state.ply;
            state = await c.seen((x) => x.t === 'update' && x.ply > ply);
            continue;
          }
          const legal = await c.request({ t: 'legal' });
          const answer = await c.request({ t: 'move', move: legal.moves[(n++ * 7) % legal.moves.length] });
          expect(answer.t).toBe('update');
          m.acked.set(answer.ply - 1, answer.last.move);
          state = answer;
        }
      }),
    );
  } finally {
    for (const c of clients) c.close();
  }
}

/** Sends `bytes` on a connection of its own, half-closes it, and resolves with all that came back ('' if nothing). */
function rawExchange(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c) => (answer += c.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? resolve(answer) : reject(e)));
    socket.end(bytes);
  });
}

/** Every acknowledged move of `m` is in its record, at its ply. */
async function expectStored(server: Primary, m: Played): Promise<void> {
  const record = await api(server, 'GET', `/api/matches/${encodeURIComponent(m.id)}/record`);
  expect(record.status).toBe(200);
  expect(record.body.moves.length).toBe(m.acked.size);
  for (const [ply, move] of m.acked) expect(record.body.moves[ply]?.move).toBe(move);
}

describe('--processes', () => {
  it('is 1 by default, a whole number from 1 to 64 from the flag or ROUNDTABLE_PROCESSES', () => {
    expect(readConfig([], {}, 2).processes).toBe(1);
    expect(readConfig(['--processes', '4'], {}, 2).processes).toBe(4);
    expect(readConfig([], { ROUNDTABLE_PROCESSES: '3' }, 2).processes).toBe(3);
    for (const bad of ['0', '65', 'two', '1.5'])
      expect(() => readConfig(['--processes', bad], {}, 2)).toThrow(/--processes must be a whole number from 1 to 64/);
  });

  it('is refused with --database or --redis, which scale by running several servers', () => {
    const database = ['--database', 'postgres://localhost/rt'];
    expect(() => readConfig(['--processes', '2', ...database], {}, 2)).toThrow(ConfigError);
    expect(() => readConfig(['--processes', '2', ...database, '--redis', 'redis://localhost'], {}, 2)).toThrow(
      /embedded SQLite/,
    );
    expect(readConfig(['--processes', '1', ...database], {}, 2).processes).toBe(1);
  });
});

describe('the primary reads which match a connection is for from its request line', () => {
  it('waits for a whole line, and takes a line that is not a request line for none', () => {
    expect(requestLine(Buffer.from('GET /ws?match=abc HT'))).toBeNull();
    expect(requestLine(Buffer.from('GET /ws?match=abc HTTP/1.1\r\nHost: x\r\n'))).toBe('GET /ws?match=abc HTTP/1.1');
    expect(requestLine(Buffer.from('\x16\x03\x01 hello TLS\n'))).toBe('');
  });

  it('names the match of /api/matches/<id>… and of a match= parameter, else none', () => {
    const of = (target: string): string | null => matchOf(`GET ${target} HTTP/1.1`);
    expect(of('/ws?match=abc')).toBe('abc');
    expect(of('/ws?lang=fr&match=a%2Fb')).toBe('a/b');
    expect(of('/api/matches/q3N_x-1')).toBe('q3N_x-1');
    expect(of('/api/matches/a%20b/record')).toBe('a b');
    expect(of('http://example.org/ws?match=abc')).toBe('abc');
    expect(of('/api/matches?status=open')).toBeNull();
    expect(of('/ws')).toBeNull();
    expect(of('/ws?match=')).toBeNull();
    expect(of('/api/matches/%E0%A4%A/record')).toBeNull();
    expect(of(`/ws?match=${'x'.repeat(201)}`)).toBeNull();
    expect(matchOf('')).toBeNull();
  });
});

describe("the young generation of a server's node", () => {
  it('is added to the flags unless the operator sized the semi-space, on the command line or in NODE_OPTIONS', () => {
    expect(withYoungGeneration(['--expose-gc'], '')).toEqual(['--expose-gc', YOUNG_GENERATION_FLAG]);
    expect(withYoungGeneration([], undefined)).toEqual([YOUNG_GENERATION_FLAG]);
    expect(withYoungGeneration(['--max-semi-space-size=16'], '')).toEqual(['--max-semi-space-size=16']);
    expect(withYoungGeneration(['--max_semi_space_size=8'], '')).toEqual(['--max_semi_space_size=8']);
    expect(withYoungGeneration([], '--inspect  --max-semi-space-size=32')).toEqual([]);
    // Another flag that only starts alike is not the semi-space's.
    expect(withYoungGeneration(['--max-old-space-size=512'], '')).toEqual([
      '--max-old-space-size=512',
      YOUNG_GENERATION_FLAG,
    ]);
  });
});

describe('the messages between the primary and a worker', () => {
  it('hands over the bytes read ahead, and refuses anything else', () => {
    const head = Buffer.from('GET /ws?match=abc HTTP/1.1\r\n');
    expect(handedHead(handOver(head))).toEqual(head);
    expect(handedHead({ rtsock: { head: 'not base64!' } })).toBeNull();
    expect(handedHead({ rtsock: { head: 'A'.repeat(200_000) } })).toBeNull();
    expect(handedHead({ rtbus: 'hello' })).toBeNull();
    expect(handedHead(null)).toBeNull();
  });

  it("checks a worker's spec from its environment", () => {
    const config = readConfig(['--processes', '2'], {}, 2);
    expect(readWorkerSpec({ [WORKER_ENV]: JSON.stringify({ index: 1, count: 2, config }) })).toEqual({
      index: 1,
      count: 2,
      config,
    });
    expect(() => readWorkerSpec({})).toThrow(/started by the primary/);
    expect(() => readWorkerSpec({ [WORKER_ENV]: JSON.stringify({ index: 2, count: 2, config }) })).toThrow(/index/);
    expect(() =>
      readWorkerSpec({ [WORKER_ENV]: JSON.stringify({ index: 0, count: 2, config: { ...config, port: '80' } }) }),
    ).toThrow(/config\.port/);
  });
});

describe('serve --processes 2 on one data folder', () => {
  it('routes each match to its worker, restarts a dead worker on its shard, and stops gracefully', async () => {
    let server = await startPrimary();
    expect([...server.workers.values()].every((w) => w.ready)).toBe(true);
    // Each worker's node runs with the young generation of a server (young-generation.ts).
    for (const { pid } of server.workers.values())
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain(YOUNG_GENERATION_FLAG);

    // A second primary on the same folder is refused at once, naming the folder.
    const second = spawn(process.execPath, [SERVE, '--processes', '2', '--port', '0', '--data', dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(second);
    let refusal = '';
    second.stderr!.on('data', (c: Buffer) => (refusal += c.toString()));
    expect(await new Promise((r) => second.once('exit', r))).toBe(1);
    expect(refusal).toContain(dir);
    expect(refusal).toContain('processes.lock');

    // Matches made on connections of their own: round-robin over the workers, each making ids of its shard.
    const matches: Played[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await postAlone(server.url, '/api/matches', {
        game: 'camelot',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      });
      matches.push({ id: created.match.id, tokens: created.tokens.map((t: any) => t.token), acked: new Map() });
    }
    // Requests whose body comes in a later packet than their request line, 40 at once: the primary reads the
    // line, and the body must reach the worker with the connection, whether it came before the hand-over (then
    // the primary has read it: it goes along) or after (it waits in the kernel).
    const body = JSON.stringify({ game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const port = Number(new URL(server.url).port);
    const split = (delayMs: number): Promise<string> =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        socket.setNoDelay(true);
        let answer = '';
        socket.on('data', (c) => (answer += c.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.write(
          `POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        setTimeout(() => socket.write(body), delayMs);
      });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => split(i % 4)));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 20\d/);
    const made = JSON.parse(answers[0]!.slice(answers[0]!.indexOf('\r\n\r\n') + 4));
    matches.push({ id: made.match.id, tokens: made.tokens.map((t: any) => t.token), acked: new Map() });

    const of = (shard: number): Played[] => matches.filter((m) => shardOf(m.id, 2) === shard);
    expect(of(0).length).toBeGreaterThan(0);
    expect(of(1).length).toBeGreaterThan(0);

    // Round-robin, the first match of each shard alone: its two seats connect one after the other with nothing
    // else connecting, so one reaches each worker, and the one that does not own the match forwards its moves.
    const roundRobin = [of(0)[0]!, of(1)[0]!];
    for (const m of roundRobin) await play(server, m, 6, true);
    // The others through their owner, all at once.
    await Promise.all(matches.filter((m) => !roundRobin.includes(m)).map((m) => play(server, m, 6)));
    for (const m of matches) await expectStored(server, m);

    // Hostile first bytes reach the primary, which reads them before any worker does: a line past the longest it
    // reads, bytes that are no request, a match id that cannot be decoded or is too long, a connection that sends
    // nothing. Each is answered with an error or closed, no process dies, and every match is as it was.
    const before = [...server.workers.values()].map((w) => w.pid);
    const hostile = [
      Buffer.alloc(20 * 1024, 0x41),
      Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x0d, 0x0a]),
      Buffer.from('GET /api/matches/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      Buffer.from(`GET /ws?match=${'m'.repeat(5000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
      Buffer.alloc(0),
    ];
    const refused = await Promise.all(hostile.map((bytes) => rawExchange(port, bytes)));
    for (const answer of refused.slice(0, 4)) expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(refused[4]).toBe('');
    expect((await api(server, 'GET', '/healthz')).body.ok).toBe(true);
    expect([...server.workers.values()].map((w) => w.pid)).toEqual(before);
    for (const m of matches) await expectStored(server, m);

    // Worker 1 dies: it is started again on shard 1, and its matches play on from every acknowledged move.
    const dead = server.workers.get(1)!.pid;
    process.kill(dead, 'SIGKILL');
    await waitFor(() => server.workers.get(1)!.pid !== dead && server.workers.get(1)!.ready, 20_000);
    expect(server.workers.get(0)!.pid).not.toBe(dead);
    for (const m of matches) await expectStored(server, m);
    await Promise.all(matches.map((m) => play(server, m, 2)));

    // SIGTERM: the workers store what they took and exit, then the primary, with 0.
    const pids = [...server.workers.values()].map((w) => w.pid);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();

    // A second start on the folder (its lock was let go) sees every move.
    server = await startPrimary();
    for (const m of matches) await expectStored(server, m);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});
