/**
 * Rounds (manches): the deal, the end-of-round wounds, the next dealer, legends and the godsend phase
 * (seed 001, "COMMENT JOUER" 5–9 and "PHASE FAVEUR DIVINE").
 */
import { shuffle, type Seat } from '@roundtable/core';
import { POISONED, SUIT, WOUNDS, WOUNDS_STANDARD, cardsInPlay, type Suit } from './cards.ts';
import { DIVINE_WILL_TOKENS, GODSENDS } from './powers.ts';
import { anyDead, checkLegend, hasPassive, heal, passiveAmounts, tieOrder, wound } from './state.ts';
import type { Draft, RoundEffect, TournamentState } from './types.ts';

/** seed 001: "Ce dernier distribue 12 cartes à chaque chevalier". */
export const HAND_SIZE = 12;

/** Gathers every weapon card, shuffles, deals 12 to each seat one at a time from the dealer's left. */
export function startRound(d: Draft, first = false): void {
  if (!first) d.round += 1;
  const all = cardsInPlay(d.players);
  d.deck = shuffle(d.rng, all);
  d.discard = [];
  d.hands = Array.from({ length: d.players }, () => []);
  for (let i = 0; i < HAND_SIZE; i++) {
    for (let k = 1; k <= d.players; k++) d.hands[(d.dealer + k) % d.players]!.push(d.deck.pop()!);
  }
  for (const h of d.hands) h.sort((a, b) => a - b);
  beginRound(d);
}

/** Everything a round starts with once the hands are dealt. */
export function beginRound(d: Draft): void {
  d.piles = Array.from({ length: d.players }, () => []);
  d.dishonour = Array.from({ length: d.players }, () => 0);
  d.used = Array.from({ length: d.players }, () => []);
  d.shown = Array.from({ length: d.players }, () => []);
  d.seen = [];
  d.declared = [];
  d.effects = [];
  d.adjust = null;
  const leader = (d.dealer + 1) % d.players; // seed 001: "Le chevalier situé à gauche du donneur"
  d.combat = { number: 1, leader, plays: [], out: [], pot: [] };
  d.phase = { kind: 'combat', turn: leader };
}

function halved(total: number): number {
  // [décision] halving rounds up to the next multiple of 5 (the life track moves by 5).
  return Math.ceil(total / 10) * 5;
}

function has(effects: readonly RoundEffect[], kind: RoundEffect['kind'], pred: (e: RoundEffect) => boolean): boolean {
  return effects.some((e) => e.kind === kind && pred(e));
}

/**
 * The wounds each seat's pile inflicts this round (seed 001, step 5), effects applied: poison-proof, ward
 * (halved), curse (doubled; seed: "au maximum doublé", so several curses still double once, and a ward and a
 * curse on the same suit cancel out), transfer (the suit's wounds go to another seat). Jokers and Alchimie have
 * no suit in a pile [décision].
 */
export function pileWounds(
  s: Pick<TournamentState, 'players' | 'piles' | 'effects' | 'heroes' | 'legendFrom' | 'round' | 'godsends'>,
): number[] {
  const totals = Array.from({ length: s.players }, () => 0);
  for (let seat = 0; seat < s.players; seat++) {
    const proof = hasPassive(s, seat, 'poison-proof');
    const bySuit = new Map<Suit, number>();
    for (const c of s.piles[seat]!) {
      const w = proof && POISONED[c] ? WOUNDS_STANDARD : WOUNDS[c]!;
      const suit = SUIT[c];
      if (suit === null || suit === undefined) totals[seat] = totals[seat]! + w;
      else bySuit.set(suit, (bySuit.get(suit) ?? 0) + w);
    }
    for (const [suit, sum] of bySuit) {
      const transfer = s.effects.find((e) => e.kind === 'transfer' && e.by === seat && e.suit === suit);
      if (transfer) {
        totals[transfer.target] = totals[transfer.target]! + sum;
        continue;
      }
      const warded = has(s.effects, 'ward', (e) => e.by === seat && e.suit === suit);
      const cursed = has(s.effects, 'curse', (e) => e.target === seat && e.suit === suit);
      totals[seat] = totals[seat]! + (warded && !cursed ? halved(sum) : cursed && !warded ? 2 * sum : sum);
    }
  }
  return totals;
}

/** seed 001, step 8: the seat that took the most wounds this round deals next; ties: nearest the dealer. */
export function nextDealer(players: number, dealer: Seat, roundWounds: readonly number[]): Seat {
  let best = -1;
  let who = dealer;
  for (const seat of tieOrder(players, dealer)) {
    if (roundWounds[seat]! > best) {
      best = roundWounds[seat]!;
      who = seat;
    }
  }
  return who;
}

/** seed 001, "DISTRIBUTION DES CARTES FAVEUR DIVINE": how many of the most wounded get one after round `round`. */
export function godsendCount(players: number, round: number): number {
  if (players >= 5) return Math.min(round + 1, 5);
  return Math.min(round, 3); // 3–4 players; [décision] 2 players use the same table
}

/**
 * Who takes a godsend after `round`, in the order they choose. seed 001 gives them to « les chevaliers ayant subi le
 * plus de blessures » and says they are « là pour aider les chevaliers les plus bas en vie »: [décision] the wounds
 * taken over the whole tournament, so the `godsendCount` lowest in life (ties nearest the previous dealer); then
 * one more each for seats 100 or more behind the healthiest, then one more for 200 or more, each list from the
 * lowest in life. The healthiest seat(s) never get one.
 */
export function godsendQueue(players: number, round: number, dealer: Seat, life: readonly number[]): Seat[] {
  const order = tieOrder(players, dealer);
  const rank = order.slice().sort((a, b) => life[a]! - life[b]! || order.indexOf(a) - order.indexOf(b));
  const top = Math.max(...life);
  const eligible = rank.filter((seat) => life[seat]! < top);
  const base = eligible.slice(0, godsendCount(players, round));
  const behind = (gap: number): Seat[] => eligible.filter((seat) => top - life[seat]! >= gap);
  return [...base, ...behind(100), ...behind(200)];
}

/** Draws the top godsend, shuffling the discard when the pile is empty [décision]. */
export function drawGodsend(d: Draft): number | undefined {
  if (d.godsendDeck.length === 0 && d.godsendDiscard.length > 0) {
    d.godsendDeck = shuffle(d.rng, d.godsendDiscard);
    d.godsendDiscard = [];
  }
  return d.godsendDeck.pop();
}

export function giveGodsend(d: Draft, seat: Seat, card: number): void {
  const g = GODSENDS[card]!;
  let uses = 1;
  if (g.divineWill) {
    uses = Math.min(g.uses ?? DIVINE_WILL_TOKENS, d.divineWill);
    d.divineWill -= uses;
  }
  d.godsends[seat]!.push({ card, uses });
}

/** seed 001: "toutes les cartes FAVEUR DIVINE situées en face des chevaliers vont dans la défausse". */
function discardGodsends(d: Draft): void {
  for (let seat = 0; seat < d.players; seat++) {
    for (const g of d.godsends[seat]!) {
      d.godsendDiscard.push(g.card);
      if (GODSENDS[g.card]!.divineWill) d.divineWill += g.uses; // the tokens left on it go back
    }
    d.godsends[seat] = [];
  }
}

/** Ends the round once every hand is empty: wounds, game end, regen, legends, next dealer, godsends, next deal. */
export function endRound(d: Draft): void {
  // seed 001, 3b: cards of an all-feinted last combat are discarded.
  d.discard.push(...d.combat.pot);
  d.combat = { ...d.combat, pot: [] };
  const fromPiles = pileWounds(d);
  for (let seat = 0; seat < d.players; seat++) wound(d, seat, fromPiles[seat]!);
  const roundWounds = fromPiles.map((w, seat) => w + d.dishonour[seat]!);
  const piles = d.piles.map((p) => p.slice());
  for (const p of d.piles) d.discard.push(...p);
  d.piles = Array.from({ length: d.players }, () => []);

  const dealer = nextDealer(d.players, d.dealer, roundWounds);
  const healed = Array.from({ length: d.players }, () => 0);
  const dead = anyDead(d);
  if (!dead) {
    for (let seat = 0; seat < d.players; seat++) {
      for (const amount of passiveAmounts(d, seat, 'regen')) healed[seat] = healed[seat]! + heal(d, seat, amount);
    }
  }
  const legends: Seat[] = [];
  for (let seat = 0; seat < d.players; seat++) {
    checkLegend(d, seat);
    if (d.legendFrom[seat] === d.round + 1) legends.push(seat);
  }
  const queue = d.options.godsends && !dead ? godsendQueue(d.players, d.round, d.dealer, d.life) : [];
  d.lastRound = {
    round: d.round,
    wounds: roundWounds,
    dishonour: d.dishonour.slice(),
    healed,
    life: d.life.slice(),
    legends,
    nextDealer: dealer,
    godsendQueue: queue,
    piles,
  };
  if (dead) {
    d.phase = { kind: 'over' };
    return;
  }
  d.dealer = dealer;
  if (d.options.godsends) discardGodsends(d);
  if (queue.length === 0) {
    startRound(d);
    return;
  }
  const faceUp: number[] = [];
  for (let i = 0; i < 2; i++) {
    const g = drawGodsend(d);
    if (g !== undefined) faceUp.push(g);
  }
  if (faceUp.length === 0) {
    startRound(d); // no godsend left anywhere (cannot happen with 24 cards, but never stall)
    return;
  }
  d.phase = { kind: 'godsend', queue, faceUp };
}

/** After a seat took its godsend: refill the face-up pair if someone still chooses, else start the next round. */
export function afterGodsendPick(d: Draft, faceUp: number[], queue: readonly Seat[]): void {
  if (queue.length > 0 && (faceUp.length > 0 || d.godsendDeck.length > 0 || d.godsendDiscard.length > 0)) {
    // seed 001, 2c: a face-up card taken is replaced at once (only needed when someone still chooses).
    while (faceUp.length < 2) {
      const g = drawGodsend(d);
      if (g === undefined) break;
      faceUp.push(g);
    }
    d.phase = { kind: 'godsend', queue, faceUp };
    return;
  }
  // seed 001, step 6: the face-up cards nobody chose are discarded.
  d.godsendDiscard.push(...faceUp);
  startRound(d);
}
