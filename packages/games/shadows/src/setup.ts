import { createRng, err, nextInt, ok, shuffle, type Result, type Seat, type Seed } from '@roundtable/core';
import {
  BLACK_COUNT,
  CARD_COUNT,
  CARD_KIND,
  KIND_ALIASES,
  KIND_BY_ID,
  KNIGHTS,
  START_LIFE,
  START_WHITE,
  WHITE_COUNT,
  slug,
  type Location,
  type QuestId,
} from './cards.ts';
import { NEW_TURN } from './turn.ts';
import type {
  Board,
  Effects,
  Holder,
  KnightState,
  Phase,
  ShadowsOptions,
  ShadowsState,
  TurnState,
  War,
} from './types.ts';
import { DEFAULT_OPTIONS, loyaltyCards } from './options.ts';

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 7;

export const EMPTY_BOARD: Board = {
  blackKnight: { white: [], black: [] },
  lancelot: { side: 'lancelot', white: [], black: [] },
  excalibur: { pos: 0, done: false },
  grail: { grails: [], blacks: [], done: false },
  picts: { figures: 0, white: [] },
  saxons: { figures: 0, white: [] },
};
export const NO_EFFECTS: Effects = { mists: null, vivien: null, broceliande: null, mordred: null, heroism: null };

const MERLIN = KIND_BY_ID.get('merlin')!;

/**
 * seed 004, "Mise en place" and "Préparation des chevaliers": every knight at the Round Table with 4 life
 * points, one Merlin card and 5 white cards, one loyalty card from n+1 (or the box's 8). [decision] Seats take
 * the knights in a fixed order (Arthur, Galahad, Gawain, Kay, Percival, Palamedes, Tristan): Arthur plays first.
 */
export function setup(players: number, options: ShadowsOptions, seed: Seed): Result<ShadowsState> {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return err({ code: 'BAD_PLAYERS', players, min: MIN_PLAYERS, max: MAX_PLAYERS });
  }
  const rng = createRng(seed);
  const whites = Array.from({ length: WHITE_COUNT }, (_, i) => i);
  const merlins = whites.filter((c) => CARD_KIND[c] === MERLIN).slice(0, players);
  const deck = shuffle(
    rng,
    whites.filter((c) => !merlins.includes(c)),
  );
  const hands = merlins.map((m) => [m, ...deck.splice(deck.length - START_WHITE, START_WHITE)]);
  const blackDeck = shuffle(
    rng,
    Array.from({ length: BLACK_COUNT }, (_, i) => WHITE_COUNT + i),
  );
  const cards = loyaltyCards(options.loyaltyDeck, players);
  // The traitor's place in the shuffled loyalty deck (all loyal: the traitor card stays in the box).
  const traitor = options.loyaltyDeck === 'all-loyal' ? players : nextInt(rng, cards);
  const knights: KnightState[] = hands.map((hand, seat) => ({
    knight: KNIGHTS[seat]!,
    life: START_LIFE,
    alive: true,
    location: 'camelot',
    hand,
    loyalty: seat === traitor ? 'traitor' : 'loyal',
    revealed: false,
    accused: false,
    declaration: null,
  }));
  return ok({
    players,
    options,
    rng,
    knights,
    loyaltyBox: cards - players,
    boxTraitor: traitor >= players,
    whiteDeck: deck,
    whiteDiscard: [],
    blackDeck,
    blackDiscard: [],
    laid: knights.map(() => null),
    board: EMPTY_BOARD,
    effects: NO_EFFECTS,
    whiteSwords: 0,
    blackSwords: 0,
    siege: 0,
    relics: { excalibur: 'quest', grail: 'quest', armor: 'quest' },
    active: 0,
    turnNumber: 0,
    turn: NEW_TURN,
    lastRoll: null,
    phase: { kind: 'lay', waiting: knights.map((_, i) => i) },
  });
}

/** A position built directly, for tests, puzzles and examples. Cards are kind ids; unnamed cards fill the piles. */
export interface ScenarioInput {
  readonly players?: number;
  readonly options?: Partial<ShadowsOptions>;
  readonly seed?: Seed;
  /** The traitor's seat, or null for none (default: none). */
  readonly traitor?: Seat | null;
  readonly hands?: readonly (readonly string[])[];
  readonly life?: readonly number[];
  readonly locations?: readonly Location[];
  readonly dead?: readonly Seat[];
  readonly revealed?: readonly Seat[];
  readonly accused?: readonly Seat[];
  /** The next white / black cards to draw, first drawn first. */
  readonly whiteTop?: readonly string[];
  readonly blackTop?: readonly string[];
  readonly blackKnight?: { readonly white?: readonly string[]; readonly black?: readonly string[] };
  readonly lancelot?: {
    readonly side?: 'lancelot' | 'dragon' | 'done';
    readonly white?: readonly string[];
    readonly black?: readonly string[];
  };
  readonly excalibur?: { readonly pos?: number; readonly done?: boolean };
  readonly grail?: { readonly grails?: number; readonly blacks?: readonly string[]; readonly done?: boolean };
  readonly picts?: { readonly figures?: number; readonly white?: readonly string[] };
  readonly saxons?: { readonly figures?: number; readonly white?: readonly string[] };
  readonly effects?: {
    readonly mists?: boolean;
    readonly vivien?: boolean;
    readonly broceliande?: boolean;
    readonly mordred?: War;
    readonly heroism?: QuestId;
  };
  readonly whiteSwords?: number;
  readonly blackSwords?: number;
  readonly siege?: number;
  readonly relics?: { readonly excalibur?: Holder; readonly grail?: Holder; readonly armor?: Holder };
  readonly active?: Seat;
  readonly turn?: Partial<TurnState>;
  readonly phase?: Phase;
  readonly turnNumber?: number;
}

export function scenario(input: ScenarioInput): ShadowsState {
  const players = input.players ?? 3;
  const free = new Set<number>(Array.from({ length: CARD_COUNT }, (_, i) => i));
  const take = (text: string): number => {
    const kind = KIND_BY_ID.get(KIND_ALIASES.get(slug(text)) ?? text);
    if (kind === undefined) throw new Error(`scenario: unknown card ${text}`);
    for (const c of free) {
      if (CARD_KIND[c] === kind) {
        free.delete(c);
        return c;
      }
    }
    throw new Error(`scenario: no copy of ${text} left`);
  };
  const list = (cards: readonly string[] | undefined): number[] => (cards ?? []).map(take);
  const hands = Array.from({ length: players }, (_, i) => list(input.hands?.[i]));
  const whiteTop = list(input.whiteTop);
  const blackTop = list(input.blackTop);
  const placed = (cards: readonly string[] | undefined) => list(cards).map((card) => ({ card, down: false, by: 0 }));
  const board: Board = {
    blackKnight: { white: list(input.blackKnight?.white), black: placed(input.blackKnight?.black) },
    lancelot: {
      side: input.lancelot?.side ?? 'lancelot',
      white: list(input.lancelot?.white),
      black: placed(input.lancelot?.black),
    },
    excalibur: { pos: input.excalibur?.pos ?? 0, done: input.excalibur?.done ?? false },
    grail: {
      grails: Array.from({ length: input.grail?.grails ?? 0 }, () => take('grail')),
      blacks: list(input.grail?.blacks),
      done: input.grail?.done ?? false,
    },
    picts: { figures: input.picts?.figures ?? 0, white: list(input.picts?.white) },
    saxons: { figures: input.saxons?.figures ?? 0, white: list(input.saxons?.white) },
  };
  const e = input.effects ?? {};
  const effects: Effects = {
    mists: e.mists ? take('mists') : null,
    vivien: e.vivien ? take('vivien') : null,
    broceliande: e.broceliande ? take('broceliande') : null,
    mordred: e.mordred ? { card: take('mordred'), war: e.mordred } : null,
    heroism: e.heroism ? { card: take('heroism'), quest: e.heroism } : null,
  };
  const rest = [...free];
  const whiteDeck = [...rest.filter((c) => c < WHITE_COUNT), ...whiteTop.reverse()];
  const blackDeck = [...rest.filter((c) => c >= WHITE_COUNT), ...blackTop.reverse()];
  const traitor = input.traitor ?? null;
  const knights: KnightState[] = hands.map((hand, seat) => {
    const dead = input.dead?.includes(seat) ?? false;
    const revealed = input.revealed?.includes(seat) ?? false;
    return {
      knight: KNIGHTS[seat]!,
      life: dead ? 0 : (input.life?.[seat] ?? START_LIFE),
      alive: !dead,
      location: dead || revealed ? null : (input.locations?.[seat] ?? 'camelot'),
      hand,
      loyalty: seat === traitor ? 'traitor' : 'loyal',
      revealed,
      accused: input.accused?.includes(seat) ?? false,
      declaration: null,
    };
  });
  const options = { ...DEFAULT_OPTIONS, ...input.options };
  const box = loyaltyCards(options.loyaltyDeck, players) - players;
  return {
    players,
    options,
    rng: createRng(input.seed ?? 'scenario'),
    knights,
    loyaltyBox: box,
    boxTraitor: traitor === null,
    whiteDeck,
    whiteDiscard: [],
    blackDeck,
    blackDiscard: [],
    laid: knights.map(() => null),
    board,
    effects,
    whiteSwords: input.whiteSwords ?? 0,
    blackSwords: input.blackSwords ?? 0,
    siege: input.siege ?? 0,
    relics: { excalibur: 'quest', grail: 'quest', armor: 'quest', ...input.relics },
    active: input.active ?? 0,
    turnNumber: input.turnNumber ?? 1,
    turn: { ...NEW_TURN, ...input.turn },
    lastRoll: null,
    phase: input.phase ?? { kind: 'evil' },
  };
}

export { DEFAULT_OPTIONS };
