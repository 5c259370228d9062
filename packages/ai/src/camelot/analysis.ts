import type { AnyGame } from '@roundtable/core';
import { engineOf, type CamelotMove, type CamelotState } from '@roundtable/camelot';
import type { AnalysisPosition } from '../analysis/position.ts';
import { CamelotPosition } from './position.ts';

/** Camelot for the analysis search: the bots' own mutable board, its moves named along a line by the engine. */
export function camelotAnalysisPosition(game: AnyGame, root: unknown): AnalysisPosition {
  const state = root as CamelotState;
  const pos = new CamelotPosition(state);
  const engine = engineOf(state);
  return {
    pos,
    rootName(i) {
      const list = pos.list(0);
      const { cells, jumps } = list.pathOf(i);
      const move = { from: list.from[i] as number, to: list.to[i] as number, captures: list.capturesOf(i) };
      return game.formatMove(state, { ...move, path: cells, jumps });
    },
    namer() {
      let s = state;
      return (ply, i) => {
        const list = pos.list(ply);
        const from = list.from[i] as number;
        const to = list.to[i] as number;
        const captures = list.capturesOf(i);
        // The searcher's lists below the root carry no paths: the same move is found among the legal ones.
        const legal = engine.legal(s);
        const k = legal.indexOf(from, to, captures);
        const { cells, jumps } = legal.pathOf(k);
        const move: CamelotMove = { from, to, captures, path: cells, jumps };
        const text = game.formatMove(s, move);
        const next = game.play(s, s.side, move);
        if (next.ok) s = next.value as CamelotState;
        return text;
      };
    },
  };
}
