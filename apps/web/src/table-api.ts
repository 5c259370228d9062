import type { ComponentType } from 'preact';
import type { AnyGame, GameDescriptor, Lang, Localized, Outcome, Seat, Viewer } from '@roundtable/core';

/**
 * The contract between the shell and one game's table. The games come from the catalog (`@roundtable/catalog/lines`:
 * names, blurbs, player counts, capabilities, end reasons, loaded with the home screen, no engine code). A game's
 * folder under `src/tables/<id>/` may hold a `meta.ts` (its picture) and an `index.tsx` exporting
 * `table: TableModule` (loaded on demand with the engine); a game without one is played on the generic table.
 */
export interface GameMeta {
  readonly id: string;
  readonly name: Localized;
  readonly pitch: Localized;
  readonly players: readonly [number, number];
  /** An SVG picture (markup, drawn on a 120×80 view box). */
  readonly picture: string;
  /** Always true now that every listed game has an engine (kept for the pages that tell "coming"). */
  readonly landed: boolean;
  readonly descriptor: GameDescriptor;
}

/** What a game's `tables/<id>/meta.ts` adds to its descriptor on the home screen. */
export interface TableArt {
  readonly picture: string;
}

export interface TableProps {
  readonly game: AnyGame;
  /** What this screen may see. */
  readonly view: unknown;
  readonly viewer: Viewer;
  /** The seat this screen plays now, or null (not its turn, spectator, replay). */
  readonly active: Seat | null;
  /** The legal moves of `active`, in the game's notation. */
  readonly legal: readonly string[];
  readonly play: (move: string) => void;
  /** Shows why a click was refused (a rule, in the interface language). */
  readonly refuse: (reason: string) => void;
  readonly lastMove: { readonly seat: Seat; readonly move: string } | null;
  readonly lang: Lang;
  readonly seatLabel: (seat: Seat) => string;
  readonly players: number;
  /**
   * A move to draw on the board as advice, in notation (the engine's best move on the analysis board, the better
   * move of a review, a puzzle's hint). Tables that cannot draw it ignore it.
   */
  readonly hint?: string;
}

/** A position set up by hand (the analysis board): the table's own editor, giving a position string as it changes. */
export interface EditorProps {
  /** The position to start from, as the game writes it. */
  readonly position: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly lang: Lang;
  readonly onChange: (position: string) => void;
}

export interface TableModule {
  readonly game: AnyGame;
  readonly Table: ComponentType<TableProps>;
  /** Colours of the seats (colour-blind safe), for the seat list and the log. */
  readonly seatColour: (seat: Seat, players: number) => string;
  /** An editor of positions for the analysis board (games with position strings); absent: the string is typed. */
  readonly Editor?: ComponentType<EditorProps>;
  /** What the end-of-game panel adds from the final view: columns per seat and lines under the table. */
  readonly endSummary?: (view: unknown, outcome: Outcome, lang: Lang) => EndSummary;
}

export interface EndSummary {
  readonly columns: readonly string[];
  /** One row per seat, one cell per column. */
  readonly rows: readonly (readonly (string | number)[])[];
  readonly lines: readonly string[];
  /** Replaces "X wins" (a team: "The loyal knights win"). */
  readonly headline?: string;
}
