import type { RngState, Seat } from '@roundtable/core';
import type { Declaration, KnightId, Location, QuestId } from './cards.ts';

/**
 * `players-plus-one` (seed 004), `boxed` (the box's 8 cards); two [decision] options for practice and bot
 * benchmarks: `sure-traitor` (n cards, one of them the traitor: research §2, "Traitor Among Us") and
 * `all-loyal` (n loyal cards: no traitor, and every seat knows it).
 */
export type LoyaltyDeck = 'players-plus-one' | 'boxed' | 'sure-traitor' | 'all-loyal';
/** research §8/§14 (single source, stand-in): Excalibur's holder cancels a standard black card just drawn. */
export type ExcaliburCancel = 'once-per-turn' | 'spent' | 'off';

export interface ShadowsOptions {
  /** seed 004: one loyalty card per player drawn from n+1 cards; `boxed`: the box's 8 cards (7 loyal, 1 traitor); see LoyaltyDeck. */
  readonly loyaltyDeck: LoyaltyDeck;
  /** `once-per-turn` (research §14, default): Excalibur is kept; `spent`: it leaves the game; `off`: no cancel. */
  readonly excaliburCancel?: ExcaliburCancel;
}

export type Loyalty = 'loyal' | 'traitor';
export type ActionType = 'move' | 'quest' | 'special' | 'heal' | 'accuse';
export type War = 'picts' | 'saxons';

/** Who holds a relic: a seat, still on its quest (`quest`), or out of the game (`gone`). */
export type Holder = Seat | 'quest' | 'gone';

export interface KnightState {
  readonly knight: KnightId;
  readonly life: number;
  readonly alive: boolean;
  /** Where the figure stands; a revealed traitor has taken his figure back (null), as has a dead knight. */
  readonly location: Location | null;
  /** White cards (instance numbers). */
  readonly hand: readonly number[];
  readonly loyalty: Loyalty;
  /** The traitor, once unmasked (accused, Fate, own choice or the 12th sword). */
  readonly revealed: boolean;
  /** seed 004: "Une seule accusation par joueur sur la partie". */
  readonly accused: boolean;
  /** The last declaration made (public table talk), if any. */
  readonly declaration: DeclarationMade | null;
}

export interface DeclarationMade {
  readonly what: Declaration;
  readonly quest?: QuestId;
}

/** A black card on a combat quest, face up or face down (`by` is the drawer, who knows it). */
export interface Placed {
  readonly card: number;
  readonly down: boolean;
  readonly by: Seat;
}

export interface CombatQuest {
  readonly white: readonly number[];
  readonly black: readonly Placed[];
}

export interface LancelotQuest extends CombatQuest {
  /** The board's face: Lancelot, then (flipped) the Dragon, then removed. */
  readonly side: 'lancelot' | 'dragon' | 'done';
}

export interface WarQuest {
  readonly figures: number;
  /** Fight cards in the order played: 1, 2, 3, 4, 5 (and a second 5 with Mordred). */
  readonly white: readonly number[];
}

export interface Board {
  readonly blackKnight: CombatQuest;
  readonly lancelot: LancelotQuest;
  /** Position on the track: −5 oblivion … 0 start … +5 the knights' shore. */
  readonly excalibur: { readonly pos: number; readonly done: boolean };
  /** Grail cards fill from the Grail end, Despair/Desolation from the other end (7 spots). */
  readonly grail: { readonly grails: readonly number[]; readonly blacks: readonly number[]; readonly done: boolean };
  readonly picts: WarQuest;
  readonly saxons: WarQuest;
}

/** Black cards whose effect lasts, and the one Heroism card, lying on the board. */
export interface Effects {
  readonly mists: number | null;
  readonly vivien: number | null;
  readonly broceliande: number | null;
  readonly mordred: { readonly card: number; readonly war: War } | null;
  readonly heroism: { readonly card: number; readonly quest: QuestId } | null;
}

export interface TurnState {
  /** Heroic action types used this turn (the second one was paid with a life point). */
  readonly used: readonly ActionType[];
  /** Special white cards played this turn (one, Galahad one more for free). */
  readonly specials: number;
  readonly galahadFree: boolean;
  readonly tristanFree: boolean;
  readonly arthurSwapped: boolean;
  readonly declared: boolean;
  /** Excalibur cancelled a black card this turn (research §14: once per turn). */
  readonly excaliburUsed: boolean;
  /** Black cards still to draw this turn (Morgan 2). */
  readonly evilLeft: number;
  /** Guinevere: the drawer's turn ends once the card is resolved. */
  readonly over: boolean;
  readonly stage: 'evil' | 'heroic';
}

export type KayPending =
  | { readonly quest: 'black-knight' | 'lancelot'; readonly finisher: Seat }
  | { readonly quest: 'siege'; readonly sum: number; readonly roll: number };

/**
 * The state machine (see README in RULES.md):
 * - `lay`: opening, every seat lays one white card face up (any order);
 * - `propose`: the first seat proposes who receives which laid card; `vote`: every other seat accepts or refuses
 *   (answers hidden until all are in; one refusal and the cards are dealt at random);
 * - `evil`: the active seat chooses its Progression of Evil; `armor` picks one of two black cards;
 *   `place` lays a combat card face up or down; `war` picks a war (Mercenaries, Mordred);
 * - `excalibur`: a standard black card just drawn waits; Excalibur's holder cancels it (`excalibur`) or `pass`es;
 * - `merlin`: a special black card waits; every knight still hidden answers `pass` or `merlin` (3 cancel it);
 * - `volunteer`: Morgan 1/5 ask for a volunteer; `discard`: knights choose white cards to discard;
 * - `heroic`: the active seat's heroic actions; `swap` (Arthur's exchange), `clairvoyance`, `kay`, `grail-save`;
 * - `traitor`: a revealed traitor picks the knight who loses a random white card;
 * - `over`.
 */
export type Phase =
  | { readonly kind: 'lay'; readonly waiting: readonly Seat[] }
  | { readonly kind: 'propose'; readonly seat: Seat }
  | {
      readonly kind: 'vote';
      readonly proposal: readonly Seat[];
      readonly waiting: readonly Seat[];
      readonly refusals: readonly Seat[];
    }
  | { readonly kind: 'evil' }
  | { readonly kind: 'armor'; readonly cards: readonly [number, number] }
  | { readonly kind: 'place'; readonly card: number }
  | { readonly kind: 'war'; readonly card: number }
  | { readonly kind: 'excalibur'; readonly seat: Seat; readonly card: number }
  | {
      readonly kind: 'merlin';
      readonly card: number;
      readonly waiting: readonly Seat[];
      readonly merlins: readonly Seat[];
    }
  | {
      readonly kind: 'volunteer';
      readonly card: number;
      readonly waiting: readonly Seat[];
      readonly volunteers: readonly Seat[];
    }
  | {
      readonly kind: 'discard';
      readonly card: number;
      readonly need: readonly number[];
      readonly waiting: readonly Seat[];
    }
  | { readonly kind: 'heroic' }
  | { readonly kind: 'swap'; readonly from: Seat; readonly to: Seat }
  | { readonly kind: 'clairvoyance'; readonly seat: Seat; readonly count: number }
  | { readonly kind: 'kay'; readonly seat: Seat; readonly pending: KayPending }
  | { readonly kind: 'grail-save'; readonly seat: Seat; readonly dying: Seat }
  | { readonly kind: 'traitor' }
  | { readonly kind: 'over'; readonly loyalWin: boolean; readonly reason: string };

/**
 * What one seat saw in a private step and may still use once the step is over (views show it as "you saw…",
 * to that seat only). [decision] Each is kept while it can still be true:
 * - `swap`: King Arthur's last exchange (research §4: face down), for him and the knight he chose, until his
 *   next exchange;
 * - `under`: the black cards Lancelot's Armor put under the pile, for the seat who put them, while they are there;
 * - `clairvoyance`: the top black cards in the order the seat left them, while they are still the top of the
 *   pile in that order (the last Clairvoyance replaces it).
 */
export interface Memory {
  readonly swap: { readonly from: Seat; readonly to: Seat; readonly gave: number; readonly got: number | null } | null;
  readonly under: readonly { readonly seat: Seat; readonly card: number }[];
  readonly clairvoyance: { readonly seat: Seat; readonly cards: readonly number[] } | null;
}

export interface ShadowsState {
  readonly players: number;
  readonly options: ShadowsOptions;
  readonly rng: RngState;
  readonly knights: readonly KnightState[];
  /** Loyalty cards left in the box; `boxTraitor` when the traitor card is among them (no traitor in play). */
  readonly loyaltyBox: number;
  readonly boxTraitor: boolean;
  /** Piles, the next card to draw last. */
  readonly whiteDeck: readonly number[];
  readonly whiteDiscard: readonly number[];
  readonly blackDeck: readonly number[];
  readonly blackDiscard: readonly number[];
  /** Opening: the card each seat laid (null: not yet). */
  readonly laid: readonly (number | null)[];
  readonly board: Board;
  readonly effects: Effects;
  readonly whiteSwords: number;
  readonly blackSwords: number;
  readonly siege: number;
  readonly relics: { readonly excalibur: Holder; readonly grail: Holder; readonly armor: Holder };
  readonly active: Seat;
  /** Turn number, from 1 (0 during the opening). */
  readonly turnNumber: number;
  readonly turn: TurnState;
  /** The last die roll and siege fight, public. */
  readonly lastRoll: { readonly seat: Seat; readonly sum: number; readonly roll: number; readonly won: boolean } | null;
  /** Private things seen earlier (absent: nothing; older saves have none). */
  readonly memory?: Memory;
  readonly phase: Phase;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Moves: see NOTATION.md. Card arguments are kind ids (`fight-3`); which copy does not matter. */
export type Move =
  | { readonly type: 'lay'; readonly card: string }
  | { readonly type: 'propose'; readonly from: readonly Seat[] }
  | { readonly type: 'accept' }
  | { readonly type: 'refuse' }
  | { readonly type: 'evil'; readonly choice: 'black' | 'siege' | 'life' }
  | { readonly type: 'keep'; readonly card: string }
  | { readonly type: 'place'; readonly face: 'up' | 'down' }
  | { readonly type: 'war'; readonly war: War }
  | { readonly type: 'pass' }
  | { readonly type: 'merlin'; readonly count: number }
  | { readonly type: 'volunteer' }
  | { readonly type: 'discard'; readonly cards: readonly string[] }
  | { readonly type: 'move'; readonly to: Location }
  | { readonly type: 'draw' }
  | { readonly type: 'siege'; readonly cards: readonly string[] }
  | { readonly type: 'fight'; readonly card: string }
  | { readonly type: 'push'; readonly card: string }
  | { readonly type: 'grail' }
  | { readonly type: 'heal'; readonly card: string }
  | { readonly type: 'accuse'; readonly target: Seat }
  | PlaySpecial
  | { readonly type: 'give'; readonly card: string; readonly target: Seat }
  | { readonly type: 'return'; readonly card: string }
  | { readonly type: 'order'; readonly order: readonly number[] }
  | { readonly type: 'kay'; readonly card: string }
  | { readonly type: 'save' }
  | { readonly type: 'excalibur' }
  | { readonly type: 'target'; readonly target: Seat }
  | { readonly type: 'declare'; readonly what: Declaration; readonly quest?: QuestId }
  | { readonly type: 'reveal' }
  | { readonly type: 'end' };

/**
 * A special white card. `arg`: Merlin's target (`siege`, a quest id, `picts`, `saxons`); Piety and
 * Reinforcements `self` / `others`; Heroism's quest. Messenger: `target` and `cards`.
 */
export interface PlaySpecial {
  readonly type: 'play';
  readonly card: string;
  readonly arg?: string;
  readonly target?: Seat;
  readonly cards?: readonly string[];
}
