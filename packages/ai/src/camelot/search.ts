import type { CamelotMove, CamelotState } from '@roundtable/camelot';
import { alphaBeta } from '../alphabeta.ts';
import { Deadline } from '../budget.ts';
import type { RootReport, SearchRequest } from '../search.ts';
import { CamelotPosition } from './position.ts';

/**
 * Camelot by alpha-beta on the engine's own move generator and a mutable board (position.ts), with the evaluation
 * of evaluate.ts. Root parallelism splits the ordered root moves between workers (move k goes to share k mod n).
 */
export function searchCamelot(request: SearchRequest): RootReport {
  const { game, view, seat, rng, budget, share, maxDepth } = request;
  const state = game.determinize(view, seat, rng) as CamelotState;
  if (state.outcome || state.side !== seat) return { kind: 'none', iterations: 0 };
  const pos = new CamelotPosition(state);
  const deadline = new Deadline(budget);
  // Root moves to notation: the root list is generated with paths (and stays put while deeper plies are searched).
  const notation = (i: number): string => {
    const list = pos.list(0);
    const { cells, jumps } = list.pathOf(i);
    const move: CamelotMove = {
      from: list.from[i] as number,
      to: list.to[i] as number,
      captures: list.capturesOf(i),
      path: cells,
      jumps,
    };
    return game.formatMove(state, move);
  };
  const result = alphaBeta(pos, deadline, {
    ...(budget.onInfo ? { moveName: notation } : {}),
    ...(maxDepth !== undefined ? { maxDepth } : {}),
    ...(share && share.of > 1 ? { rootFilter: (_i: number, rank: number) => rank % share.of === share.index } : {}),
  });
  pos.generate(0);
  return {
    kind: 'depths',
    depths: result.depths.map((d) => ({ depth: d.depth, move: notation(d.move), score: d.score })),
    iterations: result.nodes,
  };
}
