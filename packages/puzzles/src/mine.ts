/**
 * The puzzle miner (issue 28), shared by the self-play bench (bench/mine.ts) and the server's background job that
 * mines finished rated matches (apps/server/src/puzzles/mining.ts).
 *
 * A position becomes a puzzle when its best move's winning chances stand at least MARGIN above the next best
 * move's, first by a quick look (QUICK_NODES) and then confirmed by a deeper search (CONFIRM_NODES) that must
 * find the same move; the solution goes on while the solver's next move (after the search's reply) is unique
 * by the same margin, up to three solver moves. Positions already decided (the best and the next best both at 90
 * % or more, or both at 10 % or less) are left out, and so is a position a few plies after an accepted one.
 *
 * Camelot only: the themes read Camelot's board. The games' bots must be registered (import '@roundtable/catalog'
 * as every front door does) before `analyse` is asked.
 */
import type { AnyGame, Match, Seat } from '@roundtable/core';
import { camelot, engineOf, type CamelotMove, type CamelotState } from '@roundtable/camelot';
import { analyse } from '@roundtable/ai';
import type { Theme } from './types.ts';

const camelotGame = camelot as AnyGame;
const game = camelotGame;
const MAX_SOLVER_MOVES = 3;
/** Plies after an accepted puzzle that are not looked at (the same fight, a near copy). */
const QUIET_PLIES = 6;

/**
 * The documented margin: a solver's move must have winning chances (calibrated, packages/ai/src/analysis/
 * chances.ts) at least 25 points above the next best move's, by the confirming search.
 */
export const MARGIN = 0.25;
/** Nodes of the quick look that picks candidate positions, and of the search that confirms them. */
export const QUICK_NODES = 1_500;
export const CONFIRM_NODES = 80_000;

/** A puzzle as the miner finds it, before it is given an id and a first rating. */
export interface MinedPuzzle {
  readonly position: string;
  readonly solution: string[];
  readonly themes: Theme[];
  readonly margin: number;
  /** The depth at which the deep search first chose the solution's first move and kept it. */
  readonly depth: number;
  readonly source: string;
}

/** The node budgets of one mining run (the server's job uses smaller ones than the shipped set). */
export interface MiningBudget {
  readonly quickNodes: number;
  readonly confirmNodes: number;
}

export const SHIPPED_BUDGET: MiningBudget = { quickNodes: QUICK_NODES, confirmNodes: CONFIRM_NODES };

/**
 * The best move of the side to move and its margin over the next best at `nodes` (the same search with the best
 * move left out), or null when the gap is short of MARGIN, the position has one legal move, or it is decided
 * whatever is played (both at 90 % or more, or both at 10 % or less).
 */
export function uniqueBest(
  state: unknown,
  nodes: number,
  // The margin rule reads any game the search can analyse (bench/lancelot.ts tries it on Lancelot).
  game: AnyGame = camelotGame,
): { best: string; margin: number; depth: number; chances: number; second: number } | null {
  const seat = game.toMove(state)[0] as Seat;
  if (game.legalMoves(state, seat).length < 2) return null;
  let settled = 0;
  let last: string | null = null;
  const best = analyse(
    game,
    state,
    { iterations: nodes },
    {
      lineLength: 1,
      onDepth: (e) => {
        if (e.best !== last) settled = e.depth;
        last = e.best;
      },
    },
  );
  if (!best.best) return null;
  const second = analyse(game, state, { iterations: nodes }, { exclude: [best.best], lineLength: 1 });
  const a = best.chances[seat] ?? 0;
  const b = second.chances[seat] ?? 0;
  if (a - b < MARGIN) return null;
  if ((a >= 0.9 && b >= 0.9) || (a <= 0.1 && b <= 0.1)) return null;
  return { best: best.best, margin: a - b, depth: settled || best.depth, chances: a, second: b };
}

function moveOf(state: CamelotState, text: string): CamelotMove | null {
  const parsed = game.parseMove(state, state.side, text);
  return parsed.ok ? (parsed.value as CamelotMove) : null;
}

/** The themes a solution shows, read from its moves and the positions they pass through. */
export function themesOf(start: CamelotState, solution: readonly string[], chances: number, second: number): Theme[] {
  const themes = new Set<Theme>();
  const engine = engineOf(start);
  let s = start;
  const solver = start.side;
  for (let i = 0; i < solution.length; i++) {
    const m = moveOf(s, solution[i] as string);
    if (!m) break;
    if (i % 2 === 0) {
      if (engine.geo.isEnemyCastle(m.to, solver)) themes.add('castle');
      const piece = s.board[m.from] as number;
      const knight = piece === 2 || piece === 4;
      if (knight && m.jumps.some(Boolean) && m.jumps.some((j) => !j)) themes.add('charge');
      if (m.captures.length >= 2) themes.add('multiple');
      if (i === 0 && m.captures.length === 0 && solution.length >= 3) {
        // The first move gives a piece the opponent must take (captures are compulsory), and the solver then
        // takes back more.
        const after = game.play(s, solver, m);
        if (after.ok) {
          const replies = game.legalMoves(after.value, 1 - solver) as CamelotMove[];
          const next = moveOf(after.value as CamelotState, solution[1] as string);
          const back = next ? game.play(after.value, 1 - solver, next) : null;
          const third = back?.ok ? moveOf(back.value as CamelotState, solution[2] as string) : null;
          if (
            replies.length > 0 &&
            replies.every((r) => r.captures.length > 0) &&
            third &&
            third.captures.length > (next?.captures.length ?? 0)
          )
            themes.add('trap');
        }
      }
      if (i === 0 && m.captures.length > 0 && !themes.has('multiple')) themes.add('material');
    }
    const next = game.play(s, s.side, m);
    if (!next.ok) break;
    s = next.value as CamelotState;
  }
  // Only one move holds: the next best loses, the best keeps the game.
  if (second <= 0.3 && chances >= 0.4) themes.add('defence');
  if (themes.size === 0) themes.add('material');
  return [...themes];
}

/** The confirmed puzzle at `state`, or null. */
export function confirm(state: CamelotState, source: string, nodes = CONFIRM_NODES): MinedPuzzle | null {
  const first = uniqueBest(state, nodes);
  if (!first) return null;
  const solution = [first.best];
  let margin = first.margin;
  let s: unknown = state;
  for (let k = 1; k < MAX_SOLVER_MOVES; k++) {
    const played = game.parseMove(s, game.toMove(s)[0] as Seat, solution[solution.length - 1] as string);
    const after = played.ok ? game.play(s, game.toMove(s)[0] as Seat, played.value) : null;
    if (!after?.ok || game.outcome(after.value)) break;
    const reply = analyse(game, after.value, { iterations: nodes }, { lineLength: 1 });
    if (!reply.best) break;
    const parsedReply = game.parseMove(after.value, game.toMove(after.value)[0] as Seat, reply.best);
    const back = parsedReply.ok ? game.play(after.value, game.toMove(after.value)[0] as Seat, parsedReply.value) : null;
    if (!back?.ok || game.outcome(back.value)) break;
    const next = uniqueBest(back.value, nodes);
    if (!next) break;
    solution.push(reply.best, next.best);
    margin = Math.min(margin, next.margin);
    s = back.value;
  }
  return {
    position: game.position!.write(state),
    solution,
    themes: themesOf(state, solution, first.chances, first.second),
    margin,
    depth: first.depth,
    source,
  };
}

/** The key two puzzles share when they are the same position (board, side to move, phase). */
export function puzzleKey(position: string): string {
  return position.split(' ').slice(0, 3).join(' ');
}

/**
 * Looks through one Camelot match's positions, the solver being the side to move: yields after each position
 * looked at (the puzzle found there, or null), so that a caller on a busy event loop can let it breathe between
 * searches. `seen` holds the position keys already mined (and gets the new ones).
 */
export function* minePositions(
  match: Match,
  label: string,
  seen: Set<string>,
  budget: MiningBudget = SHIPPED_BUDGET,
): Generator<MinedPuzzle | null> {
  let quietUntil = -1;
  for (let ply = 0; ply < match.ply; ply++) {
    if (ply < quietUntil) continue;
    const state = match.stateAt(ply) as CamelotState;
    if (game.outcome(state)) break;
    const key = puzzleKey(game.position!.write(state));
    if (seen.has(key) || !uniqueBest(state, budget.quickNodes)) {
      yield null;
      continue;
    }
    const puzzle = confirm(state, `${label} ply ${ply}`, budget.confirmNodes);
    yield puzzle;
    if (!puzzle) continue;
    seen.add(key);
    quietUntil = ply + QUIET_PLIES;
  }
}

/** Difficulty as a first rating: how deep the search had to look, and how long the solution is. */
export function firstRating(p: MinedPuzzle): number {
  return Math.round(1100 + 120 * Math.min(6, p.depth) + 150 * ((p.solution.length - 1) / 2));
}
