import type { RngState, Seat } from '@roundtable/core';
import type { Suit } from './cards.ts';

export interface TournamentOptions {
  /** How heroes are given: dealt at random, chosen in turn from the dealer's left, or not used at all. */
  readonly heroes: 'random' | 'chosen' | 'none';
  /** Godsends (faveurs divines) handed out between rounds. */
  readonly godsends: boolean;
  /** Starting life (seed 001: 400). Lower values make short games for tests and quick matches. */
  readonly life: number;
}

/** A suit and a value, as declared for Merlin and Apprenti. */
export interface Declaration {
  readonly suit: Suit;
  readonly value: number;
}

export type Move =
  /** Play a card from hand; Merlin and Apprenti carry a declared suit and value. */
  | { readonly type: 'play'; readonly card: string; readonly declare?: Declaration }
  /** Put a card in the discard pile: déshonneur (unable to follow), or the second half of a redraw. */
  | { readonly type: 'discard'; readonly card: string }
  /** Use an active power (hero, legend, godsend), with its arguments. */
  | { readonly type: 'use'; readonly power: string; readonly target?: Seat; readonly suit?: Suit; readonly by?: number }
  /** Exchange: the card given (by the target first, then by the power's user). */
  | { readonly type: 'give'; readonly card: string }
  /** Godsend phase: take a face-up godsend, or draw the top of the godsend pile. */
  | { readonly type: 'take'; readonly godsend: string }
  | { readonly type: 'draw' }
  /** Heroes chosen: take a hero still free. */
  | { readonly type: 'hero'; readonly hero: string };

/** A Merlin or Apprenti played this round and what its player declared (seed 001: declared aloud, so public). */
export interface JokerDeclaration extends Declaration {
  readonly card: number;
}

/** A card on the table in the current combat. */
export interface Play {
  readonly seat: Seat;
  readonly card: number;
  /** The suit it counts as (Alchimie: the led suit; Merlin/Apprenti: declared; null after an Alchimie lead). */
  readonly suit: Suit | null;
  /** Its final value (printed or declared, plus any adjustment). */
  readonly value: number;
  /** The adjustment applied (0 if none). */
  readonly adjust: number;
}

export interface Combat {
  /** Combat number in the round, from 1. */
  readonly number: number;
  readonly leader: Seat;
  /** Cards played, in order (the first is the lead). */
  readonly plays: readonly Play[];
  /** Seats out of this combat by déshonneur, and the card each discarded. */
  readonly out: readonly { readonly seat: Seat; readonly card: number }[];
  /** Cards of all-feinted combats carried over to this one (seed 001: "pris en compte … du prochain Combat"). */
  readonly pot: readonly number[];
}

/** What happened in the last combat resolved, for the table. */
export interface CombatResult {
  /** The round it was played in (it stays on view into the next round's first combat). */
  readonly round: number;
  readonly number: number;
  /** null when every card was feinted. */
  readonly loser: Seat | null;
  readonly plays: readonly Play[];
  readonly feinted: readonly number[];
  readonly cards: readonly number[];
}

export interface RoundEffect {
  readonly kind: 'ward' | 'curse' | 'transfer';
  readonly by: Seat;
  /** ward: the user; curse: the cursed seat; transfer: the seat taking the wounds. */
  readonly target: Seat;
  readonly suit: Suit;
}

export interface HeldGodsend {
  readonly card: number;
  /** Uses left this round (Volonté divine: the tokens lying on it). */
  readonly uses: number;
}

export interface RoundSummary {
  readonly round: number;
  /** Wounds each seat took this round (déshonneur and wound pile, effects applied). */
  readonly wounds: readonly number[];
  /** Of which déshonneur. */
  readonly dishonour: readonly number[];
  /** Life regained at the end of the round (regen). */
  readonly healed: readonly number[];
  readonly life: readonly number[];
  /** Legends that woke this round (active from the next one). */
  readonly legends: readonly Seat[];
  readonly nextDealer: Seat;
  /** Godsends each seat receives, in the order they choose. */
  readonly godsendQueue: readonly Seat[];
  /** The wound piles as they were scored. */
  readonly piles: readonly (readonly number[])[];
}

/**
 * The state machine:
 * - `hero`: heroes chosen (option): each seat of `queue` in turn takes a free hero;
 * - `combat`: `turn` plays a card (or discards it in déshonneur), after any `use` of a power;
 * - `exchange`: a power's exchange: `target` gives first (`step: 'give'`), then `user` gives back;
 * - `redraw`: the user has drawn and discards a card;
 * - `godsend`: between rounds, the seats of `queue` take a face-up godsend or draw, one card each entry;
 * - `over`: a seat reached 0 life; the highest life wins.
 */
export type Phase =
  | { readonly kind: 'hero'; readonly queue: readonly Seat[] }
  | { readonly kind: 'combat'; readonly turn: Seat }
  | {
      readonly kind: 'exchange';
      readonly user: Seat;
      readonly target: Seat;
      readonly step: 'give' | 'return';
      readonly turn: Seat;
    }
  | { readonly kind: 'redraw'; readonly user: Seat; readonly turn: Seat }
  | { readonly kind: 'godsend'; readonly queue: readonly Seat[]; readonly faceUp: readonly number[] }
  | { readonly kind: 'over' };

/** What one seat privately knows of another hand (after a peek). Cards leave the list when they leave the hand. */
export interface Seen {
  readonly viewer: Seat;
  readonly owner: Seat;
  readonly cards: readonly number[];
}

/** The full state. Weapon cards are numbers 0..79 (cards.ts), godsends 0..23 (powers.ts); piles list the top last. */
export interface TournamentState {
  readonly players: number;
  readonly options: TournamentOptions;
  readonly rng: RngState;
  /** Round number, from 1. */
  readonly round: number;
  readonly dealer: Seat;
  /** Hero ids per seat (null without heroes, or before they are chosen). */
  readonly heroes: readonly (string | null)[];
  /** The round from which each seat's legend is active (null: not yet reached). */
  readonly legendFrom: readonly (number | null)[];
  readonly life: readonly number[];
  /** Totals over the game, so that life lost = wounds − healed can be checked. */
  readonly wounded: readonly number[];
  readonly healed: readonly number[];
  /** The weapon draw pile (the next card drawn last). */
  readonly deck: readonly number[];
  /** Face-up weapon discard pile. */
  readonly discard: readonly number[];
  /** Cards out of the game (the arrows with 2 players). */
  readonly removed: readonly number[];
  readonly hands: readonly (readonly number[])[];
  /** Wound piles of the current round. */
  readonly piles: readonly (readonly number[])[];
  /** Déshonneur wounds taken this round. */
  readonly dishonour: readonly number[];
  readonly combat: Combat;
  readonly lastCombat: CombatResult | null;
  /** A pending value change for the next card of `seat` (from an `adjust` power). */
  readonly adjust: { readonly seat: Seat; readonly by: number; readonly power: string } | null;
  readonly effects: readonly RoundEffect[];
  /** Hero and legend powers each seat used this round. */
  readonly used: readonly (readonly string[])[];
  readonly godsends: readonly (readonly HeldGodsend[])[];
  readonly godsendDeck: readonly number[];
  readonly godsendDiscard: readonly number[];
  /** Volonté divine tokens in the supply. */
  readonly divineWill: number;
  /** Cards everyone knows to be in a hand (given face up in an exchange). */
  readonly shown: readonly (readonly number[])[];
  readonly seen: readonly Seen[];
  /** The Merlin and Apprenti played this round, with their declared suit and value (shown with the wound piles). */
  readonly declared: readonly JokerDeclaration[];
  readonly lastRound: RoundSummary | null;
  readonly phase: Phase;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export interface Draft extends Omit<
  Mutable<TournamentState>,
  | 'rng'
  | 'life'
  | 'wounded'
  | 'healed'
  | 'deck'
  | 'discard'
  | 'hands'
  | 'piles'
  | 'dishonour'
  | 'used'
  | 'godsends'
  | 'godsendDeck'
  | 'godsendDiscard'
  | 'shown'
  | 'legendFrom'
  | 'heroes'
  | 'effects'
  | 'seen'
> {
  rng: RngState;
  heroes: (string | null)[];
  legendFrom: (number | null)[];
  life: number[];
  wounded: number[];
  healed: number[];
  deck: number[];
  discard: number[];
  hands: number[][];
  piles: number[][];
  dishonour: number[];
  used: string[][];
  godsends: HeldGodsend[][];
  godsendDeck: number[];
  godsendDiscard: number[];
  shown: number[][];
  effects: RoundEffect[];
  seen: Seen[];
}
