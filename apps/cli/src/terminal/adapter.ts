import type { Lang, Outcome, Seat } from '@roundtable/core';

/** How the terminal draws: colours on or off (NO_COLOR, --no-color, not a TTY), language. */
export interface RenderOptions {
  readonly color: boolean;
  readonly lang: Lang;
  /** The seat whose view is drawn (the human to play in hot-seat, or the only human); null for a spectator. */
  readonly viewer: Seat | null;
  /** The human seats of the match, so a board can turn towards a lone human (Camelot flips for Black). */
  readonly humans: readonly Seat[];
  /** Notation of the last move played, to highlight it. */
  readonly lastMove?: string;
  /** Notations to mark as hints (e.g. the legal moves of one piece). */
  readonly hints?: readonly string[];
  /** How the game ended, once it has: a footer says so instead of whose turn it is. */
  readonly outcome?: Outcome | null;
  /** The terminal's width in columns; the loop wraps longer lines, a board may draw itself narrower. */
  readonly width?: number;
  /** For a screen reader (`--plain`): a command answers in words and draws no board. */
  readonly plain?: boolean;
}

/** Legal moves shown together: `label` is what they share ("play", "F6", "row 3"), `moves` the rest of each. */
export interface HintGroup {
  readonly label: string;
  readonly moves: readonly string[];
}

/** What a game-specific command sees: the viewer's view and legal moves, never the full state. */
export interface CommandContext {
  readonly view: unknown;
  readonly seat: Seat;
  /** The seat's legal moves in canonical notation. */
  readonly legal: readonly string[];
  readonly options: RenderOptions;
}

/**
 * What a game adds to the terminal: how to draw a view, and its own commands. One file per game in
 * `apps/cli/src/games/`, registered in `apps/cli/src/games/index.ts`; a game without one gets the generic adapter.
 * Adapters are given views only (never states), so hidden information cannot leak through them; they name their
 * game by id rather than importing it, so a board can be drawn (and tested) from a position string alone.
 */
export interface TerminalAdapter {
  readonly gameId: string;
  /** The screen for one viewer: board or table, counts, whose turn. */
  render(view: unknown, options: RenderOptions): string;
  /** Extra command help lines, e.g. `hints F6   show that piece's moves on the board`. */
  readonly commands?: readonly { readonly usage: string; readonly help: Readonly<Record<Lang, string>> }[];
  /**
   * Handles a game-specific command line (e.g. "hints F6"). Returns the text to print, or null if the line is
   * not one of this game's commands (then the loop's own commands and moves are tried).
   */
  command?(line: string, context: CommandContext): string | null;
  /** The legal moves in groups (by piece, row, card); without it they are grouped by their first word. */
  groupHints?(legal: readonly string[], lang: Lang): HintGroup[];
  /**
   * A line rewritten into the game's notation before it is read as a move, for what the screen shows but the
   * notation does not say (the joust hand is numbered: "play 7" → "play red-4"); null to leave it.
   */
  translateMove?(line: string, context: CommandContext): string | null;
  /** Lines added under "Game over": what the end reveals (the traitor of the Chevaliers). */
  endNote?(outcome: Outcome, finalView: unknown, lang: Lang): string | undefined;
  /** Seat names usable as flags (`--white human`), mapped to seats. */
  readonly seatAliases?: Readonly<Record<string, Seat>>;
  /** Words for a game-end reason code ("castle" → "a knight or man holds the enemy castle"). */
  describeReason?(reason: string, lang: Lang): string | undefined;
  /** True when the screen must be hidden between two human seats (hot-seat with hidden hands). */
  readonly privacyScreen: boolean;
}
