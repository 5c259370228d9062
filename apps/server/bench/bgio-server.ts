/**
 * boardgame.io 0.50.2's server (Koa + socket.io, in-memory storage) playing the same Camelot engine, for the
 * comparison in `load.ts`. Run as a child process with IPC: `{cmd:'create', n}` creates n two-seat matches
 * straight in its database (the lobby routes 404 with koa-compose 4.2.0, see research/platform.md §1.4) and
 * answers their ids; `{cmd:'stats'}` answers heap (after a GC), RSS and CPU time.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { camelot } from '@roundtable/camelot';

const require = createRequire(import.meta.url);
// boardgame.io's ESM build does not load under Node's ESM loader; its CommonJS build does.
const { Server } = require('boardgame.io/server') as typeof import('boardgame.io/server');
const { createMatch } = require('boardgame.io/internal') as {
  createMatch: (a: unknown) => { metadata: any; initialState: any };
};
const { INVALID_MOVE } = require('boardgame.io/core') as typeof import('boardgame.io/core');

interface G {
  readonly s: unknown;
}

type State = ReturnType<typeof camelot.deserialize> extends { ok: true; value: infer S } | { ok: false } ? S : never;

/**
 * boardgame.io states must be plain JSON, so G holds the engine's serialised state. Reading it back costs more
 * than the move itself, so decoded states are cached by their serialised form (our server keeps live states in
 * memory the same way): the engine work per move is then the same on both servers.
 */
const decoded = new Map<string, State>();
function keyOf(s: any): string {
  return `${s.position}|${s.history.join(',')}`;
}
function stateOf(g: G): State | null {
  const key = keyOf(g.s);
  let state = decoded.get(key);
  if (!state) {
    const read = camelot.deserialize(g.s);
    if (!read.ok) return null;
    state = read.value;
    remember(key, state);
  }
  return state;
}
function remember(key: string, state: State): void {
  if (decoded.size > 50_000) decoded.clear();
  decoded.set(key, state);
}

/** Camelot as a boardgame.io game. */
const CamelotGame = {
  name: 'camelot',
  minPlayers: 2,
  maxPlayers: 2,
  setup: (): G => {
    const state = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
    if (!state.ok) throw new Error('setup');
    return { s: camelot.serialize(state.value) };
  },
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G, playerID }: { G: G; playerID: string }, notation: string) => {
      const state = stateOf(G);
      if (!state) return INVALID_MOVE;
      const seat = Number(playerID);
      const move = camelot.parseMove(state, seat, notation);
      if (!move.ok) return INVALID_MOVE;
      const next = camelot.play(state, seat, move.value);
      if (!next.ok) return INVALID_MOVE;
      const s = camelot.serialize(next.value);
      remember(keyOf(s), next.value);
      return { s };
    },
  },
  endIf: ({ G }: { G: G }) => {
    const state = stateOf(G);
    return state?.outcome ? { outcome: state.outcome } : undefined;
  },
  // Perfect information: every seat gets the view, as on our server.
  playerView: ({ G }: { G: G }) => G,
};

const port = Number(process.argv[2] ?? 0);
const server = Server({ games: [CamelotGame as any], origins: [/.*/] });
const { appServer } = await server.run({ port });
const address = appServer.address();
const actual = typeof address === 'object' && address ? address.port : port;

process.on('message', async (msg: { cmd: string; n?: number; id: number }) => {
  if (msg.cmd === 'create') {
    const ids: string[] = [];
    for (let i = 0; i < (msg.n ?? 1); i++) {
      const { metadata, initialState } = createMatch({ game: CamelotGame, numPlayers: 2 });
      metadata.players[0].credentials = 'c0';
      metadata.players[1].credentials = 'c1';
      const id = randomBytes(6).toString('hex');
      await server.db.createMatch(id, { metadata, initialState });
      ids.push(id);
    }
    process.send?.({ id: msg.id, ids });
  } else if (msg.cmd === 'stats') {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const cpu = process.cpuUsage();
    process.send?.({ id: msg.id, heapUsed: m.heapUsed, rss: m.rss, cpuMicros: cpu.user + cpu.system });
  }
});
process.send?.({ ready: true, port: actual });
