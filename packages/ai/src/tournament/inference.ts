/**
 * What the others' choices say about their hands (as the Skat programs infer from play): a world is as likely
 * as the cards each other seat played this round were, had it held that world's hand, under the rule of thumb
 * the rollouts play (rollout.ts, the greedy bot's judgement) softened by a temperature: a seat that played a 4
 * of swords where the world gives it a 12 it would have preferred is unlikely to hold that 12. The round is
 * replayed as it was played (the table never depends on the hidden hands), each seat's hand at a turn being its
 * hand in the world and the cards it has played since; a seat that drew or traded a card since a combat is not
 * judged on it (`Knowledge.from`). A seat's likelihood depends on its own hand only, so the search's worlds come
 * from a Markov chain that trades cards two seats at a time (`Chain`).
 *
 * Measured (packages/ai/README.md): with the greedy bot's real hands the move it made is the rule of thumb's
 * cheapest at 95 % of its turns; the chain places 22 % of the others' hidden cards right where the dealing
 * sampler places 19 %, and the search seat's share against three greedy bots rose from 39.0 % to 41.3 % over the
 * same 400 deals.
 */
import { nextUint32, type RngState, type Seat } from '@roundtable/core';
import { CARD_COUNT, VALUE, type TournamentState } from '@roundtable/tournament';
import { classBit, type Knowledge } from './knowledge.ts';
import {
  ANY,
  IS_ALCHEMY,
  IS_JOKER,
  NO_LEAD,
  SUIT_INDEX,
  applyAction,
  costOf,
  readTable,
  simOf,
  type Sim,
} from './rollout.ts';

/**
 * One turn of another seat, judged: what each card it might have held would have cost it there (the table
 * does not depend on the hidden hands: the round is replayed as it was played), and the cards it played from
 * this turn on (they were in its hand then).
 */
interface Turn {
  readonly seat: Seat;
  readonly led: number;
  readonly alchemyFree: boolean;
  /** Per card, the cost of playing it (a joker: the cheapest of its declarations). */
  readonly costs: Float64Array;
  readonly card: number;
  /** The cost of the move made (a joker: at the value it declared). */
  readonly observed: number;
  readonly later: readonly number[];
}

/** The weighing of worlds by the round's play so far, for one decision of `seat`. */
export class Evidence {
  private readonly judged: Turn[] = [];
  /** The judged turns per seat. */
  private readonly bySeat: Turn[][];

  constructor(
    first: TournamentState,
    knowledge: Knowledge | undefined,
    seat: Seat,
    keep: number,
    private readonly temperature: number,
  ) {
    const combats = knowledge?.combats ?? [];
    const from = knowledge?.from ?? [];
    this.bySeat = first.hands.map(() => []);
    const lead = combats[0]?.acts[0];
    if (!lead) return;
    const t = simOf(first);
    const m: Sim = {
      ...t,
      hands: t.hands.map(() => []),
      piles: t.hands.map(() => []),
      dishonour: new Array<number>(t.players).fill(0),
      pileWounds: new Array<number>(t.players).fill(0),
      seats: [],
      cards: [],
      values: [],
      out: 0,
      led: NO_LEAD,
      pot: [],
      leader: lead.seat,
      turn: lead.seat,
      adjustSeat: -1,
      adjustBy: 0,
      dead: false,
    };
    const acts = combats.flatMap((c) => c.acts.map((a) => ({ number: c.number, act: a })));
    acts.forEach(({ number, act: a }, i) => {
      m.turn = a.seat;
      if (a.adjust !== 0) {
        m.adjustSeat = a.seat;
        m.adjustBy = a.adjust;
      }
      if (a.seat !== seat && a.card >= 0 && !a.discard && number >= (from[a.seat] ?? 1)) {
        readTable(m, a.seat);
        const adjust = m.adjustSeat === a.seat ? m.adjustBy : 0;
        const costs = new Float64Array(CARD_COUNT);
        for (let c = 0; c < CARD_COUNT; c++) {
          if (!IS_JOKER[c]) {
            costs[c] = costOf(m, c, VALUE[c]! + adjust, keep);
            continue;
          }
          let low = costOf(m, c, 15 + adjust, keep);
          for (const v of m.values) if (v - adjust >= 1 && v - adjust <= 15) low = Math.min(low, costOf(m, c, v, keep));
          costs[c] = low;
        }
        const later = acts.slice(i).flatMap((x) => (x.act.seat === a.seat && x.act.card >= 0 ? [x.act.card] : []));
        const observed = costOf(m, a.card, a.value, keep);
        const turn = {
          seat: a.seat,
          led: m.led,
          alchemyFree: m.alchemyFree[a.seat]!,
          costs,
          card: a.card,
          observed,
          later,
        };
        this.judged.push(turn);
        this.bySeat[a.seat]?.push(turn);
      }
      applyAction(m, a, m.players);
    });
  }

  /** How many turns of the others are judged. */
  get turns(): number {
    return this.judged.length;
  }

  /** The log-likelihood of one seat's turns this round, had it held `hand` (the others' do not depend on it). */
  seatLikelihood(seat: Seat, hand: readonly number[]): number {
    let sum = 0;
    for (const turn of this.bySeat[seat] ?? []) sum += this.turnLikelihood(turn, hand);
    return sum;
  }

  /**
   * The log of the chance that the seat chose its move, holding `hand` and the cards it played later: a
   * softmax of the rule of thumb's costs over the moves the rules allowed it. A move the rules forbade with
   * that hand is all but impossible.
   */
  private turnLikelihood(turn: Turn, hand: readonly number[]): number {
    const { led, costs, later } = turn;
    let hasSuit = false;
    let allAlchemy = true;
    for (const c of hand) {
      if (!IS_ALCHEMY[c]) allAlchemy = false;
      if (SUIT_INDEX[c] === led) hasSuit = true;
    }
    for (const c of later) {
      if (!IS_ALCHEMY[c]) allAlchemy = false;
      if (SUIT_INDEX[c] === led) hasSuit = true;
    }
    // What the rules allowed: a joker always; Alchimie after an Alchimie lead, with Yvain's passive, leading from
    // a hand of nothing else, or following without the suit; a suited card leading, or in the led suit.
    const alchemyOk = led === ANY || turn.alchemyFree || (led === NO_LEAD ? allAlchemy : !hasSuit);
    const legal = (c: number): boolean => IS_JOKER[c] || (IS_ALCHEMY[c] ? alchemyOk : led < 0 || SUIT_INDEX[c] === led);
    if (!legal(turn.card)) return IMPOSSIBLE;
    let low = turn.observed;
    for (const c of hand) if (costs[c]! < low && legal(c)) low = costs[c]!;
    for (const c of later) if (costs[c]! < low && legal(c)) low = costs[c]!;
    const tau = this.temperature;
    let z = 0;
    for (const c of hand) if (legal(c)) z += Math.exp(-(costs[c]! - low) / tau);
    for (const c of later) if (c !== turn.card && legal(c)) z += Math.exp(-(costs[c]! - low) / tau);
    z += Math.exp(-(turn.observed - low) / tau);
    return -(turn.observed - low) / tau - Math.log(z);
  }
}

/** The log-likelihood of a move the world's hand could not have made. */
const IMPOSSIBLE = -20;

/**
 * Worlds drawn by a Markov chain (Metropolis) whose worlds come as often as their likelihood says: from a world
 * the sampler dealt, a step trades one hidden card of another seat with one of another seat or of the weapon
 * pile (each still fitting what its seat is known not to hold) and keeps the trade with the chance the
 * likelihoods' ratio gives. Only the two seats' own turns are judged again, so a step costs little; `steps`
 * steps separate two worlds handed out.
 */
export class Chain {
  private readonly hands: number[][];
  private readonly deck: number[];
  private readonly ll: number[];
  /** Per seat, the hidden cards it holds that the chain may trade (a card shown or peeked stays where it is). */
  private readonly free: number[][];
  private readonly seats: number[];

  constructor(
    private readonly start: TournamentState,
    private readonly evidence: Evidence,
    seat: Seat,
    fixed: readonly ReadonlySet<number>[],
    private readonly masks: readonly number[],
    private readonly steps: number,
    private readonly rng: RngState,
  ) {
    this.hands = start.hands.map((h) => h.slice());
    this.deck = start.deck.slice();
    this.seats = start.hands.map((_, o) => o).filter((o) => o !== seat);
    this.free = start.hands.map((h, o) => (o === seat ? [] : h.filter((c) => !fixed[o]?.has(c))));
    this.ll = start.hands.map((h, o) => (o === seat ? 0 : evidence.seatLikelihood(o, h)));
  }

  private random(n: number): number {
    return Math.floor((nextUint32(this.rng) / 0x100000000) * n);
  }

  private fits(seat: number, card: number): boolean {
    return (classBit(card) & (this.masks[seat] ?? 0)) === 0;
  }

  /** One step: a trade proposed, kept or not. */
  private step(): void {
    const o = this.seats[this.random(this.seats.length)]!;
    const mine = this.free[o]!;
    if (mine.length === 0) return;
    const i = this.random(mine.length);
    // The partner card: any other seat's free card or a card of the weapon pile, uniformly.
    let total = this.deck.length;
    for (const p of this.seats) if (p !== o) total += this.free[p]!.length;
    if (total === 0) return;
    let k = this.random(total);
    let partner = -1;
    if (k >= this.deck.length) {
      k -= this.deck.length;
      for (const p of this.seats) {
        if (p === o) continue;
        if (k < this.free[p]!.length) {
          partner = p;
          break;
        }
        k -= this.free[p]!.length;
      }
    }
    const give = mine[i]!;
    const take = partner < 0 ? this.deck[k]! : this.free[partner]![k]!;
    if (!this.fits(o, take) || (partner >= 0 && !this.fits(partner, give))) return;
    const handO = this.hands[o]!;
    const newO = handO.map((c) => (c === give ? take : c));
    const llO = this.evidence.seatLikelihood(o, newO);
    let newP: number[] | null = null;
    let llP = 0;
    let delta = llO - this.ll[o]!;
    if (partner >= 0) {
      newP = this.hands[partner]!.map((c) => (c === take ? give : c));
      llP = this.evidence.seatLikelihood(partner, newP);
      delta += llP - this.ll[partner]!;
    }
    if (delta < 0 && nextUint32(this.rng) / 0x100000000 >= Math.exp(delta)) return;
    this.hands[o] = newO;
    this.ll[o] = llO;
    mine[i] = take;
    if (partner >= 0) {
      this.hands[partner] = newP!;
      this.ll[partner] = llP;
      this.free[partner]![k] = give;
    } else this.deck[k] = give;
  }

  /** The next world, `steps` steps (or `count`) after the last. */
  next(count = this.steps): TournamentState {
    for (let n = 0; n < count; n++) this.step();
    return { ...this.start, hands: this.hands.map((h) => h.slice()), deck: this.deck.slice() };
  }
}
