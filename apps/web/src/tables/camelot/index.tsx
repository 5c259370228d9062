import type { AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import type { TableModule } from '../../table-api.ts';
import { CamelotTable } from './table.tsx';

export const table: TableModule = {
  game: camelot as AnyGame,
  Table: CamelotTable,
  seatColour: (seat) => (seat === 0 ? '#f5f1e6' : '#222222'),
};
