/**
 * A fast simulator of the rest of a round of Tournament at Camelot, for the search's rollouts: the combats only
 * (following, Alchimie, Merlin and Apprenti, déshonneur, the feint, the lowest card losing), on small mutable
 * arrays. Powers are not used in a rollout (a pending value change and the round's effects still count: the
 * effects through the engine's own `pileWounds`). Every seat plays the same rule of thumb (`choosePlay`), which
 * reads only its own hand and the table, so a rollout never lets anyone see a hidden card.
 */
import {
  KIND,
  POISONED,
  SUIT,
  SUITS,
  VALUE,
  WOUNDS,
  hasPassive,
  pileWounds,
  powersOf,
  type Suit,
  type TournamentState,
} from '@roundtable/tournament';

/** Suit index of a basic card (0–3), −1 for Alchimie and the jokers. */
export const SUIT_INDEX: readonly number[] = SUIT.map((s) => (s === null || s === undefined ? -1 : SUITS.indexOf(s)));
export const IS_ALCHEMY: readonly boolean[] = KIND.map((k) => k === 'alchemy');
export const IS_JOKER: readonly boolean[] = KIND.map((k) => k === 'merlin' || k === 'apprenti');

/** The led suit: a suit index, NO_LEAD before the lead, ANY after an Alchimie lead. */
export const NO_LEAD = -1;
export const ANY = -2;

/** What a card in hand is worth for the combats to come (the greedy score's measure): high cards, jokers. */
export function cardWorth(c: number): number {
  switch (KIND[c]) {
    case 'merlin':
      return 18;
    case 'apprenti':
      return 13;
    case 'alchemy':
      return VALUE[c]! + 2;
    default:
      return VALUE[c]!;
  }
}

/** One round in progress, mutable. */
export interface Sim {
  readonly players: number;
  readonly hands: number[][];
  readonly piles: number[][];
  /** Déshonneur wounds taken in the simulation (the state's own are already off the life totals). */
  readonly dishonour: number[];
  /** What each pile wounds so far (effects left out: they only change the greedy score's judgement a little). */
  readonly pileWounds: number[];
  /** The combat on the table: seats, cards and values played, in order. */
  seats: number[];
  cards: number[];
  values: number[];
  /** How many seats are out of this combat by déshonneur. */
  out: number;
  led: number;
  pot: number[];
  leader: number;
  turn: number;
  adjustSeat: number;
  adjustBy: number;
  readonly alchemyFree: readonly boolean[];
  readonly noDishonour: readonly boolean[];
  readonly poisonProof: readonly boolean[];
  /** Life each seat regains at the end of the round (passive `regen` powers). */
  readonly regen: readonly number[];
  /** The round has wards, curses or transfers: piles are scored by the engine's `pileWounds`. */
  readonly effects: boolean;
  /** A déshonneur brought a seat to 0: the game ended at once. */
  dead: boolean;
  /** Life totals as the state had them (déshonneur of the simulation is in `dishonour`). */
  readonly life: readonly number[];
}

/** The wounds of some cards in a pile (poisoned cards count 5 for a poison-proof seat). */
function woundsOf(cards: readonly number[], proof: boolean): number {
  let w = 0;
  for (const c of cards) w += proof && POISONED[c] ? 5 : WOUNDS[c]!;
  return w;
}

function ledOf(s: TournamentState): number {
  const lead = s.combat.plays[0];
  if (!lead) return NO_LEAD;
  return lead.suit === null ? ANY : SUITS.indexOf(lead.suit);
}

/** A simulator of `s`, which must be in a combat turn (phase `combat`). */
export function simOf(s: TournamentState): Sim {
  const turn = s.phase.kind === 'combat' ? s.phase.turn : s.combat.leader;
  return {
    players: s.players,
    hands: s.hands.map((h) => h.slice()),
    piles: s.piles.map((p) => p.slice()),
    dishonour: new Array<number>(s.players).fill(0),
    pileWounds: s.piles.map((p, seat) => woundsOf(p, hasPassive(s, seat, 'poison-proof'))),
    seats: s.combat.plays.map((p) => p.seat),
    cards: s.combat.plays.map((p) => p.card),
    values: s.combat.plays.map((p) => p.value),
    out: s.combat.out.length,
    led: ledOf(s),
    pot: s.combat.pot.slice(),
    leader: s.combat.leader,
    turn,
    adjustSeat: s.adjust ? s.adjust.seat : -1,
    adjustBy: s.adjust ? s.adjust.by : 0,
    alchemyFree: Array.from({ length: s.players }, (_, seat) => hasPassive(s, seat, 'alchemy-free')),
    noDishonour: Array.from({ length: s.players }, (_, seat) => hasPassive(s, seat, 'no-dishonour')),
    poisonProof: Array.from({ length: s.players }, (_, seat) => hasPassive(s, seat, 'poison-proof')),
    effects: s.effects.length > 0,
    regen: Array.from({ length: s.players }, (_, seat) =>
      powersOf(s, seat).reduce((n, p) => n + (p.effect.kind === 'regen' ? p.effect.amount : 0), 0),
    ),
    dead: false,
    life: s.life,
  };
}

export function cloneSim(m: Sim): Sim {
  return {
    ...m,
    hands: m.hands.map((h) => h.slice()),
    piles: m.piles.map((p) => p.slice()),
    dishonour: m.dishonour.slice(),
    pileWounds: m.pileWounds.slice(),
    seats: m.seats.slice(),
    cards: m.cards.slice(),
    values: m.values.slice(),
    pot: m.pot.slice(),
  };
}

/** A card move in the simulator: the card, the value it counts for (declared for a joker) and, leading a joker, its suit. */
export interface Action {
  readonly card: number;
  readonly value: number;
  /** The declared suit of a joker (a suit index); −1 otherwise. */
  readonly suit: number;
  /** A déshonneur: the card is discarded. */
  readonly discard: boolean;
}

/** The seat loses the combat with these values: the lowest value nobody shares (−1: every card feinted). */
export function loserIndex(values: readonly number[]): number {
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (best >= 0 && v >= values[best]!) continue;
    let shared = false;
    for (let j = 0; j < values.length && !shared; j++) shared = j !== i && values[j] === v;
    if (!shared) best = i;
  }
  return best;
}

/** Values on the table are counted in an array from VALUE_OFFSET up (a value change may leave 1–15). */
const VALUE_OFFSET = 8;
const counts = new Int32Array(40);

/**
 * The table as the seat to play sees it: the lowest value face up (Infinity: none), the wounds at stake, how many
 * seats play after this one. `counts` holds how many cards show each value.
 */
export interface Table {
  /** The lowest value face up (Infinity: none) and its seat; the next lowest face up and its seat. */
  lowest: number;
  lowestSeat: number;
  second: number;
  secondSeat: number;
  /** Wounds on the table and in the pot, and 6 for each seat still to play after this one (the greedy score's). */
  stake: number;
  onTable: number;
  toPlay: number;
  seat: number;
}
const table: Table = {
  lowest: Infinity,
  lowestSeat: -1,
  second: Infinity,
  secondSeat: -1,
  stake: 0,
  onTable: 0,
  toPlay: 0,
  seat: 0,
};

export function readTable(m: Sim, seat: number): Table {
  counts.fill(0);
  const n = m.values.length;
  let stake = 0;
  for (let i = 0; i < n; i++) {
    counts[m.values[i]! + VALUE_OFFSET]!++;
    stake += WOUNDS[m.cards[i]!]!;
  }
  for (const c of m.pot) stake += WOUNDS[c]!;
  let lowest = Infinity;
  let lowestSeat = -1;
  let second = Infinity;
  let secondSeat = -1;
  for (let i = 0; i < n; i++) {
    const v = m.values[i]!;
    if (counts[v + VALUE_OFFSET] !== 1) continue;
    if (v < lowest) {
      second = lowest;
      secondSeat = lowestSeat;
      lowest = v;
      lowestSeat = m.seats[i]!;
    } else if (v < second) {
      second = v;
      secondSeat = m.seats[i]!;
    }
  }
  table.lowest = lowest;
  table.lowestSeat = lowestSeat;
  table.second = second;
  table.secondSeat = secondSeat;
  table.toPlay = m.players - n - m.out - 1;
  table.onTable = stake;
  table.stake = stake + (table.toPlay > 0 ? 6 * table.toPlay : 0);
  table.seat = seat;
  return table;
}

/**
 * The greedy bot's judgement of a card (tournament.ts, `tournamentGreedy`), computed on the simulator: not the
 * last to play, the expected wounds of the combat (`combatRisk`: the lowest card face up is likely to lose, the
 * more so the lower it is and the more knights are to play; a feinted or higher card one time in ten); the last
 * to play, the combat's outcome on the standings (its own wounds, or 0.6 of what the others' half-best,
 * half-mean standing loses); always 0.4 of the card's worth, which leaves the hand.
 */
function greedyCost(m: Sim, t: Table, value: number, wounds: number, worth: number, keep: number): number {
  const c = value + VALUE_OFFSET;
  const feint = c >= 0 && c < counts.length && counts[c]! > 0;
  if (t.toPlay > 0) {
    let chance: number;
    if (feint || value >= t.lowest) chance = 0.1;
    else chance = Math.pow(1 - 0.6 * Math.min(1, (value - 1) / 15), t.toPlay);
    return chance * (t.stake + wounds) + keep * worth;
  }
  // Last to play: who loses is known.
  let loser: number;
  if (!feint) loser = value < t.lowest ? t.seat : t.lowestSeat;
  else if (value === t.lowest) loser = t.secondSeat;
  else loser = t.lowestSeat;
  if (loser < 0) return keep * worth;
  const stake = t.onTable + wounds;
  if (loser === t.seat) return stake + keep * worth;
  // Another seat takes it: the others' standing falls (half the best, half the mean, weighed 0.6).
  let best = -Infinity;
  let bestAfter = -Infinity;
  for (let o = 0; o < m.players; o++) {
    if (o === t.seat) continue;
    const st = m.life[o]! - m.pileWounds[o]! - m.dishonour[o]!;
    if (st > best) best = st;
    const after = o === loser ? st - stake : st;
    if (after > bestAfter) bestAfter = after;
  }
  return -0.6 * (0.5 * (best - bestAfter) + (0.5 * stake) / (m.players - 1)) + keep * worth;
}

/** What the seat to play would pay for `card` at `value` (`greedyCost`), on the table `readTable` last read. */
export function costOf(m: Sim, card: number, value: number, keep: number): number {
  return greedyCost(m, table, value, WOUNDS[card]!, cardWorth(card), keep);
}

/**
 * The rule of thumb's move for `seat` (whose turn it is). `keep` weighs the worth of a card kept in hand. The
 * answer is overwritten by the next call: play it (or copy it) first.
 */
export function choosePlay(m: Sim, seat: number, keep: number): Action {
  const hand = m.hands[seat]!;
  const led = m.led;
  let hasSuit = false;
  let hasAlchemy = false;
  let hasJoker = false;
  let allAlchemy = true;
  for (const c of hand) {
    if (IS_ALCHEMY[c]) hasAlchemy = true;
    else allAlchemy = false;
    if (IS_JOKER[c]) hasJoker = true;
    if (led >= 0 && SUIT_INDEX[c] === led) hasSuit = true;
  }
  const adjust = m.adjustSeat === seat ? m.adjustBy : 0;
  if (led >= 0 && !hasSuit && !hasAlchemy && !hasJoker) {
    // Déshonneur: the card least worth keeping goes.
    let pick = hand[0]!;
    for (const c of hand) if (cardWorth(c) < cardWorth(pick)) pick = c;
    return reply(pick, 0, -1, true);
  }
  const t = readTable(m, seat);
  const cost = greedyCost;
  const free = m.alchemyFree[seat]!;
  let alchemyOk: boolean;
  if (led === NO_LEAD) alchemyOk = allAlchemy || (hasAlchemy && free);
  else if (led === ANY) alchemyOk = true;
  else alchemyOk = !hasSuit || free;
  let bestCard = -1;
  let bestValue = 0;
  let bestCost = Infinity;
  let jokerDone = false;
  for (const c of hand) {
    if (IS_JOKER[c]) {
      if (jokerDone) continue;
      jokerDone = true;
      const w = WOUNDS[c]!;
      const worth = cardWorth(c);
      // The highest value, or a feint with a card on the table.
      let c1 = cost(m, t, 15 + adjust, w, worth, keep);
      if (c1 < bestCost) {
        bestCost = c1;
        bestCard = c;
        bestValue = 15 + adjust;
      }
      for (const v of m.values) {
        const d = v - adjust;
        if (d < 1 || d > 15) continue;
        c1 = cost(m, t, v, w, worth, keep);
        if (c1 < bestCost) {
          bestCost = c1;
          bestCard = c;
          bestValue = v;
        }
      }
      continue;
    }
    if (IS_ALCHEMY[c]) {
      if (!alchemyOk) continue;
    } else if (led >= 0 && SUIT_INDEX[c] !== led) continue;
    const v = VALUE[c]! + adjust;
    const c1 = cost(m, t, v, WOUNDS[c]!, cardWorth(c), keep);
    if (c1 < bestCost) {
      bestCost = c1;
      bestCard = c;
      bestValue = v;
    }
  }
  if (bestCard < 0) {
    // Nothing fitted (cannot happen with a legal hand): the first card.
    bestCard = hand[0]!;
    bestValue = VALUE[bestCard]! + adjust;
  }
  const suit = IS_JOKER[bestCard] ? (led >= 0 ? led : led === NO_LEAD ? leastHeldSuit(hand, m.players) : 0) : -1;
  return reply(bestCard, bestValue, suit, false);
}

/** The rule of thumb's answer, in one object reused from move to move (the simulator reads it at once). */
const answer = { card: 0, value: 0, suit: -1, discard: false };
function reply(card: number, value: number, suit: number, discard: boolean): Action {
  answer.card = card;
  answer.value = value;
  answer.suit = suit;
  answer.discard = discard;
  return answer;
}

/** The suit the hand holds fewest of (a joker lead in it makes the others follow where this seat is short). */
function leastHeldSuit(hand: readonly number[], players: number): number {
  const counts = [0, 0, 0, 0];
  for (const c of hand) if (SUIT_INDEX[c]! >= 0) counts[SUIT_INDEX[c]!]!++;
  let best = 0;
  for (let s = 1; s < 4; s++) {
    if (players === 2 && s === 1) continue; // no arrows at two players
    if (counts[s]! < counts[best]! || (players === 2 && best === 1)) best = s;
  }
  return best;
}

/** Plays `a` for the seat whose turn it is, and resolves the combat when everyone has acted. */
export function applyAction(m: Sim, a: Action, players: number): void {
  const seat = m.turn;
  const hand = m.hands[seat]!;
  const i = hand.indexOf(a.card);
  if (i >= 0) {
    hand[i] = hand[hand.length - 1]!;
    hand.pop();
  }
  if (m.adjustSeat === seat) {
    m.adjustSeat = -1;
    m.adjustBy = 0;
  }
  if (a.discard) {
    m.out++;
    if (!m.noDishonour[seat]) {
      m.dishonour[seat] = m.dishonour[seat]! + 5;
      if (m.life[seat]! - m.dishonour[seat]! <= 0) m.dead = true;
    }
  } else {
    if (m.values.length === 0) {
      if (IS_JOKER[a.card]) m.led = a.suit;
      else if (IS_ALCHEMY[a.card]) m.led = ANY;
      else m.led = SUIT_INDEX[a.card]!;
    }
    m.seats.push(seat);
    m.cards.push(a.card);
    m.values.push(a.value);
  }
  if (m.values.length + m.out < players) {
    m.turn = (seat + 1) % players;
    return;
  }
  // Resolve: the lowest card face up takes everything; an all-feinted combat leaves its cards for the next.
  const lose = loserIndex(m.values);
  if (lose < 0) {
    for (const c of m.cards) m.pot.push(c);
  } else {
    const loser = m.seats[lose]!;
    const pile = m.piles[loser]!;
    for (const c of m.pot) pile.push(c);
    for (const c of m.cards) pile.push(c);
    m.pileWounds[loser] =
      m.pileWounds[loser]! + woundsOf(m.pot, m.poisonProof[loser]!) + woundsOf(m.cards, m.poisonProof[loser]!);
    m.pot.length = 0;
    m.leader = loser;
  }
  m.seats.length = 0;
  m.cards.length = 0;
  m.values.length = 0;
  m.out = 0;
  m.led = NO_LEAD;
  m.adjustSeat = -1;
  m.adjustBy = 0;
  m.turn = m.leader;
}

/** True once every hand is empty (the round is over) or a déshonneur ended the game. */
export function roundOver(m: Sim): boolean {
  if (m.dead) return true;
  for (const h of m.hands) if (h.length > 0) return false;
  return true;
}

/** Plays the round to its end with the rule of thumb for every seat. */
export function playOut(m: Sim, keep: number): void {
  const players = m.players;
  for (let guard = 0; guard < 400 && !roundOver(m); guard++) {
    applyAction(m, choosePlay(m, m.turn, keep), players);
  }
}

/** Life after the round's wounds: the piles as the engine scores them (effects applied), less the simulated déshonneur. */
export function lifeAfter(m: Sim, s: TournamentState): number[] {
  const out = new Array<number>(m.players);
  const wounds = m.effects ? pileWounds({ ...s, piles: m.piles }) : null;
  let dead = m.dead;
  for (let seat = 0; seat < m.players; seat++) {
    let w = 0;
    if (wounds) w = wounds[seat]!;
    else {
      const proof = m.poisonProof[seat];
      for (const c of m.piles[seat]!) w += proof && POISONED[c] ? 5 : WOUNDS[c]!;
    }
    out[seat] = m.life[seat]! - w - m.dishonour[seat]!;
    if (out[seat]! <= 0) dead = true;
  }
  // Regeneration comes after the wounds, and only when nobody fell (seed 001's order, round.ts).
  if (!dead)
    for (let seat = 0; seat < m.players; seat++)
      if (m.regen[seat]! > 0) out[seat] = Math.min(s.options.life, out[seat]! + m.regen[seat]!);
  return out;
}

/** The suit a sim index names. */
export function suitName(i: number): Suit {
  return SUITS[i]!;
}
