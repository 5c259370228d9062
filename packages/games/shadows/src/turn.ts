/**
 * The flow of a turn (seed 004, "Tour de jeu") and the end of the game ("Fin de la partie"): after every step
 * `proceed` checks the immediate defeats, lets the Grail save a dying knight, kills the others, counts the swords
 * and moves on (the next black card of Morgan 2, the heroic phase, the next seat).
 */
import type { Seat } from '@roundtable/core';
import { BLACK_SWORD_LOSS, SIEGE_LOSS, SWORDS_END, TURN_CAP } from './cards.ts';
import { resolveBlack } from './evil.ts';
import { drawBlackCard, isKnight, kill, knightsIn, revealTraitor, traitorSeat, type Draft } from './state.ts';
import type { TurnState } from './types.ts';

export const NEW_TURN: TurnState = {
  used: [],
  specials: 0,
  galahadFree: false,
  tristanFree: false,
  arthurSwapped: false,
  declared: false,
  excaliburUsed: false,
  evilLeft: 0,
  over: false,
  stage: 'evil',
};

const STABLE = new Set(['evil', 'heroic']);

/** True while a decision other than the active seat's evil/heroic choice is pending. */
export function windowOpen(d: Draft): boolean {
  return !STABLE.has(d.phase.kind);
}

function over(d: Draft, loyalWin: boolean, reason: string): true {
  d.phase = { kind: 'over', loyalWin, reason };
  return true;
}

/** seed 004: "Défaite immédiate si 12 engins de siège … 7 épées noires … tous les chevaliers loyaux sont morts". */
export function immediateDefeat(d: Draft): boolean {
  if (d.siege >= SIEGE_LOSS) return over(d, false, 'siege');
  if (d.blackSwords >= BLACK_SWORD_LOSS) return over(d, false, 'black-swords');
  if (!d.knights.some((k) => k.alive && k.loyalty === 'loyal')) return over(d, false, 'loyal-dead');
  return false;
}

/**
 * seed 004: "Lorsque 12 épées recouvrent la table ronde : si le félon n'est pas démasqué, il se révèle et
 * retourne 2 épées blanches ; victoire si une majorité d'épées blanches". A traitor who died without being
 * unmasked is not unmasked either: he flips too (the seed's words, against research §14's "alive and undetected").
 * (Fewer than 2 white swords among 12 cannot happen: 7 black swords end the game first.)
 */
function finalCount(d: Draft): true {
  const t = traitorSeat(d as never);
  if (t !== null && !d.knights[t]!.revealed) {
    revealTraitor(d, t);
    const flip = Math.min(2, d.whiteSwords);
    d.whiteSwords -= flip;
    d.blackSwords += flip;
  }
  return over(d, d.whiteSwords > d.blackSwords, 'swords');
}

/** Knights at 0 life die, unless the Grail's holder saves one (research §8). True when a window opened. */
function deaths(d: Draft): boolean {
  for (let seat = 0; seat < d.players; seat++) {
    const k = d.knights[seat]!;
    if (!k.alive || k.revealed || k.life > 0) continue;
    const g = d.relics.grail;
    if (typeof g === 'number' && isKnight(d as never, g)) {
      d.phase = { kind: 'grail-save', seat: g, dying: seat };
      return true;
    }
    kill(d, seat);
  }
  return false;
}

export function proceed(d: Draft): void {
  if (d.phase.kind === 'over' || windowOpen(d)) return;
  if (immediateDefeat(d)) return;
  if (deaths(d)) return;
  if (immediateDefeat(d)) return;
  if (d.whiteSwords + d.blackSwords >= SWORDS_END) {
    finalCount(d);
    return;
  }
  const me = d.knights[d.active]!;
  const t = d.turn;
  if (!me.alive) return nextTurn(d);
  if (t.stage === 'evil') {
    if (t.evilLeft > 0 && !t.over) {
      t.evilLeft--;
      const card = drawBlackCard(d);
      if (card !== null) {
        resolveBlack(d, card);
        proceed(d);
        return;
      }
      t.evilLeft = 0;
    }
    if (t.over || me.revealed) return nextTurn(d);
    t.stage = 'heroic';
    d.phase = { kind: 'heroic' };
    return;
  }
  if (t.over) return nextTurn(d);
  d.phase = { kind: 'heroic' };
}

export function startTurn(d: Draft, seat: Seat): void {
  d.active = seat;
  d.turn = { ...NEW_TURN, used: [] };
  const k = d.knights[seat]!;
  if (k.revealed) {
    // research §9: a revealed traitor first makes a knight of his choice discard a random white card.
    d.phase = knightsIn(d as never).some((s) => d.knights[s]!.hand.length > 0) ? { kind: 'traitor' } : { kind: 'evil' };
  } else {
    d.phase = { kind: 'evil' };
  }
}

/** The next living seat clockwise (a revealed traitor cannot die and keeps his turns). */
export function nextTurn(d: Draft): void {
  if (immediateDefeat(d)) return;
  d.turnNumber++;
  if (d.turnNumber > TURN_CAP) {
    over(d, false, 'exhaustion');
    return;
  }
  for (let i = 1; i <= d.players; i++) {
    const seat = (d.active + i) % d.players;
    if (d.knights[seat]!.alive) return startTurn(d, seat);
  }
}
