/**
 * The 17 action cards: when each may be played (seed 000: "Les cartes d'action ne peuvent être jouées que si
 * leurs effets peuvent être résolus") and what each does once the Lancelot window has closed.
 */
import { nextInt, type GameError, type Seat } from '@roundtable/core';
import { COLOUR, SHIELD_CARD, STUN_CARD, TYPE, VALUE, isMaiden, type Colour, type Effect } from './cards.ts';
import { hasMaiden, seatsInTournament } from './state.ts';
import type { Draft, Item, JoustState, PlayMove } from './types.ts';

const WEAPONS: readonly Colour[] = ['red', 'blue', 'yellow'];

/** Shield: an opponent's action card has no effect on a shielded display; one's own cards always do. */
export function affected(s: JoustState, actor: Seat, seat: Seat): boolean {
  return seat === actor || s.shield !== seat;
}

/**
 * How many cards of `display` an effect discarding every card matching `pred` really removes: the whole
 * display never goes, its oldest card stays (seed 000: "la plus ancienne … est conservée").
 */
export function removable(display: readonly number[], pred: (card: number) => boolean): number {
  let n = 0;
  for (const c of display) if (pred(c)) n++;
  return n > 0 && n === display.length ? n - 1 : n;
}

export function removeWhere(d: Draft, seat: Seat, pred: (card: number) => boolean): void {
  const display = d.displays[seat]!;
  if (display.length === 0) return;
  let keep = display.filter((c) => !pred(c));
  if (keep.length === 0) keep = [display[0]!];
  for (const c of display) if (!keep.includes(c)) d.discard.push(c);
  d.displays[seat] = keep;
}

/** Charge / Contre-charge: the lowest / highest printed value over every display. [decision] shielded ones count. */
export function chargeValue(s: JoustState, highest: boolean): number | null {
  let v: number | null = null;
  for (const display of s.displays) {
    for (const c of display) {
      const x = VALUE[c]!;
      if (v === null || (highest ? x > v : x < v)) v = x;
    }
  }
  return v;
}

export function hasDuplicateValues(display: readonly number[]): boolean {
  const seen = new Set<number>();
  for (const c of display) {
    if (seen.has(VALUE[c]!)) return true;
    seen.add(VALUE[c]!);
  }
  return false;
}

/** Seats that must choose what they keep after an Adaptation played by `actor`. */
export function adaptChoosers(s: JoustState, actor: Seat): Seat[] {
  return seatsInTournament(s).filter((seat) => affected(s, actor, seat) && hasDuplicateValues(s.displays[seat]!));
}

function maidens(display: readonly number[]): number {
  let n = 0;
  for (const c of display) if (isMaiden(c)) n++;
  return n;
}

/** Finesse: both displays after the swap, or the rule it breaks. */
function finesseResult(
  s: JoustState,
  seat: Seat,
  target: Seat,
  mine: Item,
  theirs: Item,
): { own: number[]; their: number[] } | { error: string } {
  const own = s.displays[seat]!.slice();
  const their = s.displays[target]!.slice();
  if (typeof mine === 'number' && typeof theirs === 'number') {
    const a = own[mine]!;
    own[mine] = their[theirs]!;
    their[theirs] = a;
  } else if (typeof mine === 'number') {
    if (own.length < 2) return { error: 'LONE_CARD' };
    their.push(...own.splice(mine, 1));
  } else if (typeof theirs === 'number') {
    if (their.length < 2) return { error: 'LONE_CARD' };
    own.push(...their.splice(theirs, 1));
  }
  return { own, their };
}

function itemExists(s: JoustState, seat: Seat, item: Item | undefined): boolean {
  if (item === 'bouclier') return s.shield === seat;
  if (item === 'assomme') return s.stunned === seat;
  return typeof item === 'number' && Number.isInteger(item) && item >= 0 && item < s.displays[seat]!.length;
}

/** Why `seat` may not play the action card `move` now, or null if it may. */
export function checkAction(s: JoustState, seat: Seat, move: PlayMove, effect: Effect): GameError | null {
  const card = move.card;
  const own = s.displays[seat]!;
  const noEffect = { code: 'NO_EFFECT', card };

  // Cards aimed at one opponent: a real opponent, still in the tournament (Chute excepted, FAQ).
  const targeted = ['lance-brisee', 'riposte', 'esquive', 'chute', 'finesse', 'assomme'].includes(effect);
  let target = -1;
  let their: readonly number[] = [];
  if (targeted) {
    const t = move.target;
    if (t === undefined) return { code: 'MISSING_ARGUMENT', card, argument: 'target' };
    if (!Number.isInteger(t) || t < 0 || t >= s.players || t === seat) return { code: 'BAD_TARGET', card, target: t };
    target = t;
    their = s.displays[t]!;
    if (effect !== 'chute' && !s.inTournament[t]) return { code: 'TARGET_WITHDRAWN', card, target: t };
    const blocked = effect === 'chute' ? s.options.shieldBlocksKnockDown && s.inTournament[t] : effect !== 'assomme';
    if (blocked && s.shield === t) return { code: 'SHIELDED', card, target: t };
    if (effect !== 'chute' && effect !== 'assomme' && their.length === 0)
      return { code: 'TARGET_NOT_ENTERED', card, target: t };
  }

  switch (effect) {
    case 'desarconne':
    case 'changement-arme':
    case 'maladresse': {
      const from = s.colour;
      const allowed = effect === 'desarconne' ? from === 'purple' : from !== null && WEAPONS.includes(from);
      if (!allowed) return { code: 'CANNOT_CHANGE_COLOUR', card, colour: from };
      if (effect === 'maladresse') return null;
      if (move.colour === undefined) return { code: 'MISSING_ARGUMENT', card, argument: 'colour' };
      if (!WEAPONS.includes(move.colour) || move.colour === from)
        return { code: 'BAD_COLOUR_CHOICE', card, colour: move.colour };
      return null;
    }
    case 'lance-brisee': {
      const purple = (c: number): boolean => COLOUR[c] === 'purple';
      if (!their.some(purple)) return noEffect;
      return removable(their, purple) > 0 ? null : { code: 'LONE_CARD', card, target };
    }
    case 'riposte': {
      if (their.length < 2) return { code: 'LONE_CARD', card, target };
      if (s.stunned === seat && s.added >= 1) return { code: 'STUNNED', card };
      if (isMaiden(their[their.length - 1]!) && hasMaiden(own)) return { code: 'SECOND_MAIDEN', card: 'maiden' };
      return null;
    }
    case 'esquive': {
      if (move.pos === undefined) return { code: 'MISSING_ARGUMENT', card, argument: 'position' };
      if (!itemExists(s, target, move.pos)) return { code: 'NO_SUCH_CARD', card, target, pos: move.pos };
      if (their.length < 2) return { code: 'LONE_CARD', card, target };
      return null;
    }
    case 'retraite': {
      if (move.pos === undefined) return { code: 'MISSING_ARGUMENT', card, argument: 'position' };
      if (!itemExists(s, seat, move.pos)) return { code: 'NO_SUCH_CARD', card, target: seat, pos: move.pos };
      if (own.length < 2) return { code: 'LONE_CARD', card, target: seat };
      return null;
    }
    case 'chute':
      return s.hands[target]!.length === 0 ? { code: 'EMPTY_HAND', card, target } : null;
    case 'feinte': {
      for (const t of seatsInTournament(s)) {
        if (t !== seat && affected(s, seat, t) && s.displays[t]!.length >= 2) return null;
      }
      return noEffect;
    }
    case 'charge':
    case 'contre-charge': {
      const v = chargeValue(s, effect === 'contre-charge');
      if (v === null) return noEffect;
      for (const t of seatsInTournament(s)) {
        if (affected(s, seat, t) && removable(s.displays[t]!, (c) => VALUE[c] === v) > 0) return null;
      }
      return noEffect;
    }
    case 'disgrace': {
      for (const t of seatsInTournament(s)) {
        if (affected(s, seat, t) && removable(s.displays[t]!, (c) => TYPE[c] === 'support') > 0) return null;
      }
      return noEffect;
    }
    case 'adaptation':
      return adaptChoosers(s, seat).length > 0 ? null : noEffect;
    case 'finesse': {
      const { mine, theirs } = move;
      if (mine === undefined || theirs === undefined)
        return { code: 'MISSING_ARGUMENT', card, argument: mine === undefined ? 'mine' : 'theirs' };
      if (!itemExists(s, seat, mine)) return { code: 'NO_SUCH_CARD', card, target: seat, pos: mine };
      if (!itemExists(s, target, theirs)) return { code: 'NO_SUCH_CARD', card, target, pos: theirs };
      if (
        typeof mine === 'number' &&
        typeof theirs === 'number' &&
        VALUE[own[mine]!] === VALUE[their[theirs]!] &&
        TYPE[own[mine]!] === TYPE[their[theirs]!] &&
        COLOUR[own[mine]!] === COLOUR[their[theirs]!]
      ) {
        return noEffect;
      }
      const result = finesseResult(s, seat, target, mine, theirs);
      if ('error' in result) return { code: result.error, card, target: typeof mine === 'number' ? seat : target };
      if (maidens(result.own) > 1 || maidens(result.their) > 1) return { code: 'SECOND_MAIDEN', card: 'maiden' };
      return null;
    }
    case 'bouclier':
      return null;
    case 'assomme':
      return null;
    case 'lancelot':
      return { code: 'NOTHING_TO_CANCEL', card };
  }
}

/** Resolves an action card that nobody cancelled. The card has already left the hand. */
export function resolveAction(d: Draft, seat: Seat, card: number, move: PlayMove, effect: Effect): void {
  if (effect !== 'bouclier' && effect !== 'assomme') d.discard.push(card);
  const t = move.target ?? -1;
  const snapshot = d as unknown as JoustState;
  switch (effect) {
    case 'desarconne':
    case 'changement-arme':
      d.colour = move.colour!;
      return;
    case 'maladresse':
      d.colour = 'green';
      return;
    case 'lance-brisee':
      removeWhere(d, t, (c) => COLOUR[c] === 'purple');
      return;
    case 'riposte': {
      d.displays[seat]!.push(d.displays[t]!.pop()!);
      d.added++;
      return;
    }
    case 'esquive':
      d.discard.push(...d.displays[t]!.splice(move.pos!, 1));
      return;
    case 'retraite':
      d.hands[seat]!.push(...d.displays[seat]!.splice(move.pos!, 1));
      return;
    case 'chute': {
      const hand = d.hands[t]!;
      const [taken] = hand.splice(nextInt(d.rng, hand.length), 1);
      d.hands[seat]!.push(taken!);
      d.knock = { from: t, to: seat, card: taken! };
      return;
    }
    case 'feinte':
      for (const o of seatsInTournament(d)) {
        if (o !== seat && affected(snapshot, seat, o) && d.displays[o]!.length >= 2)
          d.discard.push(d.displays[o]!.pop()!);
      }
      return;
    case 'charge':
    case 'contre-charge': {
      const v = chargeValue(snapshot, effect === 'contre-charge');
      for (const o of seatsInTournament(d)) if (affected(snapshot, seat, o)) removeWhere(d, o, (c) => VALUE[c] === v);
      return;
    }
    case 'disgrace':
      for (const o of seatsInTournament(d))
        if (affected(snapshot, seat, o)) removeWhere(d, o, (c) => TYPE[c] === 'support');
      return;
    case 'adaptation':
      d.phase = { kind: 'adapt', waiting: adaptChoosers(snapshot, seat) };
      return;
    case 'finesse': {
      const mine = move.mine!;
      const theirs = move.theirs!;
      const result = finesseResult(snapshot, seat, t, mine, theirs) as { own: number[]; their: number[] };
      d.displays[seat] = result.own;
      d.displays[t] = result.their;
      // The cards beside the displays change hands (only Finesse moves them, seed 000).
      const moveBeside = (item: Item, to: Seat): void => {
        if (item === 'bouclier') d.shield = to;
        else if (item === 'assomme') d.stunned = to;
      };
      moveBeside(mine, t);
      moveBeside(theirs, seat);
      return;
    }
    case 'bouclier':
      d.shield = seat;
      return;
    case 'assomme':
      d.stunned = t;
      return;
    case 'lancelot':
      return;
  }
}

export { SHIELD_CARD, STUN_CARD };
