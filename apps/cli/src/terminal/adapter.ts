import type { AnyGame, Lang, Seat } from '@roundtable/core';

/** How the terminal draws: colours on or off (NO_COLOR, --no-color, not a TTY), language. */
export interface RenderOptions {
  readonly color: boolean;
  readonly lang: Lang;
  /** The seat whose turn it is in hot-seat play, or the only human seat; null when only bots play. */
  readonly viewer: Seat | null;
  /** Notation of the last move played, to highlight it. */
  readonly lastMove?: string;
  /** Notations to mark as hints (e.g. the legal moves of one piece). */
  readonly hints?: readonly string[];
}

/**
 * What a game adds to the terminal: how to draw its state for a viewer, and its own commands. One file per game
 * in `apps/cli/src/games/`, registered in `apps/cli/src/games/index.ts`. The terminal draws only the viewer's
 * `view` when the game hides information.
 */
export interface TerminalAdapter {
  readonly game: AnyGame;
  /** The screen for one viewer: board or table, counts, whose turn. Takes the *view* for hidden-information games. */
  render(view: unknown, options: RenderOptions): string;
  /** Extra command help lines, e.g. `why K4   explain why a square is illegal`. */
  readonly commands?: readonly { readonly usage: string; readonly help: string }[];
  /**
   * Handles a game-specific command line (e.g. "why K4", "hints F6") typed by `seat`. Returns the text to print,
   * or null if the line is not one of this game's commands (then it is read as a move).
   */
  command?(state: unknown, seat: Seat, line: string, options: RenderOptions): string | null;
  /** True when the screen must be hidden between two human seats (hot-seat with hidden hands). */
  readonly privacyScreen: boolean;
}
