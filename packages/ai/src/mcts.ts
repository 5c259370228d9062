import { nextFloat, nextInt, type AnyGame, type Outcome, type RngState, type Seat } from '@roundtable/core';
import { Deadline } from './budget.ts';
import { rewards } from './reward.ts';
import type { RootReport, SearchRequest } from './search.ts';
import type { GameTuning } from './tuning.ts';

const PLAYOUT_CAP = 2_000;

interface Node {
  /** The seat whose move led here (its reward is what the parent maximises). */
  readonly actor: Seat;
  readonly move: unknown;
  readonly state: unknown;
  readonly children: Node[];
  untried: unknown[] | null;
  /** With a prior: the moves not yet expanded, best last (popped first). */
  visits: number;
  value: number;
}

/**
 * UCT for any number of players over the pure game interface (perfect information: the view determinizes to the
 * state itself). Each node keeps its state; playouts are cut off after `playoutDepth` random moves and scored by
 * the game's evaluation, or played to the end (with the game's fast `playout` when it has one).
 */
export function searchMcts(request: SearchRequest, tuning: GameTuning): RootReport {
  const { game, view, seat, rng, budget } = request;
  const rootState = game.determinize(view, seat, rng);
  if (game.outcome(rootState) || !game.toMove(rootState).includes(seat)) return { kind: 'none', iterations: 0 };
  const players = game.players(rootState);
  const c = tuning.exploration ?? 0.7;
  const root: Node = { actor: -1, move: null, state: rootState, children: [], untried: null, visits: 0, value: 0 };
  const deadline = new Deadline(budget);
  if (budget.onInfo) deadline.describe = () => principalLine(game, root);
  let iterations = 0;
  const path: Node[] = [];
  while (!deadline.reached(iterations)) {
    iterations++;
    path.length = 0;
    let node = root;
    path.push(node);
    // Selection and expansion.
    for (;;) {
      if (game.outcome(node.state)) break;
      const actor = node === root ? seat : (game.toMove(node.state)[0] as Seat);
      node.untried ??= candidates(game, node.state, actor, tuning, path.length - 1, rng);
      // Progressive widening with a prior: a node opens its next-best move only as its visits grow.
      const open = tuning.prior ? node.children.length < 2 + Math.floor(Math.sqrt(node.visits)) : true;
      if (node.untried.length > 0 && (open || node.children.length === 0)) {
        const move = node.untried.pop();
        const next = game.play(node.state, actor, move);
        if (!next.ok) continue;
        const child: Node = { actor, move, state: next.value, children: [], untried: null, visits: 0, value: 0 };
        node.children.push(child);
        node = child;
        path.push(node);
        break;
      }
      if (node.children.length === 0) break;
      node = selectUct(node, c);
      path.push(node);
    }
    const reward = simulate(game, node.state, players, tuning, rng);
    for (const n of path) {
      n.visits++;
      if (n.actor >= 0) n.value += reward[n.actor] as number;
    }
  }
  return {
    kind: 'visits',
    moves: root.children.map((ch) => ({
      move: game.formatMove(rootState, ch.move),
      visits: ch.visits,
      value: ch.value,
    })),
    iterations,
  };
}

/** The most visited line from the root (for info reports), with the mean reward of its first move. */
function principalLine(game: AnyGame, root: Node): { pv: string[]; score?: number } {
  const pv: string[] = [];
  let node = root;
  let score: number | undefined;
  while (node.children.length > 0 && pv.length < 12) {
    const best = node.children.reduce((a, b) => (b.visits > a.visits ? b : a));
    if (best.visits === 0) break;
    pv.push(game.formatMove(node.state, best.move));
    score ??= best.value / best.visits;
    node = best;
  }
  return score === undefined ? { pv } : { pv, score };
}

function selectUct(node: Node, c: number): Node {
  const logN = Math.log(node.visits);
  let best = node.children[0] as Node;
  let bestU = -Infinity;
  for (const ch of node.children) {
    const u = ch.value / ch.visits + c * Math.sqrt(logN / ch.visits);
    if (u > bestU) {
      bestU = u;
      best = ch;
    }
  }
  return best;
}

/** Rewards per seat from `state`: a cut-off playout scored by the evaluation, or a playout to the end. */
export function simulate(game: AnyGame, state: unknown, players: number, tuning: GameTuning, rng: RngState): number[] {
  const over = game.outcome(state);
  if (over) return rewards(over, players);
  const depth = tuning.playoutDepth;
  if (depth === undefined || !tuning.evaluate) {
    if (game.playout && !tuning.playoutPolicy) return rewards(game.playout(state, rng), players);
  }
  let s = state;
  const limit = depth !== undefined && tuning.evaluate ? depth : PLAYOUT_CAP;
  for (let ply = 0; ply < limit; ply++) {
    const seats = game.toMove(s);
    const actor = seats[seats.length === 1 ? 0 : nextInt(rng, seats.length)] as Seat;
    const moves = game.legalMoves(s, actor);
    if (moves.length === 0) break;
    const i = tuning.playoutPolicy ? tuning.playoutPolicy(game, s, actor, moves, rng) : nextInt(rng, moves.length);
    const next = game.play(s, actor, moves[i]);
    if (!next.ok) break;
    s = next.value;
    const done: Outcome | null = game.outcome(s);
    if (done) return rewards(done, players);
  }
  if (tuning.evaluate) return tuning.evaluate(game, s);
  return new Array<number>(players).fill(1 / players);
}

/** The moves of a node in expansion order (popped from the end): by prior when the game has one, else random. */
function candidates(
  game: AnyGame,
  state: unknown,
  actor: Seat,
  tuning: GameTuning,
  depth: number,
  rng: RngState,
): unknown[] {
  const moves = shuffleCopy(game.legalMoves(state, actor), rng);
  if (!tuning.prior) return moves;
  const scores = tuning.prior(game, state, actor, moves, depth);
  const order = moves.map((_, i) => i).sort((a, b) => (scores[a] as number) - (scores[b] as number));
  return order.map((i) => moves[i]);
}

function shuffleCopy<T>(items: T[], rng: RngState): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(nextFloat(rng) * (i + 1));
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}
