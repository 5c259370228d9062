import type { Seat } from '@roundtable/core';
import type { Square } from './geometry.ts';

export const KNIGHTS_PER_PLAYER = 30;

export interface LancelotOptions {
  /** seed 002, "Variante": diagonals longer than 4 squares are lines too. */
  readonly diagonals: boolean;
  /** seed 002, "Le pouvoir de l'épée". */
  readonly excalibur: boolean;
  /** Captures needed to win (seed: 7/8/9/10 for 2/3/4/5 players). */
  readonly target: number;
}

/**
 * Where the turn stands.
 * - `sword`: before the first turn, the seat to the right of the first player places Excalibur;
 * - `turn`: `seat` starts a turn;
 * - `knight`: `seat` has just invoked Excalibur and must now place its knight;
 * - `swordAfter`: `seat` has placed a knight announcing an invocation and must now place Excalibur;
 * - `over`: the game has ended (a seat reached the target, or every seat passed in a row).
 */
export type Phase = 'sword' | 'turn' | 'knight' | 'swordAfter' | 'over';

/**
 * The whole state: plain JSON-safe data, never mutated. There is no RNG in it: the only chance in Lancelot is
 * the draw of the first player, made once in `setup` from the seed and recorded in `first`.
 */
export interface LancelotState {
  readonly players: number;
  readonly options: LancelotOptions;
  /** The field's cells, row by row from its bottom-left corner (see geometry.ts): the seat of the knight, or null. */
  readonly board: readonly (Seat | null)[];
  /** Excalibur's square, or null (variant off, or not placed yet). */
  readonly excalibur: Square | null;
  /** The seat whose piece Excalibur counts as (the last to invoke it), or null while nobody has. */
  readonly holder: Seat | null;
  /** Per seat: still holds the white shield (may invoke Excalibur once). All false without the variant. */
  readonly shields: readonly boolean[];
  /** Knights each seat still has to place. */
  readonly hand: readonly number[];
  /** Knights each seat has captured. */
  readonly captures: readonly number[];
  /** The seat drawn to open the game. */
  readonly first: Seat;
  /** The seat acting now (in phase `over`: the seat that acted last). */
  readonly seat: Seat;
  readonly phase: Phase;
  /** Passes in a row since the last placement. */
  readonly passes: number;
}

/**
 * One step of play. A turn is one step (`K4`), or two steps by the same seat when Excalibur is invoked:
 * `E:G6` then `G8` (sword first) or `G8 E:?` then `E:G6` (knight first, announcing the invocation).
 * `turn` joins the two steps of an invocation into one move, for people who type the whole turn at once
 * (`E:G6 G8`, `G8 E:G6`); `legalMoves` lists only steps.
 */
export type LancelotMove =
  | { readonly kind: 'place'; readonly square: Square; readonly thenSword?: boolean }
  | { readonly kind: 'sword'; readonly square: Square }
  | { readonly kind: 'pass' }
  | { readonly kind: 'turn'; readonly steps: readonly [LancelotMove, LancelotMove] };

/** A perfect-information game: the view is the whole state. */
export type LancelotView = LancelotState;
