/**
 * What the table has shown about the hidden hands of Tournament at Camelot, for the search's sampler: which
 * seats cannot hold a suit, Alchimie or the jokers, read from the plays as the rules force them (seed 001):
 * - a follower who plays Alchimie to a suited lead holds none of that suit (unless a passive lets them play it
 *   anyway, Yvain's `alchemy-free`);
 * - a seat out of a combat by déshonneur holds none of the led suit, no Alchimie and no joker;
 * - a leader who leads Alchimie (without that passive) holds nothing but Alchimie.
 * A view shows only the combat on the table and the last one; a bot remembers the rest of the round itself
 * (`annotate`): these facts, and every combat turn by turn (`Knowledge.combats`, which `inference.ts` reads), and
 * they travel with the view to the search workers. A seat that draws a card (a redraw power) may hold anything
 * again, so its facts are forgotten then.
 */
import type { Seat } from '@roundtable/core';
import type { BotMemory } from '../bot.ts';
import {
  CARD_BY_ID,
  GODSENDS,
  GODSEND_INDEX,
  POWER_BY_ID,
  SUITS,
  hasPassive,
  type PlayView,
  type TournamentView,
} from '@roundtable/tournament';
import { IS_ALCHEMY, IS_JOKER, SUIT_INDEX } from './rollout.ts';

/** Bits of a seat's constraint mask: a suit (1 << suit index), Alchimie, the jokers. */
export const ALCHEMY_BIT = 1 << 4;
export const JOKER_BIT = 1 << 5;
export const ALL_SUITS = 0b1111;

/** The bit a card's class sets: the card may sit in a hand only if the hand's mask lacks it. */
export function classBit(card: number): number {
  if (IS_ALCHEMY[card]) return ALCHEMY_BIT;
  if (IS_JOKER[card]) return JOKER_BIT;
  return 1 << SUIT_INDEX[card]!;
}

/** One knight's turn in a combat: the card (−1: a déshonneur whose card went unseen), its value, a joker's suit. */
export interface Act {
  readonly seat: Seat;
  readonly card: number;
  readonly value: number;
  /** The suit declared with a joker (a suit index), −1 otherwise. */
  readonly suit: number;
  /** A value change applied to the card (a power). */
  readonly adjust: number;
  readonly discard: boolean;
}

/** One combat of the round as the table showed it: the turns in order, clockwise from the leader (so far). */
export interface CombatRecord {
  readonly number: number;
  readonly acts: readonly Act[];
}

/** The facts remembered for one round, carried with the view as `knowledge`. */
export interface Knowledge {
  readonly round: number;
  /** Per seat, the classes of cards it cannot hold (bits above). */
  readonly masks: readonly number[];
  /** The round's combats in order, the one on the table last (what `inference.ts` weighs the worlds with). */
  readonly combats?: readonly CombatRecord[];
  /**
   * Per seat, the first combat whose turns still speak of the hand it holds now: a seat that drew a card or
   * traded one since holds another hand than the one its earlier turns chose from.
   */
  readonly from?: readonly number[];
}

export interface AnnotatedView extends TournamentView {
  readonly knowledge?: Knowledge;
}

type PlayLike = { readonly seat: Seat; readonly card: string; readonly suit: string | null };

const cardOf = (id: string): number => CARD_BY_ID.get(id) ?? -1;

function powerState(v: TournamentView) {
  return {
    heroes: v.seats.map((s) => s.hero),
    legendFrom: v.seats.map((s) => s.legendFrom),
    round: v.round,
    godsends: v.seats.map((s) => s.godsends.map((g) => ({ card: GODSEND_INDEX.get(g.id) ?? 0, uses: g.uses }))),
  };
}

/** The facts one combat shows: its plays in order, the seats out of it, and who had the passive. */
function readCombat(
  plays: readonly PlayLike[],
  out: readonly Seat[],
  free: readonly boolean[],
  masks: number[],
  skip: ReadonlySet<number>,
): void {
  const lead = plays[0];
  if (!lead) return;
  const leadCard = cardOf(lead.card);
  if (leadCard >= 0 && IS_ALCHEMY[leadCard] && !free[lead.seat] && !skip.has(lead.seat)) {
    // Alchimie leads only from a hand of nothing else.
    masks[lead.seat] = masks[lead.seat]! | ALL_SUITS | JOKER_BIT;
  }
  const led = lead.suit === null ? -1 : SUITS.indexOf(lead.suit as (typeof SUITS)[number]);
  if (led < 0) return; // after an Alchimie lead anything may be played: nothing to learn
  for (let i = 1; i < plays.length; i++) {
    const p = plays[i]!;
    const c = cardOf(p.card);
    if (c >= 0 && IS_ALCHEMY[c] && !free[p.seat] && !skip.has(p.seat)) masks[p.seat] = masks[p.seat]! | (1 << led);
  }
  for (const seat of out) if (!skip.has(seat)) masks[seat] = masks[seat]! | (1 << led) | ALCHEMY_BIT | JOKER_BIT;
}

/** How many times each seat has drawn a card this round (redraw powers used), as the view shows it. */
function redraws(v: TournamentView): number[] {
  return v.seats.map((s) => {
    let n = 0;
    for (const id of s.used) if (POWER_BY_ID.get(id)?.effect.kind === 'redraw') n++;
    for (const g of s.godsends) {
      const card = GODSEND_INDEX.get(g.id);
      if (card !== undefined && GODSENDS[card]!.effect.kind === 'redraw') n += (GODSENDS[card]!.uses ?? 1) - g.uses;
    }
    return n;
  });
}

/**
 * The facts the view alone shows (the combat on the table and, in the same round, the last one), added to
 * `masks`. Seats in `skip` drew a card since the last combat: only the combat on the table speaks for them.
 */
export function readView(v: TournamentView, masks: number[], skip: ReadonlySet<number> = new Set()): void {
  const ps = powerState(v);
  const free = v.seats.map((_, seat) => hasPassive(ps, seat, 'alchemy-free'));
  readCombat(
    v.combat.plays,
    v.combat.out.map((o) => o.seat),
    free,
    masks,
    new Set(),
  );
  const last = v.lastCombat;
  if (last && last.round === v.round) {
    // The last combat's seats missing from its plays were out of it by déshonneur.
    const played = new Set(last.plays.map((p) => p.seat));
    const out = v.seats.map((_, seat) => seat).filter((seat) => !played.has(seat));
    readCombat(last.plays, out, free, masks, skip);
  }
}

interface Memory {
  round: number;
  masks: number[];
  combats: Map<number, CombatRecord>;
  from: number[];
  /** Per seat, the cards shown in its hand (an exchange changes them; so does playing one). */
  shown: string[];
  redraws: number[];
  /** Every card seen face up this round: a later view of the same round shows them all still. */
  seen: Set<number>;
}

/** Cards face up in a view: piles, discard, the table, the pot. They only ever grow within a round. */
function faceUp(v: TournamentView): Set<number> {
  const out = new Set<number>();
  for (const s of v.seats) for (const id of s.pile) out.add(cardOf(id));
  for (const id of v.discard) out.add(cardOf(id));
  for (const p of v.combat.plays) out.add(cardOf(p.card));
  for (const id of v.combat.pot) out.add(cardOf(id));
  return out;
}

/**
 * The turns of a combat, clockwise from the leader: a seat that played, one out by déshonneur (its card if the
 * table showed it), up to the first seat yet to act. `complete`: every seat has acted (the seats missing from
 * the plays were out).
 */
function actsOf(
  players: number,
  plays: readonly PlayView[],
  outs: readonly { readonly seat: Seat; readonly card: string }[],
  complete: boolean,
): Act[] {
  const lead = plays[0];
  if (!lead) return [];
  const acts: Act[] = [];
  for (let k = 0; k < players; k++) {
    const seat = (lead.seat + k) % players;
    const p = plays.find((x) => x.seat === seat);
    if (p) {
      const card = cardOf(p.card);
      const suit =
        card >= 0 && IS_JOKER[card] && p.suit !== null ? SUITS.indexOf(p.suit as (typeof SUITS)[number]) : -1;
      acts.push({ seat, card, value: p.value, suit, adjust: p.adjust, discard: false });
      continue;
    }
    const o = outs.find((x) => x.seat === seat);
    if (!o && !complete) break;
    acts.push({ seat, card: o ? cardOf(o.card) : -1, value: 0, suit: -1, adjust: 0, discard: true });
  }
  return acts;
}

/** Remembers a combat, keeping a discarded card an earlier look showed when this one does not. */
function remember(m: Memory, number: number, acts: Act[]): void {
  const old = m.combats.get(number);
  if (old && old.acts.length > acts.length) return;
  const merged = acts.map((a, i) =>
    a.discard && a.card < 0 && old?.acts[i]?.discard ? { ...a, card: old.acts[i]!.card } : a,
  );
  m.combats.set(number, { number, acts: merged });
}

/** The combats the view shows (the one on the table, the last one of the same round), into the memory. */
function recordCombats(v: TournamentView, m: Memory): void {
  const last = v.lastCombat;
  if (last && last.round === v.round) remember(m, last.number, actsOf(v.players, last.plays, [], true));
  if (v.combat.plays.length > 0) remember(m, v.combat.number, actsOf(v.players, v.combat.plays, v.combat.out, false));
}

/** Where a match's bot memory (`BotMemory`) keeps what a seat remembers of the round: its key, and the facts. */
const slotOf = (seat: Seat): string => `tournament:${seat}`;
interface Slot {
  readonly key: string;
  readonly memory: Memory;
}

/** The game a view belongs to, as far as a bot can tell: its seat, the deal's public facts of the round. */
function keyOf(v: TournamentView, seat: Seat): string {
  const lr = v.lastRound;
  return `${seat}|${v.players}|${v.round}|${v.dealer}|${v.seats.map((s) => s.hero ?? '-').join(',')}|${lr ? lr.life.join(',') : ''}|${v.options.life}`;
}

/**
 * The view with what the bot remembers of this round added as `knowledge`: the facts of every combat it saw,
 * kept between its decisions. A view that does not continue the remembered round (another game, a replay)
 * starts afresh. Reading the same view twice learns nothing new, so a decision does not depend on how often
 * it was asked.
 */
export function annotate(v: TournamentView, seat: Seat, memory: BotMemory): AnnotatedView {
  const key = keyOf(v, seat);
  const now = faceUp(v);
  const draws = redraws(v);
  const slot = memory[slotOf(seat)] as Slot | undefined;
  let m = slot?.key === key ? slot.memory : undefined;
  if (m) {
    for (const c of m.seen) {
      if (!now.has(c)) {
        m = undefined;
        break;
      }
    }
  }
  if (!m) {
    m = {
      round: v.round,
      masks: new Array<number>(v.players).fill(0),
      combats: new Map(),
      from: new Array<number>(v.players).fill(1),
      shown: v.seats.map((s) => s.shown.join(',')),
      redraws: draws.slice(),
      seen: now,
    };
  }
  memory[slotOf(seat)] = { key, memory: m } satisfies Slot;
  const skip = new Set<number>();
  for (let o = 0; o < v.players; o++) {
    if (draws[o] !== m.redraws[o]) {
      m.masks[o] = 0;
      skip.add(o);
    }
    const shown = v.seats[o]!.shown.join(',');
    if (draws[o] !== m.redraws[o] || shown !== m.shown[o]) m.from[o] = v.combat.number + 1;
    m.shown[o] = shown;
  }
  m.redraws = draws;
  m.seen = now;
  readView(v, m.masks, skip);
  recordCombats(v, m);
  m.masks[seat] = 0;
  const combats = [...m.combats.values()]
    .filter((c) => c.number <= v.combat.number)
    .sort((a, b) => a.number - b.number);
  return { ...v, knowledge: { round: v.round, masks: m.masks.slice(), combats, from: m.from.slice() } };
}

/** The masks to sample with: the facts `annotate` added, else what the view shows by itself. */
export function masksFor(v: AnnotatedView, seat: Seat): number[] {
  let masks: number[];
  if (v.knowledge && v.knowledge.round === v.round && v.knowledge.masks.length === v.players)
    masks = v.knowledge.masks.slice();
  else {
    masks = new Array<number>(v.players).fill(0);
    readView(v, masks);
  }
  masks[seat] = 0;
  return masks;
}
