import { Kernel, lookupSquare, toKernel, type LancelotMove, type LancelotState } from '@roundtable/lancelot';
import type { GameTuning } from '../tuning.ts';
import { lancelotGreedy } from '../lancelot.ts';

/** Weights of the evaluation, in captured knights. */
const THREAT = 0.55;
const EXPOSED = 0.6;
/** Logistic slope: how sure a lead of one knight makes a seat, relative to the target. */
const SLOPE = 5;

/** A kernel per state, shared by the evaluation and the move ordering of the same node. */
const kernels = new WeakMap<LancelotState, Kernel>();
function kernelOf(state: LancelotState): Kernel {
  let k = kernels.get(state);
  if (!k) {
    k = toKernel(state);
    kernels.set(state, k);
  }
  return k;
}

/**
 * Lancelot for the searchers. Each seat's standing is its captures, plus the +2 it can make with its next knight
 * (its threat), minus the most any opponent could take from it at once (its lines the opponents can close); the
 * seat to move realises its threat first, so its threat counts in full. Scores become chances in [0, 1] by a
 * logistic of the lead over the best opponent, scaled by the target. `sumExposure`: the exposures to every opponent
 * summed instead (each may take its share before our turn; tried for issue 16 and dropped, kept for the levels bench).
 */
export function lancelotValues(state: LancelotState, sumExposure = false): number[] {
  const n = state.players;
  const target = state.options.target;
  const k = kernelOf(state);
  const raw = new Array<number>(n).fill(0);
  for (let s = 0; s < n; s++) {
    const threat = k.bestCapture(s, -1);
    let exposed = 0;
    for (let o = 0; o < n; o++) {
      if (o === s) continue;
      const x = k.bestCapture(o, s);
      exposed = sumExposure ? exposed + x : Math.max(exposed, x);
    }
    const toMove = s === state.seat;
    raw[s] =
      (state.captures[s] ?? 0) +
      (toMove ? Math.min(threat, target) : THREAT * threat) -
      (toMove ? 0.5 : 1) * EXPOSED * exposed;
  }
  return raw.map((r, s) => {
    let best = -Infinity;
    for (let o = 0; o < n; o++) if (o !== s && (raw[o] as number) > best) best = raw[o] as number;
    return 1 / (1 + Math.exp((-SLOPE * (r - best)) / target));
  });
}

/** Captures first: the knights a placement takes at once (the kernel's own rule of +2). */
function captureGain(state: LancelotState, seat: number, move: LancelotMove): number {
  if (move.kind !== 'place') return move.kind === 'sword' ? 0.5 : 0;
  const k = kernelOf(state);
  const found = lookupSquare(k.field, move.square);
  if (found.kind !== 'cell') return 0;
  const f = k.field;
  const c = found.cell;
  let gain = 0;
  const k1 = c * 4 + (f.cellLineCount[c] as number);
  for (let j = c * 4; j < k1; j++) {
    const l = f.cellLines[j] as number;
    if (k.advantage(seat, l) + 1 === 2) gain += (k.tot[l] as number) - (k.cnt[l * 5 + seat] as number);
  }
  return gain;
}

export const lancelotTuning: GameTuning<LancelotState, LancelotMove> = {
  evaluate: (_game, state) => lancelotValues(state),
  order: (_game, state, seat, move) => captureGain(state, seat, move),
  // At the root every move is worth a one-move look (the greedy score: captures, and knights left exposed);
  // deeper, the captures a placement makes at once.
  prior: (game, state, seat, moves, depth) =>
    moves.map((m) => {
      if (depth > 0) return captureGain(state, seat, m);
      const after = game.play(state, seat, m);
      return after.ok ? lancelotGreedy(game, state, after.value, seat) : -Infinity;
    }),
  playoutDepth: 0,
  exploration: 0.4,
  key: (state) =>
    `${state.seat}${state.phase}${state.board.map((v) => (v === null ? '.' : v)).join('')}${state.captures.join(',')}${state.excalibur ?? ''}${state.holder ?? ''}${state.shields.map((x) => (x ? 1 : 0)).join('')}${state.passes}`,
};
