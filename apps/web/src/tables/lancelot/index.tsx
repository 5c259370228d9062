import type { AnyGame } from '@roundtable/core';
import { lancelot } from '@roundtable/lancelot';
import type { TableModule } from '../../table-api.ts';
import { LANCELOT_COLOURS } from './colours.ts';
import { LancelotTable } from './table.tsx';

export const table: TableModule = {
  game: lancelot as AnyGame,
  Table: LancelotTable,
  seatColour: (seat) => LANCELOT_COLOURS[seat] ?? '#888',
};
