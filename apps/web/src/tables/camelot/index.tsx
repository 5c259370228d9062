import type { AnyGame, Lang } from '@roundtable/core';
import { LAYOUTS, camelot, type CamelotView } from '@roundtable/camelot';
import type { EndSummary, TableModule } from '../../table-api.ts';
import { readBoard } from './position.ts';
import { CamelotTable } from './table.tsx';
import { CamelotEditor } from './editor.tsx';

/** The end of a match: pieces left and pieces captured by each side. */
function endSummary(raw: unknown, _o: unknown, lang: Lang): EndSummary {
  const v = raw as CamelotView;
  const layout = LAYOUTS[v.variant] ?? LAYOUTS.camelot!;
  const board = readBoard(layout, v.position);
  const left = (side: 0 | 1): number =>
    [...board.pieces.values()].filter((p) => (p === p.toUpperCase()) === (side === 0)).length;
  const start = (side: 0 | 1): number => layout.start.knights[side].length + layout.start.men[side].length;
  const fr = lang === 'fr';
  return {
    columns: [fr ? 'Pièces restantes' : 'Pieces left', fr ? 'Prises' : 'Captures'],
    rows: ([0, 1] as const).map((s) => [left(s), start((1 - s) as 0 | 1) - left((1 - s) as 0 | 1)]),
    lines: [],
  };
}

export const table: TableModule = {
  game: camelot as AnyGame,
  Table: CamelotTable,
  Editor: CamelotEditor,
  seatColour: (seat) => (seat === 0 ? '#f5f1e6' : '#222222'),
  endSummary,
};
