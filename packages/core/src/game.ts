import type { MessageCatalog, Lang } from './errors.ts';
import type { Result } from './result.ts';
import type { RngState, Seed } from './rng.ts';
import type { OptionSpec } from './options.ts';
import type { LogEntry, NarrationInput } from './narration.ts';
import type { GameSpeech } from './speech.ts';
import type { Localized, Seat, Viewer } from './seat.ts';

/**
 * How a game ended. `winners` lists the seats that won (several in a shared win or a team); a draw has
 * `draw: true` and lists the seats sharing it when some seats lost (e.g. a tie for first place), else none.
 * No winners and `draw: false` means every seat lost (a cooperative game lost with no traitor at the table).
 * `reason` is a stable, game-specific code ("castle", "annihilation", "repetition", …).
 */
export interface Outcome {
  readonly winners: readonly Seat[];
  readonly draw: boolean;
  readonly reason: string;
  readonly scores?: readonly number[];
}

export interface SetupInput<O> {
  readonly players: number;
  readonly options: O;
  readonly seed: Seed;
}

/**
 * The one interface every game implements. All functions are pure: they never mutate their arguments, never
 * do I/O and never read the clock; randomness comes from a PRNG kept inside the state. Moves `M` are typed
 * values; `formatMove`/`parseMove` translate them to and from the game's human notation, which is what leaves
 * the engine (protocol, server, match records).
 *
 * - `S` the full state (may hold secrets: hands, deck order, RNG);
 * - `M` a move; `V` what one viewer may know; `O` the parsed options.
 */
export interface Game<S, M, V = unknown, O = Readonly<Record<string, unknown>>> {
  readonly id: string;
  readonly name: Localized;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** True when every seat sees the whole state (Camelot, Lancelot). */
  readonly perfectInformation: boolean;
  /** The options a match can be created with, described for menus and forms. */
  readonly options: readonly OptionSpec[];
  /** The rules reference shown in every front door (Markdown), with our decisions marked [decision]. */
  readonly rules?: Localized;
  /** Translations of this game's own error codes (the common ones live in core). */
  readonly messages: MessageCatalog;

  /** Validates raw options (from a CLI flag, a JSON message, a stored row) and fills in the defaults. */
  parseOptions(raw: unknown, players: number): Result<O>;
  setup(input: SetupInput<O>): Result<S>;

  /** Number of seats in this match. */
  players(state: S): number;
  /** Every seat that may act now: one seat on an ordinary turn, several in a response window. Empty once over. */
  toMove(state: S): readonly Seat[];
  /** The legal moves of `seat` now (empty if the seat may not act). */
  legalMoves(state: S, seat: Seat): M[];
  /** The state after `seat` plays `move`, or the rule the move breaks. The given state is never changed. */
  play(state: S, seat: Seat, move: M): Result<S>;
  outcome(state: S): Outcome | null;

  /** What `viewer` may know, as JSON-safe data. The only thing that ever leaves a server for a seat. */
  view(state: S, viewer: Viewer): V;
  /**
   * Optional fast path: exactly `JSON.stringify(view(state, viewer))`, for a server that sends a view on every
   * move and a game that can build that text cheaper than a generic serialiser (tested for equality).
   */
  viewJson?(state: S, viewer: Viewer): string;
  /**
   * A full state consistent with what `viewer` sees, the unknown parts drawn from `rng`. For a game of
   * perfect information this is the exact state. Bots search from this, never from the true state.
   */
  determinize(view: V, viewer: Seat, rng: RngState): S;

  /** The move in the game's notation, written relative to `state` (the position before the move). */
  formatMove(state: S, move: M): string;
  /** Reads a move in the game's notation; the error names what could not be read or which rule refuses it. */
  parseMove(state: S, seat: Seat, text: string): Result<M>;

  /** The whole state as JSON-safe data, and back (validated: a stored row is input from outside). */
  serialize(state: S): unknown;
  deserialize(data: unknown): Result<S>;

  /** A compact text for a position (like chess FEN), for games that have one. */
  readonly position?: {
    write(state: S): string;
    read(text: string, input: { readonly players: number; readonly options: O }): Result<S>;
  };

  /**
   * Fast paths for benchmarks and search, for games that have them: `perft` counts the leaf positions of the
   * move tree to `depth`; `playout` plays uniformly random legal moves to the end and returns the outcome.
   * Both must agree with `legalMoves`/`play` (tests check it); neither changes `state`.
   */
  perft?(state: S, depth: number): number;
  playout?(state: S, rng: RngState): Outcome;

  /** A seat's name in this game ("White", "Blanc", "Red"), for menus and logs. */
  seatName(seat: Seat, players: number, lang: Lang): string;

  /**
   * The log in words for one step: what `input.viewer` learns between its view `before` (null at the start)
   * and its view `after`. Pure, and built from the viewer's views only, so it never tells a secret.
   */
  narrate?(before: V | null, after: V, input: NarrationInput): LogEntry[];

  /**
   * Words for a screen reader, from one viewer's view (speech.ts): the name of any square, card or token the view
   * shows, and the game's queries ("where are my pieces", "my hand") answered in sentences.
   */
  readonly speech?: GameSpeech<V>;
}

/** Any game, for registries and front doors that handle every game alike. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- registries hold games of different state, move and view types
export type AnyGame = Game<any, any, any, any>;
