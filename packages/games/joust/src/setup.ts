import { createRng, err, nextInt, ok, shuffle, type Result, type Seat, type Seed } from '@roundtable/core';
import { CARD_BY_ID, CARD_COUNT, CARD_KIND, KIND_ALIASES, KIND_BY_ID, kindId, slug } from './cards.ts';
import { draw } from './state.ts';
import type { Draft, JoustOptions, JoustState } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export const HAND_SIZE = 8;

export const DEFAULT_OPTIONS: JoustOptions = { noRepeatColour: false, shieldBlocksKnockDown: false, allowTies: false };

/** seed 000, "Préparation": the dealer deals 8 cards to each player, one at a time from their left. */
function deal(players: number, dealer: Seat, order: number[], options: JoustOptions, seed: Seed): JoustState {
  const d: Draft = {
    players,
    options,
    rng: createRng(seed),
    deck: order.slice().reverse(), // the top card is drawn first
    discard: [],
    hands: Array.from({ length: players }, () => []),
    displays: Array.from({ length: players }, () => []),
    shield: null,
    stunned: null,
    tokens: Array.from({ length: players }, () => []),
    inTournament: Array.from({ length: players }, () => true),
    colour: null,
    previousColour: null,
    dealer,
    starter: (dealer + 1) % players,
    active: (dealer + 1) % players,
    played: 0,
    added: 0,
    opening: false,
    tournament: 1,
    revealed: null,
    knock: null,
    phase: { kind: 'start' },
  };
  for (let round = 0; round < HAND_SIZE; round++) {
    for (let i = 1; i <= players; i++) draw(d, (dealer + i) % players);
  }
  return d as JoustState;
}

export function setup(players: number, options: JoustOptions, seed: Seed): Result<JoustState> {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return err({ code: 'BAD_PLAYERS', players, min: MIN_PLAYERS, max: MAX_PLAYERS });
  }
  const rng = createRng(seed);
  const order = shuffle(
    rng,
    Array.from({ length: CARD_COUNT }, (_, i) => i),
  );
  const dealer = nextInt(rng, players); // "Un joueur tiré au sort"
  return ok(deal(players, dealer, order, options, `${String(seed)}/play`));
}

export interface StackedInput {
  readonly players: number;
  readonly dealer: Seat;
  /**
   * The top of the deck, first card dealt first: instance ids (`red-4.2`) or kind ids (`red-4`, the next unused
   * copy). The cards not listed follow in the catalogue order.
   */
  readonly deck: readonly string[];
  readonly options?: Partial<JoustOptions>;
  /** Seeds the RNG used for later reshuffles and Chute. */
  readonly seed?: Seed;
}

/** A game started from an explicit deck order and dealer, so that any scenario can be built (tests, puzzles). */
export function setupStacked(input: StackedInput): Result<JoustState> {
  const { players, dealer } = input;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return err({ code: 'BAD_PLAYERS', players, min: MIN_PLAYERS, max: MAX_PLAYERS });
  }
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return err({ code: 'BAD_SEAT', seat: dealer, max: players - 1 });
  const used = new Set<number>();
  const order: number[] = [];
  for (const text of input.deck) {
    const id = slug(text);
    let card = CARD_BY_ID.get(id);
    if (card === undefined) {
      const kind = KIND_BY_ID.get(KIND_ALIASES.get(id) ?? id);
      if (kind !== undefined) card = CARD_KIND.findIndex((k, i) => k === kind && !used.has(i));
      if (card === -1) return err({ code: 'BAD_DECK', card: text, reason: 'no copy left' });
    }
    if (card === undefined) return err({ code: 'BAD_DECK', card: text, reason: 'unknown card' });
    if (used.has(card)) return err({ code: 'BAD_DECK', card: text, reason: 'listed twice' });
    used.add(card);
    order.push(card);
  }
  for (let i = 0; i < CARD_COUNT; i++) if (!used.has(i)) order.push(i);
  return ok(deal(players, dealer, order, { ...DEFAULT_OPTIONS, ...input.options }, input.seed ?? 'stacked'));
}

/**
 * A deck order (kind ids, top first) that deals `hands` (each padded to 8 with cards nobody asked for) and then
 * gives `draws` in order. Useful with `setupStacked`: `setupStacked({ players, dealer, deck: stackDeck(...) })`.
 */
export function stackDeck(input: {
  readonly players: number;
  readonly dealer: Seat;
  readonly hands: readonly (readonly string[])[];
  readonly draws?: readonly string[];
  /** Kind ids to use as padding, in order (default: green 1s, then whatever is left). */
  readonly filler?: readonly string[];
}): string[] {
  const { players, dealer } = input;
  const counts = new Map<string, number>();
  const take = (kind: string): void => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  const wanted = [...input.hands.flat(), ...(input.draws ?? [])].map((k) => KIND_ALIASES.get(slug(k)) ?? slug(k));
  wanted.forEach(take);
  const pool: string[] = [];
  const remaining = new Map<string, number>();
  for (let i = 0; i < CARD_COUNT; i++) {
    const id = kindId(i);
    remaining.set(id, (remaining.get(id) ?? 0) + 1);
  }
  for (const [k, n] of counts) remaining.set(k, (remaining.get(k) ?? 0) - n);
  const preferred = input.filler ?? ['green-1', 'yellow-3', 'squire-2', 'blue-2'];
  for (const k of preferred) {
    const n = remaining.get(k) ?? 0;
    for (let i = 0; i < n; i++) pool.push(k);
    remaining.set(k, 0);
  }
  for (const [k, n] of remaining) for (let i = 0; i < n; i++) pool.push(k);
  const hands = Array.from({ length: players }, (_, seat) => {
    const given = (input.hands[seat] ?? []).map((k) => KIND_ALIASES.get(slug(k)) ?? slug(k));
    while (given.length < HAND_SIZE) given.push(pool.shift()!);
    return given;
  });
  const deck: string[] = [];
  for (let round = 0; round < HAND_SIZE; round++) {
    for (let i = 1; i <= players; i++) deck.push(hands[(dealer + i) % players]![round]!);
  }
  for (const k of input.draws ?? []) deck.push(KIND_ALIASES.get(slug(k)) ?? slug(k));
  return [...deck, ...pool];
}
