import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, Client, spawnServerProcess, storeArgs, type ServerProcess } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'rt-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the real server in a child process, on this test's storage. */
async function spawnServer(data = dir): Promise<ServerProcess> {
  return spawnServerProcess([...(await storeArgs(data)), '--max-matches-per-address', '100000'], children, 20_000);
}

const MATCHES = 40;

interface Driven {
  readonly id: string;
  readonly tokens: string[];
  /** ply → move, for every move the server acknowledged. */
  readonly acked: Map<number, string>;
}

/** Creates `count` two-seat Camelot matches and plays both seats of each as fast as the server answers. */
async function driveMatches(
  server: { url: string; ws: string },
  count: number,
  spread: number,
): Promise<{ matches: Driven[]; refusals: Set<string>; stop(): Promise<void> }> {
  const matches: Driven[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    matches.push({ id: created.body.match.id, tokens: created.body.tokens.map((t: any) => t.token), acked: new Map() });
  }
  const clients: Client[] = [];
  const refusals = new Set<string>();
  let stopped = false;
  const drive = async (m: Driven, seat: number): Promise<void> => {
    const c = await Client.connect(server.ws);
    clients.push(c);
    let state = await c.request({ t: 'attach', token: m.tokens[seat] });
    let n = seat;
    while (!stopped && state.status === 'active') {
      if (!state.yourTurn) {
        state = await c.wait((x) => x.t === 'update');
        continue;
      }
      const legal = await c.request({ t: 'legal' });
      const answer = await c.request({ t: 'move', move: legal.moves[(n++ * spread) % legal.moves.length] });
      if (answer.t === 'update') m.acked.set(answer.ply - 1, answer.last.move);
      else refusals.add(answer.code);
      state = answer;
    }
  };
  const driving = matches.flatMap((m) => [0, 1].map((seat) => drive(m, seat).catch(() => undefined)));
  return {
    matches,
    refusals,
    async stop() {
      stopped = true;
      await Promise.all(driving);
      for (const c of clients) c.close();
    },
  };
}

describe('crash: SIGKILL in the middle of many matches', () => {
  it('keeps every acknowledged move, and play continues after a restart', async () => {
    let server = await spawnServer();
    const { matches, stop } = await driveMatches(server, MATCHES, 31);
    await new Promise((r) => setTimeout(r, 1500));
    server.child.kill('SIGKILL');
    await stop();
    const acked = matches.reduce((n, m) => n + m.acked.size, 0);
    expect(acked).toBeGreaterThan(MATCHES);

    server = await spawnServer();
    for (const m of matches) {
      const record = await api(server, 'GET', `/api/matches/${m.id}/record`);
      expect(record.status).toBe(200);
      for (const [ply, move] of m.acked) expect(record.body.moves[ply]?.move).toBe(move);
    }
    // Play goes on: in every match, the seat to move plays one more move.
    for (const m of matches.slice(0, 10)) {
      for (const seat of [0, 1]) {
        const c = await Client.connect(server.ws);
        const attached = await c.request({ t: 'attach', token: m.tokens[seat] });
        if (attached.yourTurn) {
          const legal = await c.request({ t: 'legal' });
          const moved = await c.request({ t: 'move', move: legal.moves[0] });
          expect(moved.ply).toBe(attached.ply + 1);
        }
        c.close();
      }
    }
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  });
});

describe('graceful shutdown in the middle of moves', () => {
  it('SIGTERM: every acknowledged move is stored, the rest are refused or unanswered, and the server exits 0', async () => {
    const data = mkdtempSync(join(tmpdir(), 'rt-term-'));
    try {
      let server = await spawnServer(data);
      const { matches, refusals, stop } = await driveMatches(server, 20, 17);
      await new Promise((r) => setTimeout(r, 1200));
      const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await stop();
      // Only a refusal that says the server is stopping may have happened.
      for (const code of refusals) expect(code).toBe('SHUTTING_DOWN');
      expect(matches.reduce((n, m) => n + m.acked.size, 0)).toBeGreaterThan(20);
      server = await spawnServer(data);
      for (const m of matches) {
        const record = await api(server, 'GET', `/api/matches/${m.id}/record`);
        for (const [ply, move] of m.acked) expect(record.body.moves[ply]?.move).toBe(move);
      }
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('a per-move clock across a restart', () => {
  it('keeps running from the last move instead of starting afresh', async () => {
    const data = mkdtempSync(join(tmpdir(), 'rt-clock-'));
    try {
      let server = await spawnServer(data);
      const created = await api(server, 'POST', '/api/matches', {
        game: 'camelot',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        clock: { moveSeconds: 3600 },
      });
      const tokens = created.body.tokens.map((t: any) => t.token);
      const c = await Client.connect(server.ws);
      await c.request({ t: 'attach', token: tokens[0] });
      const legal = await c.request({ t: 'legal' });
      const moved = await c.request({ t: 'move', move: legal.moves[0] });
      const movedAt = Date.now();
      expect(moved.deadline).toBeGreaterThanOrEqual(movedAt + 3600_000 - 1000);
      c.close();
      // Time passes, then the server dies and comes back.
      await new Promise((r) => setTimeout(r, 1500));
      server.child.kill('SIGKILL');
      await new Promise((r) => server.child.once('exit', r));
      server = await spawnServer(data);
      const back = await Client.connect(server.ws);
      const attached = await back.request({ t: 'attach', token: tokens[1] });
      // The deadline set by the move, not a fresh hour from the restart (which would be ≥ 1.5 s later).
      expect(Math.abs(attached.deadline - moved.deadline)).toBeLessThan(1000);
      back.close();
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
