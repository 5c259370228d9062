import { createRng, err, nextInt, ok, shuffle, type Result, type Seat, type Seed } from '@roundtable/core';
import { CARD_COUNT, cardsInPlay, kindFromText, kindId } from './cards.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { DIVINE_WILL_TOKENS, GODSEND_COUNT, GODSEND_INDEX, HERO_IDS, heroById, legendOf } from './powers.ts';
import { HAND_SIZE, beginRound, startRound } from './round.ts';
import type { Draft, TournamentOptions, TournamentState } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

function base(
  players: number,
  options: TournamentOptions,
  seed: Seed,
  dealer: Seat,
  heroes: (string | null)[],
  godsendDeck: number[],
): Draft {
  const n = (): number[] => Array.from({ length: players }, () => 0);
  return {
    players,
    options,
    rng: createRng(seed),
    round: 1,
    dealer,
    heroes,
    // seed 001: L'Écharpe verte has no threshold: active from the start.
    legendFrom: heroes.map((h) => (h !== null && legendOf(h).threshold === null ? 1 : null)),
    life: Array.from({ length: players }, () => options.life),
    wounded: n(),
    healed: n(),
    deck: cardsInPlay(players),
    discard: [],
    removed:
      players === 2 ? Array.from({ length: CARD_COUNT }, (_, c) => c).filter((c) => !cardsInPlay(2).includes(c)) : [],
    hands: Array.from({ length: players }, () => []),
    piles: Array.from({ length: players }, () => []),
    dishonour: n(),
    combat: { number: 1, leader: (dealer + 1) % players, plays: [], out: [], pot: [] },
    lastCombat: null,
    adjust: null,
    effects: [],
    used: Array.from({ length: players }, () => []),
    godsends: Array.from({ length: players }, () => []),
    godsendDeck,
    godsendDiscard: [],
    divineWill: DIVINE_WILL_TOKENS,
    shown: Array.from({ length: players }, () => []),
    seen: [],
    declared: [],
    lastRound: null,
    phase: { kind: 'combat', turn: (dealer + 1) % players },
  };
}

function badPlayers(players: number): Result<never> {
  return err({ code: 'BAD_PLAYERS', players, min: MIN_PLAYERS, max: MAX_PLAYERS });
}

/** seed 001, "MISE EN PLACE": heroes, 400 life, the godsend pile shuffled, a random dealer, 12 cards each. */
export function setup(players: number, options: TournamentOptions, seed: Seed): Result<TournamentState> {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) return badPlayers(players);
  const rng = createRng(seed);
  const dealer = nextInt(rng, players); // "Choisissez aléatoirement le donneur"
  const heroes =
    options.heroes === 'random'
      ? shuffle(rng, HERO_IDS.slice()).slice(0, players)
      : Array.from({ length: players }, () => null);
  const godsendDeck = shuffle(
    rng,
    Array.from({ length: GODSEND_COUNT }, (_, i) => i),
  );
  const d = base(players, options, `${String(seed)}/play`, dealer, heroes, godsendDeck);
  if (options.heroes === 'chosen') {
    d.phase = { kind: 'hero', queue: Array.from({ length: players }, (_, i) => (dealer + 1 + i) % players) };
    return ok(d as TournamentState);
  }
  startRound(d, true);
  return ok(d as TournamentState);
}

export interface StackedInput {
  readonly players: number;
  readonly dealer: Seat;
  /**
   * Each seat's hand, card kind ids (`sw7`, `al3`, `merlin`); all hands the same length, 1 to 12 (a short round).
   * The other cards form the draw pile, shuffled from `seed`.
   */
  readonly hands: readonly (readonly string[])[];
  /** Hero ids per seat (null: none). Default: no heroes. */
  readonly heroes?: readonly (string | null)[];
  readonly options?: Partial<TournamentOptions>;
  /** The top of the godsend pile, first drawn first (ids); the others follow in the catalogue order. */
  readonly godsends?: readonly string[];
  /** Seeds the RNG (draw pile, later deals). */
  readonly seed?: Seed;
}

/** A round started from chosen hands and dealer, so that any scenario can be built (tests, puzzles). */
export function setupStacked(input: StackedInput): Result<TournamentState> {
  const { players, dealer } = input;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) return badPlayers(players);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return err({ code: 'BAD_SEAT', seat: dealer, max: players - 1 });
  const options = { ...DEFAULT_OPTIONS, heroes: 'none' as const, ...input.options };
  const heroes = Array.from({ length: players }, (_, i) => input.heroes?.[i] ?? null);
  for (const h of heroes) if (h !== null && !heroById(h)) return err({ code: 'UNKNOWN_HERO', hero: h });
  if (new Set(heroes.filter((h) => h !== null)).size !== heroes.filter((h) => h !== null).length)
    return err({ code: 'HERO_TAKEN', hero: heroes.find((h, i) => h !== null && heroes.indexOf(h) !== i) });
  const pool = new Set(cardsInPlay(players));
  const hands: number[][] = [];
  const size = input.hands[0]?.length ?? 0;
  for (let seat = 0; seat < players; seat++) {
    const given = input.hands[seat] ?? [];
    if (given.length !== size || size < 1 || size > HAND_SIZE)
      return err({
        code: 'BAD_DECK',
        card: `hand ${seat}`,
        reason: `every hand must hold the same number of cards, 1 to ${HAND_SIZE}`,
      });
    const hand: number[] = [];
    for (const text of given) {
      const kind = kindFromText(text);
      const card = kind === null ? undefined : [...pool].find((c) => kindId(c) === kind);
      if (card === undefined)
        return err({ code: 'BAD_DECK', card: text, reason: kind === null ? 'unknown card' : 'no copy left' });
      pool.delete(card);
      hand.push(card);
    }
    hands.push(hand.sort((a, b) => a - b));
  }
  const top: number[] = [];
  for (const id of input.godsends ?? []) {
    const g = GODSEND_INDEX.get(id);
    if (g === undefined || top.includes(g))
      return err({ code: 'BAD_DECK', card: id, reason: 'unknown or repeated godsend' });
    top.push(g);
  }
  const rest = Array.from({ length: GODSEND_COUNT }, (_, i) => i).filter((g) => !top.includes(g));
  const godsendDeck = [...rest.reverse(), ...top.slice().reverse()];
  const d = base(players, options, input.seed ?? 'stacked', dealer, heroes, godsendDeck);
  d.deck = shuffle(d.rng, [...pool]);
  d.hands = hands;
  beginRound(d);
  return ok(d as TournamentState);
}
