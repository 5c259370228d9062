import type { AnyGame } from '@roundtable/core';
import { SEAT_COLOURS } from '../colours.ts';
import type { TableModule, TableProps } from '../table-api.ts';

const W = {
  seen: { en: 'What you see', fr: 'Ce que vous voyez' },
  moves: { en: 'Your moves', fr: 'Vos coups' },
  wait: { en: 'Not your turn.', fr: 'Ce n’est pas à vous de jouer.' },
} as const;

/**
 * The table of a game that brings none of its own (a new game before its table is drawn, the games kept for
 * tests): what this screen's seat may see, as the engine's view gives it, and one button per legal move in the
 * game's notation. Every game of the catalog is playable in a page from its first day.
 */
function GenericTable({ view, legal, play, lang, active }: TableProps) {
  return (
    <div class="generic-table" data-testid="generic-table">
      <h3>{W.seen[lang]}</h3>
      <pre data-testid="generic-view">{JSON.stringify(view, null, 1)}</pre>
      <h3>{W.moves[lang]}</h3>
      {active === null ? (
        <p>{W.wait[lang]}</p>
      ) : (
        <ul class="generic-moves">
          {legal.map((move) => (
            <li key={move}>
              <button type="button" data-move={move} onClick={() => play(move)}>
                {move}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function genericTable(game: AnyGame): TableModule {
  return {
    game,
    Table: GenericTable,
    seatColour: (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length] as string,
  };
}
