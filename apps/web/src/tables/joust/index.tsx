import type { AnyGame } from '@roundtable/core';
import { joust } from '@roundtable/joust';
import { SEAT_COLOURS } from '../../colours.ts';
import type { TableModule } from '../../table-api.ts';
import { JoustTable } from './table.tsx';

export const table: TableModule = {
  game: joust as AnyGame,
  Table: JoustTable,
  seatColour: (seat) => SEAT_COLOURS[seat] ?? '#888',
};
