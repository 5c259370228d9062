/** The state as JSON and back. A stored state is input from outside: every field, the 80 cards and 24 godsends are checked. */
import { isRngState, type Result, arr, bool, fail, int, obj, readStored } from '@roundtable/core';
import { CARD_COUNT, MAX_VALUE, MERLIN_FIRST, MIN_VALUE, SUITS, cardsInPlay, type Suit } from './cards.ts';
import { GODSENDS, GODSEND_COUNT, POWER_BY_ID, DIVINE_WILL_TOKENS, heroById } from './powers.ts';
import type {
  TournamentOptions,
  Combat,
  CombatResult,
  HeldGodsend,
  Phase,
  Play,
  RoundEffect,
  RoundSummary,
  Seen,
  TournamentState,
} from './types.ts';

export function serialize(s: TournamentState): unknown {
  return JSON.parse(JSON.stringify(s)) as unknown;
}

const cards = (v: unknown, what: string): number[] =>
  arr(v, what).map((c, i) => int(c, `${what}[${i}]`, 0, CARD_COUNT - 1));
const godsends = (v: unknown, what: string): number[] =>
  arr(v, what).map((c, i) => int(c, `${what}[${i}]`, 0, GODSEND_COUNT - 1));
const suit = (v: unknown, what: string): Suit =>
  (SUITS as readonly unknown[]).includes(v) ? (v as Suit) : fail(`${what} must be a suit`);
const suitOrNull = (v: unknown, what: string): Suit | null => (v === null ? null : suit(v, what));
const BIG = 1_000_000;

function readState(data: unknown): TournamentState {
  const o = obj(data, 'state');
  const players = int(o.players, 'players', 2, 6);
  const seat = (v: unknown, what: string): number => int(v, what, 0, players - 1);
  const perSeat = <T>(v: unknown, what: string, f: (x: unknown, w: string) => T): T[] => {
    const list = arr(v, what);
    if (list.length !== players) fail(`${what} must have one entry per seat`);
    return list.map((x, i) => f(x, `${what}[${i}]`));
  };
  const opt = obj(o.options, 'options');
  const heroesOpt: TournamentOptions['heroes'] =
    opt.heroes === 'random' || opt.heroes === 'chosen' || opt.heroes === 'none'
      ? opt.heroes
      : fail('options.heroes must be random, chosen or none');
  const options = {
    heroes: heroesOpt,
    godsends: bool(opt.godsends, 'options.godsends'),
    life: int(opt.life, 'options.life', 50, 400),
  };
  if (!isRngState(o.rng)) fail('rng must be four 32-bit integers');
  const lifeInt = (v: unknown, w: string): number => int(v, w, -BIG, options.life);
  const count = (v: unknown, w: string): number => int(v, w, 0, BIG);
  const play = (v: unknown, w: string): Play => {
    const p = obj(v, w);
    return {
      seat: seat(p.seat, `${w}.seat`),
      card: int(p.card, `${w}.card`, 0, CARD_COUNT - 1),
      suit: suitOrNull(p.suit, `${w}.suit`),
      value: int(p.value, `${w}.value`, -100, 100),
      adjust: int(p.adjust, `${w}.adjust`, -10, 10),
    };
  };
  const c = obj(o.combat, 'combat');
  const combat: Combat = {
    number: int(c.number, 'combat.number', 1, 100),
    leader: seat(c.leader, 'combat.leader'),
    plays: arr(c.plays, 'combat.plays').map((p, i) => play(p, `combat.plays[${i}]`)),
    out: arr(c.out, 'combat.out').map((x, i) => {
      const e = obj(x, `combat.out[${i}]`);
      return {
        seat: seat(e.seat, `combat.out[${i}].seat`),
        card: int(e.card, `combat.out[${i}].card`, 0, CARD_COUNT - 1),
      };
    }),
    pot: cards(c.pot, 'combat.pot'),
  };
  const lastCombat: CombatResult | null =
    o.lastCombat === null
      ? null
      : (() => {
          const l = obj(o.lastCombat, 'lastCombat');
          return {
            round: int(l.round, 'lastCombat.round', 1, BIG),
            number: int(l.number, 'lastCombat.number', 1, 100),
            loser: l.loser === null ? null : seat(l.loser, 'lastCombat.loser'),
            plays: arr(l.plays, 'lastCombat.plays').map((p, i) => play(p, `lastCombat.plays[${i}]`)),
            feinted: cards(l.feinted, 'lastCombat.feinted'),
            cards: cards(l.cards, 'lastCombat.cards'),
          };
        })();
  const adjust =
    o.adjust === null
      ? null
      : (() => {
          const a = obj(o.adjust, 'adjust');
          const power =
            typeof a.power === 'string' && POWER_BY_ID.get(a.power)?.effect.kind === 'adjust'
              ? a.power
              : fail('adjust.power must be an adjusting power');
          return { seat: seat(a.seat, 'adjust.seat'), by: int(a.by, 'adjust.by', -10, 10), power };
        })();
  const effects: RoundEffect[] = arr(o.effects, 'effects').map((x, i) => {
    const e = obj(x, `effects[${i}]`);
    const kind =
      e.kind === 'ward' || e.kind === 'curse' || e.kind === 'transfer' ? e.kind : fail(`effects[${i}].kind is unknown`);
    return {
      kind,
      by: seat(e.by, `effects[${i}].by`),
      target: seat(e.target, `effects[${i}].target`),
      suit: suit(e.suit, `effects[${i}].suit`),
    };
  });
  const powerId = (v: unknown, w: string): string =>
    typeof v === 'string' && POWER_BY_ID.has(v) ? v : fail(`${w} must be a power id`);
  const heroes = perSeat(o.heroes, 'heroes', (h, w) =>
    h === null ? null : typeof h === 'string' && heroById(h) ? h : fail(`${w} must be a hero id or null`),
  );
  const held = perSeat(o.godsends, 'godsends', (x, w) =>
    arr(x, w).map((g, i): HeldGodsend => {
      const e = obj(g, `${w}[${i}]`);
      return {
        card: int(e.card, `${w}[${i}].card`, 0, GODSEND_COUNT - 1),
        uses: int(e.uses, `${w}[${i}].uses`, 0, DIVINE_WILL_TOKENS),
      };
    }),
  );
  const seen: Seen[] = arr(o.seen, 'seen').map((x, i) => {
    const e = obj(x, `seen[${i}]`);
    return {
      viewer: seat(e.viewer, `seen[${i}].viewer`),
      owner: seat(e.owner, `seen[${i}].owner`),
      cards: cards(e.cards, `seen[${i}].cards`),
    };
  });
  const seatList = (v: unknown, w: string): number[] => arr(v, w).map((x, i) => seat(x, `${w}[${i}]`));
  const ph = obj(o.phase, 'phase');
  let phase: Phase;
  switch (ph.kind) {
    case 'hero':
      phase = { kind: 'hero', queue: seatList(ph.queue, 'phase.queue') };
      break;
    case 'combat':
      phase = { kind: 'combat', turn: seat(ph.turn, 'phase.turn') };
      break;
    case 'exchange': {
      const step = ph.step === 'give' || ph.step === 'return' ? ph.step : fail('phase.step must be give or return');
      phase = {
        kind: 'exchange',
        user: seat(ph.user, 'phase.user'),
        target: seat(ph.target, 'phase.target'),
        step,
        turn: seat(ph.turn, 'phase.turn'),
      };
      break;
    }
    case 'redraw':
      phase = { kind: 'redraw', user: seat(ph.user, 'phase.user'), turn: seat(ph.turn, 'phase.turn') };
      break;
    case 'godsend':
      phase = {
        kind: 'godsend',
        queue: seatList(ph.queue, 'phase.queue'),
        faceUp: godsends(ph.faceUp, 'phase.faceUp'),
      };
      break;
    case 'over':
      phase = { kind: 'over' };
      break;
    default:
      return fail('phase.kind is unknown');
  }
  const lastRound: RoundSummary | null =
    o.lastRound === null
      ? null
      : (() => {
          const r = obj(o.lastRound, 'lastRound');
          const nums = (v: unknown, w: string, f: (x: unknown, w: string) => number): number[] => perSeat(v, w, f);
          return {
            round: int(r.round, 'lastRound.round', 1, BIG),
            wounds: nums(r.wounds, 'lastRound.wounds', count),
            dishonour: nums(r.dishonour, 'lastRound.dishonour', count),
            healed: nums(r.healed, 'lastRound.healed', count),
            life: nums(r.life, 'lastRound.life', lifeInt),
            legends: seatList(r.legends, 'lastRound.legends'),
            nextDealer: seat(r.nextDealer, 'lastRound.nextDealer'),
            godsendQueue: seatList(r.godsendQueue, 'lastRound.godsendQueue'),
            piles: perSeat(r.piles, 'lastRound.piles', cards),
          };
        })();
  const s: TournamentState = {
    players,
    options,
    rng: [...(o.rng as number[])] as TournamentState['rng'],
    round: int(o.round, 'round', 1, BIG),
    dealer: seat(o.dealer, 'dealer'),
    heroes,
    legendFrom: perSeat(o.legendFrom, 'legendFrom', (v, w) => (v === null ? null : int(v, w, 1, BIG))),
    life: perSeat(o.life, 'life', lifeInt),
    wounded: perSeat(o.wounded, 'wounded', count),
    healed: perSeat(o.healed, 'healed', count),
    deck: cards(o.deck, 'deck'),
    discard: cards(o.discard, 'discard'),
    removed: cards(o.removed, 'removed'),
    hands: perSeat(o.hands, 'hands', cards),
    piles: perSeat(o.piles, 'piles', cards),
    dishonour: perSeat(o.dishonour, 'dishonour', count),
    combat,
    lastCombat,
    adjust,
    effects,
    used: perSeat(o.used, 'used', (v, w) => arr(v, w).map((x, i) => powerId(x, `${w}[${i}]`))),
    godsends: held,
    godsendDeck: godsends(o.godsendDeck, 'godsendDeck'),
    godsendDiscard: godsends(o.godsendDiscard, 'godsendDiscard'),
    divineWill: int(o.divineWill, 'divineWill', 0, DIVINE_WILL_TOKENS),
    shown: perSeat(o.shown, 'shown', cards),
    seen,
    // Optional: states stored before declarations were kept read as having none.
    declared:
      o.declared === undefined
        ? []
        : arr(o.declared, 'declared').map((x, i) => {
            const e = obj(x, `declared[${i}]`);
            return {
              card: int(e.card, `declared[${i}].card`, MERLIN_FIRST, CARD_COUNT - 1),
              suit: suit(e.suit, `declared[${i}].suit`),
              value: int(e.value, `declared[${i}].value`, MIN_VALUE, MAX_VALUE),
            };
          }),
    lastRound,
    phase,
  };
  checkConsistency(s);
  return s;
}

/** Every card in exactly one place, hands of equal size, known cards really where they are said to be. */
function checkConsistency(s: TournamentState): void {
  const all = [
    ...s.deck,
    ...s.discard,
    ...s.removed,
    ...s.hands.flat(),
    ...s.piles.flat(),
    ...s.combat.plays.map((p) => p.card),
    ...s.combat.pot,
  ];
  if (all.length !== CARD_COUNT || new Set(all).size !== CARD_COUNT)
    fail('the 80 weapon cards must each be in exactly one place');
  const outside = new Set(s.removed);
  const expected = CARD_COUNT - cardsInPlay(s.players).length;
  if (outside.size !== expected || cardsInPlay(s.players).some((c) => outside.has(c)))
    fail('only the arrows are out of a 2-player game');
  for (const o of s.combat.out) if (!s.discard.includes(o.card)) fail('a déshonneur card must be in the discard pile');
  const faceUp = s.phase.kind === 'godsend' ? s.phase.faceUp : [];
  const g = [...s.godsendDeck, ...s.godsendDiscard, ...s.godsends.flat().map((h) => h.card), ...faceUp];
  if (g.length !== GODSEND_COUNT || new Set(g).size !== GODSEND_COUNT)
    fail('the 24 godsends must each be in exactly one place');
  const tokens = s.godsends.flat().reduce((n, h) => n + (GODSENDS[h.card]!.divineWill ? h.uses : 0), 0);
  if (tokens + s.divineWill !== DIVINE_WILL_TOKENS)
    fail('the three Volonté divine tokens must be in the supply or on a card');
  s.shown.forEach((list, seat) => {
    for (const c of list) if (!s.hands[seat]!.includes(c)) fail('a card shown in a hand must be in that hand');
  });
  for (const e of s.seen)
    for (const c of e.cards) if (!s.hands[e.owner]!.includes(c)) fail('a card seen in a hand must be in that hand');
  const heroes = s.heroes.filter((h) => h !== null);
  if (new Set(heroes).size !== heroes.length) fail('a hero can be held by one seat only');
  if (s.phase.kind !== 'hero' && s.phase.kind !== 'over' && s.options.heroes !== 'none' && heroes.length !== s.players)
    fail('every seat must have a hero');
}

export function deserialize(data: unknown): Result<TournamentState> {
  return readStored(() => readState(data));
}
