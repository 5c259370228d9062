/**
 * Black cards (seed 004, "Progression du mal" row; research §6): standard cards go to their quest or, once the
 * quest is over, become a siege engine; special cards first open the Merlin window (3 Merlins cancel them).
 */
import { nextInt, type Seat } from '@roundtable/core';
import { kindOf } from './cards.ts';
import { addDesolation, addDespair, addFigure, blackLimit, combatEnds, moveExcalibur } from './quests.ts';
import { drawWhite, isKnight, knightsIn, leave, loseLife, fromSeat, type Draft } from './state.ts';
import type { ExcaliburCancel, ShadowsOptions, War } from './types.ts';

/** The option's value; absent (older saves, partial options) means the research's reading. */
export const excaliburMode = (o: ShadowsOptions): ExcaliburCancel => o.excaliburCancel ?? 'once-per-turn';

/** Knights asked in a response window: every knight still hidden and alive, in turn order from the drawer. */
export function responders(d: Draft): Seat[] {
  return fromSeat(d.players, d.active).filter((s) => isKnight(d as never, s));
}

export function resolveBlack(d: Draft, card: number): void {
  const kind = kindOf(card);
  if (kind.special) {
    // seed 004: "Une carte noire spéciale peut être contrée par 3 cartes Merlin" — not while Vivien lies.
    const waiting = responders(d);
    if (d.effects.vivien === null && waiting.length > 0) {
      d.phase = { kind: 'merlin', card, waiting, merlins: [] };
      return;
    }
    applySpecial(d, card);
    return;
  }
  const holder = excaliburCanCancel(d);
  if (holder !== null) {
    d.phase = { kind: 'excalibur', seat: holder, card };
    return;
  }
  applyStandard(d, card);
}

/**
 * research §8 (single source) and §14 (stand-in) [decision]: the holder of Excalibur may cancel a standard black
 * card just drawn, once per turn; the window is offered only to him (relics are public) and only when he could.
 */
export function excaliburCanCancel(d: Draft): Seat | null {
  if (excaliburMode(d.options) === 'off' || d.turn.excaliburUsed) return null;
  const h = d.relics.excalibur;
  return typeof h === 'number' && isKnight(d as never, h) ? h : null;
}

/** The holder cancels the card: it goes to the black discard pile [decision], like a card Merlins cancel. */
export function cancelWithExcalibur(d: Draft, card: number): void {
  d.blackDiscard.push(card);
  d.turn.excaliburUsed = true;
  if (excaliburMode(d.options) === 'spent') d.relics.excalibur = 'gone';
}

function siegeInstead(d: Draft, card: number): void {
  // seed 004: "Chaque nouvelle carte … ajoute un engin de siège autour de Camelot".
  d.siege++;
  d.blackDiscard.push(card);
}

export function applyStandard(d: Draft, card: number): void {
  const kind = kindOf(card);
  switch (kind.effect) {
    case 'black-knight':
      d.phase = { kind: 'place', card };
      return;
    case 'lancelot-dragon':
      if (d.board.lancelot.side === 'done') return siegeInstead(d, card);
      d.phase = { kind: 'place', card };
      return;
    case 'excalibur':
      if (d.board.excalibur.done) return siegeInstead(d, card);
      d.blackDiscard.push(card);
      moveExcalibur(d, -1, d.active);
      return;
    case 'despair':
      if (d.board.grail.done) return siegeInstead(d, card);
      addDespair(d, card, d.active);
      return;
    case 'picts':
    case 'saxons':
      d.blackDiscard.push(card);
      addFigure(d, kind.effect, d.active);
      return;
    case 'mercenaries':
      d.phase = { kind: 'war', card };
      return;
    default:
      throw new Error(`not a standard black card: ${kind.id}`);
  }
}

/** `place up|down`: seed 004, "Le joueur pioche une carte blanche s'il place la carte noire face cachée". */
export function placeCombat(d: Draft, card: number, down: boolean): void {
  const quest = kindOf(card).effect === 'black-knight' ? 'black-knight' : 'lancelot';
  const q = quest === 'black-knight' ? d.board.blackKnight : d.board.lancelot;
  q.black.push({ card, down, by: d.active });
  // research §3: a revealed traitor gets no compensation card.
  if (down && !d.knights[d.active]!.revealed) drawWhite(d, d.active, 1);
  if (q.black.length >= blackLimit(quest)) combatEnds(d, quest, d.active);
}

export function chooseWar(d: Draft, card: number, war: War): void {
  if (kindOf(card).effect === 'mordred') {
    addFigure(d, war, d.active);
    // The figure may have ended the war; Mordred then goes with it.
    if (d.board[war].figures > 0) d.effects.mordred = { card, war };
    else d.blackDiscard.push(card);
    return;
  }
  d.blackDiscard.push(card);
  addFigure(d, war, d.active);
}

/** Closes the Merlin window: 3 Merlins (taken in answering order) cancel the card; else it is applied. */
export function closeMerlin(d: Draft, card: number, merlins: readonly Seat[]): void {
  if (merlins.length >= 3) {
    for (const seat of merlins.slice(0, 3)) {
      const hand = d.knights[seat]!.hand;
      const i = hand.findIndex((c) => kindOf(c).effect === 'merlin');
      d.whiteDiscard.push(hand.splice(i, 1)[0]!);
    }
    d.blackDiscard.push(card);
    return;
  }
  applySpecial(d, card);
}

/** Every knight with white cards discards `n` of his choice (a window), or nothing happens. */
function everyoneDiscards(d: Draft, card: number, n: number): void {
  const need = d.knights.map((k, s) => (isKnight(d as never, s) ? Math.min(n, k.hand.length) : 0));
  const waiting = fromSeat(d.players, d.active).filter((s) => need[s]! > 0);
  if (waiting.length === 0) {
    d.blackDiscard.push(card);
    return;
  }
  d.phase = { kind: 'discard', card, need, waiting };
}

export function applySpecial(d: Draft, card: number): void {
  const kind = kindOf(card);
  switch (kind.effect) {
    case 'morgan-1':
    case 'morgan-5': {
      const waiting = responders(d);
      if (waiting.length === 0) {
        d.blackDiscard.push(card);
        return;
      }
      d.phase = { kind: 'volunteer', card, waiting, volunteers: [] };
      return;
    }
    case 'morgan-2':
      d.blackDiscard.push(card);
      d.turn.evilLeft += 3;
      return;
    case 'morgan-3':
      d.blackDiscard.push(card);
      d.siege += 2;
      return;
    case 'morgan-4':
      d.blackDiscard.push(card);
      for (const s of knightsIn(d as never)) loseLife(d, s, 1);
      return;
    case 'desolation':
      if (d.board.grail.done) return siegeInstead(d, card);
      addDesolation(d, card, d.active);
      return;
    case 'broceliande':
      if (d.board.grail.done) return siegeInstead(d, card);
      if (d.effects.broceliande !== null) d.blackDiscard.push(card);
      else d.effects.broceliande = card;
      return;
    case 'guinevere':
      d.blackDiscard.push(card);
      for (const s of knightsIn(d as never)) {
        leave(d, s);
        d.knights[s]!.location = 'camelot';
      }
      d.turn.over = true;
      return;
    case 'mists':
      d.effects.mists = card;
      return;
    case 'mordred':
      d.phase = { kind: 'war', card };
      return;
    case 'vivien':
      d.effects.vivien = card;
      return;
    default:
      throw new Error(`not a special black card: ${kind.id}`);
  }
}

/** Closes the volunteer window of Morgan 1 / Morgan 5. */
export function closeVolunteer(d: Draft, card: number, volunteers: readonly Seat[]): void {
  const effect = kindOf(card).effect;
  const first = volunteers[0];
  if (first === undefined) {
    everyoneDiscards(d, card, 1);
    return;
  }
  if (effect === 'morgan-5') {
    d.blackDiscard.push(card);
    loseLife(d, first, 2);
    return;
  }
  const need = d.knights.map((k, s) => (s === first ? Math.min(3, k.hand.length) : 0));
  d.phase = { kind: 'discard', card, need, waiting: [first] };
}

/** Fate played by the traitor: every other knight discards 2 white cards at random [decision]. */
export function randomDiscards(d: Draft, seat: Seat, n: number): void {
  const hand = d.knights[seat]!.hand;
  for (let i = 0; i < n && hand.length > 0; i++) d.whiteDiscard.push(hand.splice(nextInt(d.rng, hand.length), 1)[0]!);
}
