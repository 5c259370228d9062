import type { RngState, Seat } from '@roundtable/core';
import type { Colour } from './cards.ts';

export interface JoustOptions {
  /** Stricter reading of the seed's memo: the previous tournament's final colour may not be named again. */
  readonly noRepeatColour: boolean;
  /** Bouclier also protects its owner's hand from Chute. */
  readonly shieldBlocksKnockDown: boolean;
  /** Off: a player must have the strictly highest total; on: a tie for the highest total is enough. */
  readonly allowTies: boolean;
}

/** One face-up card of a seat: a display position (0 = oldest) or a card lying beside the display. */
export type Item = number | 'bouclier' | 'assomme';

/** Playing a card from hand. Arguments depend on the card: colour, target seat, display positions. */
export interface PlayMove {
  readonly type: 'play';
  /** Card kind id (`red-4`, `maiden`, `riposte`). */
  readonly card: string;
  readonly colour?: Colour;
  readonly target?: Seat;
  /** A display position (0-based): Esquive (target's display), Retraite (own display). */
  readonly pos?: number;
  /** Finesse: the actor's card and the target's card. */
  readonly mine?: Item;
  readonly theirs?: Item;
}

export type Move =
  | { readonly type: 'start'; readonly colour: Colour }
  | { readonly type: 'show' }
  | PlayMove
  | { readonly type: 'end' }
  | { readonly type: 'withdraw' }
  | { readonly type: 'pass' }
  | { readonly type: 'lancelot' }
  /** Adaptation: the display positions (0-based, ascending) the seat keeps. */
  | { readonly type: 'keep'; readonly positions: readonly number[] }
  | { readonly type: 'token'; readonly colour: Colour };

/** An action card played and waiting for the Lancelot window to close. */
export interface PendingAction {
  readonly seat: Seat;
  readonly card: number;
  readonly move: PlayMove;
}

/**
 * The state machine:
 * - `start`: the starter names the tournament's colour (or shows a hand that cannot open);
 * - `turn`: the active seat plays cards, ends its turn or withdraws;
 * - `response`: an action card waits; every other seat still in the tournament answers `pass` or `lancelot`;
 * - `adapt`: after Adaptation, each affected seat with duplicate values chooses what it keeps;
 * - `maiden`: a seat that withdrew with a maiden returns a token of its choice;
 * - `purple`: the winner of a purple tournament takes a token of the colour of its choice;
 * - `over`: someone has won the game.
 */
export type Phase =
  | { readonly kind: 'start' }
  | { readonly kind: 'turn' }
  | {
      readonly kind: 'response';
      readonly action: PendingAction;
      readonly waiting: readonly Seat[];
      readonly lancelot: Seat | null;
    }
  | { readonly kind: 'adapt'; readonly waiting: readonly Seat[] }
  | { readonly kind: 'maiden'; readonly seat: Seat }
  | { readonly kind: 'purple'; readonly seat: Seat }
  | { readonly kind: 'over'; readonly winner: Seat };

/** The full state. Cards are numbers 0..109 (see cards.ts); piles list the bottom card first. */
export interface JoustState {
  readonly players: number;
  readonly options: JoustOptions;
  readonly rng: RngState;
  /** Draw pile, the next card to draw last. */
  readonly deck: readonly number[];
  /** Discard pile, the last discarded card last. */
  readonly discard: readonly number[];
  readonly hands: readonly (readonly number[])[];
  /** Displays, oldest card first. */
  readonly displays: readonly (readonly number[])[];
  /** Who has Bouclier / Assommé beside their display. */
  readonly shield: Seat | null;
  readonly stunned: Seat | null;
  /** Tokens held, in the order of COLOURS. */
  readonly tokens: readonly (readonly Colour[])[];
  /** False once a seat has withdrawn from the current tournament. */
  readonly inTournament: readonly boolean[];
  /** Colour of the current tournament; null before it is named. */
  readonly colour: Colour | null;
  /** Final colour of the previous tournament. */
  readonly previousColour: Colour | null;
  readonly dealer: Seat;
  readonly starter: Seat;
  readonly active: Seat;
  /** Cards played from hand this turn, and cards added to the display this turn (Assommé). */
  readonly played: number;
  readonly added: number;
  /**
   * True while the active player, on their first turn of this tournament, has not yet laid a colour or support
   * card: seed 000, « Lors du 1er tour …, chaque joueur souhaitant participer au tournoi doit poser au minimum une
   * carte de combat ou de soutien ». The starter must lay it before anything else and may not withdraw.
   */
  readonly opening: boolean;
  /** Tournament number, from 1. */
  readonly tournament: number;
  /** A hand shown because its owner could not open a tournament (public until the next tournament starts). */
  readonly revealed: { readonly seat: Seat; readonly cards: readonly number[] } | null;
  /** The last Chute: the card taken is known to these two seats only. */
  readonly knock: { readonly from: Seat; readonly to: Seat; readonly card: number } | null;
  readonly phase: Phase;
}

/** The same shape, writable: `play` copies the state once and changes the copy. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export interface Draft extends Omit<
  Mutable<JoustState>,
  'deck' | 'discard' | 'hands' | 'displays' | 'tokens' | 'inTournament' | 'rng'
> {
  rng: RngState;
  deck: number[];
  discard: number[];
  hands: number[][];
  displays: number[][];
  tokens: Colour[][];
  inTournament: boolean[];
}
