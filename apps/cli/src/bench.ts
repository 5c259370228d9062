import type { Writable } from 'node:stream';
import { createRng, nextInt, type AnyGame, type Outcome, type RngState } from '@roundtable/core';
import { genericPerft } from './perft.ts';

/** A random game longer than this is called off: it guards the bench against a game that never ends. */
const MAX_PLIES = 5000;

export interface BenchRow {
  readonly game: string;
  readonly playouts: number;
  readonly playoutsPerSecond: number;
  /** Mean length of a random game in plies (only known for the generic playout, which counts them). */
  readonly meanPlies: number | null;
  readonly unfinished: number;
  /** Deepest perft completed within the budget, its speed; null for games of hidden information. */
  readonly perft: { readonly depth: number; readonly nodes: number; readonly nodesPerSecond: number } | null;
  /** Seconds for perft(3) from the start, when the game has a fast perft (Camelot's reference figure). */
  readonly perft3Seconds: number | null;
}

const now = () => Number(process.hrtime.bigint()) / 1e9;

/** Plays uniformly random legal moves to the end: the game's fast path if it has one, else legalMoves/play. */
function playout(game: AnyGame, state: unknown, rng: RngState): { outcome: Outcome | null; plies: number | null } {
  if (game.playout) return { outcome: game.playout(state, rng), plies: null };
  let plies = 0;
  while (plies < MAX_PLIES) {
    if (game.outcome(state)) return { outcome: game.outcome(state), plies };
    const seats = game.toMove(state);
    if (seats.length === 0) return { outcome: null, plies };
    const seat = seats[nextInt(rng, seats.length)] as number;
    const moves = game.legalMoves(state, seat);
    if (moves.length === 0) return { outcome: null, plies };
    const next = game.play(state, seat, moves[nextInt(rng, moves.length)]);
    if (!next.ok) return { outcome: null, plies };
    state = next.value;
    plies++;
  }
  return { outcome: null, plies };
}

export function benchGame(game: AnyGame, seconds: number): BenchRow {
  const setup = (seed: number) => {
    const options = game.parseOptions({}, game.minPlayers);
    if (!options.ok) throw new Error(`${game.id}: default options refused: ${options.error.code}`);
    const state = game.setup({ players: game.minPlayers, options: options.value, seed });
    if (!state.ok) throw new Error(`${game.id}: set-up refused: ${state.error.code}`);
    return state.value;
  };
  // Half the budget for playouts, half for perft (all of it for playouts when perft means nothing).
  const playoutBudget = game.perfectInformation ? seconds / 2 : seconds;
  const rng = createRng(`bench/${game.id}`);
  let playouts = 0;
  let plies = 0;
  let counted = 0;
  let unfinished = 0;
  let elapsed: number;
  const start = now();
  const stateAt = setup(1);
  while ((elapsed = now() - start) < playoutBudget) {
    // A fresh deal now and then: one set-up would bench a single shuffle in games of chance.
    const state = game.perfectInformation ? stateAt : setup(playouts + 1);
    const { outcome, plies: n } = playout(game, state, rng);
    playouts++;
    if (!outcome) unfinished++;
    if (n !== null) {
      plies += n;
      counted++;
    }
  }
  const row = {
    game: game.id,
    playouts,
    playoutsPerSecond: playouts / elapsed,
    meanPlies: counted > 0 ? plies / counted : null,
    unfinished,
  };
  if (!game.perfectInformation) return { ...row, perft: null, perft3Seconds: null };

  const count = (depth: number) => (game.perft ? game.perft(stateAt, depth) : genericPerft(game, stateAt, depth));
  let perft3Seconds: number | null = null;
  let best: BenchRow['perft'] = null;
  const perftStart = now();
  let previous = 0;
  for (let depth = 1; depth <= 12; depth++) {
    const t0 = now();
    const nodes = count(depth);
    const took = now() - t0;
    if (depth === 3) perft3Seconds = took;
    best = { depth, nodes, nodesPerSecond: took > 0 ? nodes / took : nodes };
    // Stop before a depth predicted (by the growth of the last one) to overrun the budget.
    const growth = previous > 0 ? nodes / previous : 30;
    previous = nodes;
    if (nodes === 0 || now() - perftStart + took * growth > seconds / 2) break;
  }
  return { ...row, perft: best, perft3Seconds };
}

export function printBench(rows: readonly BenchRow[], output: Writable): void {
  const header = ['game', 'playouts/s', 'plies/game', 'perft depth', 'perft nodes', 'nodes/s', 'perft(3) s'];
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const table = rows.map((r) => [
    r.game,
    fmt(r.playoutsPerSecond),
    r.meanPlies === null ? '—' : r.meanPlies.toFixed(1),
    r.perft ? String(r.perft.depth) : '—',
    r.perft ? fmt(r.perft.nodes) : '—',
    r.perft ? fmt(r.perft.nodesPerSecond) : '—',
    r.perft3Seconds === null ? '—' : r.perft3Seconds.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  output.write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of table) output.write(`${line(row)}\n`);
  for (const r of rows)
    if (r.unfinished > 0)
      output.write(`${r.game}: ${r.unfinished} of ${r.playouts} random games called off after ${MAX_PLIES} plies\n`);
}
