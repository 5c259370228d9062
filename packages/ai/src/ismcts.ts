import { nextUint32, type RngState, type Seat } from '@roundtable/core';
import { Deadline } from './budget.ts';
import { simulate } from './mcts.ts';
import type { RootReport, SearchRequest } from './search.ts';
import type { GameTuning } from './tuning.ts';

interface InfoNode {
  /** The seat whose move led here. */
  readonly actor: Seat;
  /** Moves out of this information set, by notation (a card played reads the same in every sampled world). */
  readonly children: Map<string, InfoNode>;
  visits: number;
  value: number;
  /** How many times this node was available for selection at its parent (the ISMCTS correction to UCB). */
  avail: number;
}

/** What ISMCTS reads beyond the common tuning. */
export interface IsmctsTuning extends GameTuning {
  /**
   * A node with more legal moves than this (the 5,040 opening proposals of 7-player Chevaliers) considers, in
   * each iteration, only this many of them drawn at random: only those are written in notation and tried.
   * Absent: every legal move, every time.
   */
  readonly sampleWidth?: number;
  /**
   * Progressive widening by the prior at every node: a node visited n times considers only its 1 + ⌊√n⌋ best
   * moves by `prior` (in the sample at hand) and expands them best first, instead of trying every move in a
   * random order. A short search then refines the prior's line rather than averaging random replies.
   */
  readonly widening?: boolean;
  /**
   * The game's own search for hidden information (joust's determinized greedy rollouts), used instead of the
   * information-set tree when present. Absent: ISMCTS.
   */
  readonly search?: (request: SearchRequest) => RootReport;
  /**
   * How each iteration samples a full state from the view, instead of `game.determinize` (which it should call
   * first): Chevaliers places the traitor by the seat's belief over roles rather than uniformly. Only public
   * facts and the seat's own view may shape the sample. Absent: `game.determinize`.
   */
  readonly determinize?: (game: SearchRequest['game'], view: unknown, seat: Seat, rng: RngState) => unknown;
}

/**
 * Single-observer information-set MCTS (Cowling, Powley, Whitehouse 2012). The bot has only its view: every
 * iteration samples a full state consistent with it (`game.determinize`, the one way to a state), descends one
 * shared tree of information sets restricted to the moves legal in that sample, expands one move, plays out and
 * backs up. The root move with the most visits across all samples is chosen.
 */
export function searchIsmcts(request: SearchRequest, tuning: IsmctsTuning): RootReport {
  if (tuning.search) return tuning.search(request);
  const { game, view, seat, rng, budget } = request;
  const root: InfoNode = { actor: -1, children: new Map(), visits: 0, value: 0, avail: 0 };
  const c = tuning.exploration ?? 0.7;
  const deadline = new Deadline(budget);
  if (budget.onInfo) deadline.describe = () => principalLine(root);
  let iterations = 0;
  let players = 0;
  const path: InfoNode[] = [];
  /** Progressive bias at the root: the game's prior per move, as a rank in [0, 1], fading as visits grow. */
  let bias: Map<string, number> | null = null;
  const biasWeight = tuning.priorWeight ?? 0;
  while (!deadline.reached(iterations)) {
    iterations++;
    let state = tuning.determinize ? tuning.determinize(game, view, seat, rng) : game.determinize(view, seat, rng);
    if (iterations === 1) {
      if (game.outcome(state) || !game.toMove(state).includes(seat)) return { kind: 'none', iterations: 0 };
      players = game.players(state);
      if (tuning.prior && biasWeight > 0) bias = rootBias(tuning, request, state);
    }
    path.length = 0;
    let node = root;
    path.push(node);
    for (;;) {
      if (game.outcome(state)) break;
      const seats = game.toMove(state);
      const actor = node === root ? seat : (seats[0] as Seat);
      const all = game.legalMoves(state, actor);
      if (all.length === 0) break;
      let moves =
        tuning.sampleWidth !== undefined && all.length > tuning.sampleWidth
          ? sample(all, tuning.sampleWidth, rng)
          : all;
      const widen = tuning.widening === true && tuning.prior !== undefined;
      if (widen)
        moves = bestByPrior(
          tuning,
          game,
          state,
          actor,
          moves,
          path.length - 1,
          1 + Math.floor(Math.sqrt(node.visits)),
          rng,
        );
      const notations = moves.map((m) => game.formatMove(state, m));
      // Expand the first untried move (of the prior's order when widening, else of a random order), else pick
      // the best available child by UCB.
      let untried = -1;
      let seen = 0;
      for (let i = 0; i < notations.length; i++) {
        if (!node.children.has(notations[i] as string)) {
          seen++;
          if (widen) {
            untried = i;
            break;
          }
          if (rngPick(rng, seen)) untried = i;
        }
      }
      if (untried >= 0) {
        const next = game.play(state, actor, moves[untried]);
        if (!next.ok) break;
        const child: InfoNode = { actor, children: new Map(), visits: 0, value: 0, avail: 0 };
        node.children.set(notations[untried] as string, child);
        // The siblings legal in this sample were available too.
        for (const n of notations) {
          const ch = node.children.get(n);
          if (ch) ch.avail++;
        }
        state = next.value;
        node = child;
        path.push(node);
        break;
      }
      let best: InfoNode | null = null;
      let bestI = -1;
      let bestU = -Infinity;
      for (let i = 0; i < notations.length; i++) {
        const ch = node.children.get(notations[i] as string) as InfoNode;
        ch.avail++;
        let u = ch.value / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
        if (bias && node === root) u += (biasWeight * (bias.get(notations[i] as string) ?? 0)) / (1 + ch.visits);
        if (u > bestU) {
          bestU = u;
          best = ch;
          bestI = i;
        }
      }
      const next = game.play(state, actor, moves[bestI]);
      if (!best || !next.ok) break;
      state = next.value;
      node = best;
      path.push(node);
    }
    const reward = simulate(game, state, players, tuning, rng);
    for (const n of path) {
      n.visits++;
      if (n.actor >= 0) n.value += reward[n.actor] as number;
    }
  }
  return {
    kind: 'visits',
    moves: [...root.children].map(([move, ch]) => ({ move, visits: ch.visits, value: ch.value })),
    iterations,
  };
}

/** The prior of the root moves in one sample (the bot's own moves are the same in every sample), as ranks. */
function rootBias(tuning: GameTuning, request: SearchRequest, state: unknown): Map<string, number> {
  const { game, seat } = request;
  const moves = game.legalMoves(state, seat);
  const scores = (tuning.prior as NonNullable<GameTuning['prior']>)(game, state, seat, moves, 0);
  const order = moves.map((_, i) => i).sort((a, b) => (scores[a] as number) - (scores[b] as number));
  const bias = new Map<string, number>();
  order.forEach((i, rank) =>
    bias.set(game.formatMove(state, moves[i]), moves.length > 1 ? rank / (moves.length - 1) : 1),
  );
  return bias;
}

/** The `k` moves the prior likes best, best first (ties in a random order). */
function bestByPrior(
  tuning: GameTuning,
  game: SearchRequest['game'],
  state: unknown,
  actor: Seat,
  moves: unknown[],
  depth: number,
  k: number,
  rng: RngState,
): unknown[] {
  if (moves.length <= 1) return moves;
  const scores = (tuning.prior as NonNullable<GameTuning['prior']>)(game, state, actor, moves, depth);
  const tie = moves.map(() => nextUint32(rng));
  const order = moves
    .map((_, i) => i)
    .sort((a, b) => (scores[b] as number) - (scores[a] as number) || (tie[a] as number) - (tie[b] as number));
  return order.slice(0, k).map((i) => moves[i]);
}

/** `k` of `items` drawn at random without replacement (a partial shuffle of a copy of the indices). */
function sample<T>(items: readonly T[], k: number, rng: RngState): T[] {
  const idx = Array.from({ length: items.length }, (_, i) => i);
  const out: T[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor((nextUint32(rng) / 0x100000000) * (idx.length - i));
    const t = idx[i] as number;
    idx[i] = idx[j] as number;
    idx[j] = t;
    out.push(items[idx[i] as number] as T);
  }
  return out;
}

/** Reservoir sampling: keep the k-th candidate with probability 1/k. */
function rngPick(rng: RngState, k: number): boolean {
  if (k === 1) return true;
  return Math.floor((nextUint32(rng) / 0x100000000) * k) === 0;
}

/** The most visited line of the information-set tree (for info reports), with the mean reward of its first move. */
function principalLine(root: InfoNode): { pv: string[]; score?: number } {
  const pv: string[] = [];
  let node = root;
  let score: number | undefined;
  while (node.children.size > 0 && pv.length < 12) {
    let best: [string, InfoNode] | null = null;
    for (const entry of node.children) if (!best || entry[1].visits > best[1].visits) best = entry;
    if (!best || best[1].visits === 0) break;
    pv.push(best[0]);
    score ??= best[1].value / best[1].visits;
    node = best[1];
  }
  return score === undefined ? { pv } : { pv, score };
}
