/**
 * Hidden hands sampled consistently with what play has shown (knowledge.ts): the engine's `determinize` deals
 * the unseen cards at random (every card seen elsewhere and the sampler's own hand already excluded, cards shown
 * in an exchange or seen in a peek placed where they are known to be); the cards it dealt to the other seats and
 * to the weapon pile are then dealt again so that no seat gets a card of a class it is known not to hold.
 */
import { nextUint32, type AnyGame, type RngState, type Seat } from '@roundtable/core';
import { CARD_BY_ID, type TournamentState } from '@roundtable/tournament';
import { classBit, masksFor, type AnnotatedView } from './knowledge.ts';

/** Shuffles tried before a seat's facts are dropped (they contradict each other only after a missed redraw). */
const TRIES = 24;

export function fixedCards(v: AnnotatedView, seat: Seat): Set<number>[] {
  const fixed = v.seats.map((sv) => new Set(sv.shown.map((id) => CARD_BY_ID.get(id) ?? -1)));
  if (v.me && v.me.seat === seat)
    for (const e of v.me.seen) for (const id of e.cards) fixed[e.owner]?.add(CARD_BY_ID.get(id) ?? -1);
  return fixed;
}

function shuffleInPlace(a: number[], rng: RngState): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor((nextUint32(rng) / 0x100000000) * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/**
 * Worlds consistent with the view and the facts: `masks[o]` are the classes seat `o` cannot hold. The engine
 * deals once; every world then deals the same unseen cards again (the other seats' hidden cards and the weapon
 * pile), the most constrained seats first. A deal that runs out of fitting cards is shuffled again, and after
 * `TRIES` the facts of the seat that could not be served are dropped (never an illegal state).
 */
export class Sampler {
  private readonly base: TournamentState;
  private readonly pool: number[];
  private readonly need: number[];
  private readonly keep: number[][];
  private readonly live: number[];
  private readonly order: number[];
  private readonly constrained: boolean;

  constructor(
    game: AnyGame,
    v: AnnotatedView,
    private readonly seat: Seat,
    rng: RngState,
    masks: readonly number[] = masksFor(v, seat),
  ) {
    this.base = game.determinize(v, seat, rng) as TournamentState;
    const base = this.base;
    const fixed = fixedCards(v, seat);
    const players = base.players;
    this.need = new Array<number>(players).fill(0);
    this.keep = base.hands.map(() => []);
    this.pool = [...base.deck];
    for (let o = 0; o < players; o++) {
      if (o === seat) continue;
      for (const c of base.hands[o]!) {
        if (fixed[o]!.has(c)) this.keep[o]!.push(c);
        else {
          this.pool.push(c);
          this.need[o]!++;
        }
      }
    }
    this.live = masks.slice();
    this.constrained = masks.some((m, o) => m !== 0 && o !== seat);
    this.order = Array.from({ length: players }, (_, o) => o)
      .filter((o) => o !== seat && this.need[o]! > 0)
      .sort((a, b) => popcount(this.live[b]!) - popcount(this.live[a]!) || a - b);
  }

  /** What each seat is known not to hold, as the deals now serve it (a seat's facts dropped: 0). */
  get masks(): readonly number[] {
    return this.constrained ? this.live : this.live.map(() => 0);
  }

  /** A new world (the first call deals anew too: the engine's deal ignored the facts). */
  next(rng: RngState): TournamentState {
    const { base, pool, need, keep, live, order, seat } = this;
    for (let attempt = 0; ; attempt++) {
      shuffleInPlace(pool, rng);
      const rest = pool.slice();
      const dealt: number[][] = base.hands.map(() => []);
      let failed = -1;
      for (const o of order) {
        const mask = this.constrained ? live[o]! : 0;
        const hand = dealt[o]!;
        for (let i = 0; i < rest.length && hand.length < need[o]!;) {
          if ((classBit(rest[i]!) & mask) === 0) {
            hand.push(rest[i]!);
            rest[i] = rest[rest.length - 1]!;
            rest.pop();
          } else i++;
        }
        if (hand.length < need[o]!) {
          failed = o;
          break;
        }
      }
      if (failed < 0) {
        const hands = base.hands.map((h, o) =>
          o === seat ? h.slice() : [...keep[o]!, ...dealt[o]!].sort((a, b) => a - b),
        );
        shuffleInPlace(rest, rng);
        return { ...base, hands, deck: rest };
      }
      if (attempt >= TRIES) live[failed] = 0;
    }
  }
}

/** One world consistent with the view and the facts (see `Sampler`). */
export function sampleState(
  game: AnyGame,
  v: AnnotatedView,
  seat: Seat,
  rng: RngState,
  masks: readonly number[] = masksFor(v, seat),
): TournamentState {
  return new Sampler(game, v, seat, rng, masks).next(rng);
}

function popcount(x: number): number {
  let n = 0;
  for (let b = x; b; b &= b - 1) n++;
  return n;
}
