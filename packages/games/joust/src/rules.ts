/**
 * The flow of the game (seed 000, "Déroulement du jeu"): who may act, which moves are legal, and the state
 * after a move. `check` says why a move is refused; `apply` changes a draft copy only after `check` passed.
 */
import { err, ok, type GameError, type Result, type Seat } from '@roundtable/core';
import {
  COLOURS,
  EFFECT,
  KINDS,
  KIND_BY_ID,
  CARD_KIND,
  LANCELOT_CARD,
  SHIELD_CARD,
  STUN_CARD,
  TYPE,
  VALUE,
  COLOUR,
  isMaiden,
  type Colour,
} from './cards.ts';
import { affected, checkAction, resolveAction } from './actions.ts';
import {
  bestOther,
  clearTable,
  draft,
  draw,
  gainToken,
  hasMaiden,
  nextInTournament,
  seatsInTournament,
  tokensToWin,
  total,
} from './state.ts';
import type { Draft, Item, JoustState, Move, PlayMove } from './types.ts';

export function toMove(s: JoustState): readonly Seat[] {
  const p = s.phase;
  switch (p.kind) {
    case 'start':
    case 'turn':
      return [s.active];
    case 'response':
    case 'adapt':
      return p.waiting;
    case 'maiden':
    case 'purple':
      return [p.seat];
    case 'over':
      return [];
  }
}

/** The colours `seat` may name to start a tournament (seed 000, "Débuter un tournoi"). */
export function startColours(s: JoustState, seat: Seat): Colour[] {
  return COLOURS.filter((c) => startError(s, seat, c) === null);
}

function startError(s: JoustState, seat: Seat, colour: Colour): GameError | null {
  if (s.previousColour === 'purple' && colour === 'purple') return { code: 'PURPLE_TWICE', colour };
  if (s.options.noRepeatColour && colour === s.previousColour) return { code: 'REPEAT_COLOUR', colour };
  const hand = s.hands[seat]!;
  const canOpen = hand.some((c) => TYPE[c] === 'support' || COLOUR[c] === colour);
  return canOpen ? null : { code: 'CANNOT_OPEN', colour };
}

function findInHand(s: JoustState, seat: Seat, kindId: string): number {
  const kind = KIND_BY_ID.get(kindId);
  if (kind === undefined) return -1;
  const hand = s.hands[seat]!;
  for (let i = 0; i < hand.length; i++) if (CARD_KIND[hand[i]!] === kind) return i;
  return -1;
}

function checkPlay(s: JoustState, seat: Seat, move: PlayMove): GameError | null {
  const kindIndex = KIND_BY_ID.get(move.card);
  if (kindIndex === undefined) return { code: 'UNKNOWN_CARD', card: move.card };
  const i = findInHand(s, seat, move.card);
  if (i < 0) return { code: 'NOT_IN_HAND', card: move.card };
  const kind = KINDS[kindIndex]!;
  const display = s.displays[seat]!;
  if (kind.type !== 'action') {
    if (kind.type === 'colour' && kind.colour !== s.colour)
      return { code: 'WRONG_COLOUR', card: move.card, colour: s.colour };
    if (kind.id === 'maiden' && hasMaiden(display)) return { code: 'SECOND_MAIDEN', card: move.card };
    if (s.stunned === seat && s.added >= 1) return { code: 'STUNNED', card: move.card };
    return null;
  }
  // FAQ: a tournament is opened with a colour or support card, actions come after. [decision] Another player's
  // first turn may play actions before the colour or support card it must lay.
  if (s.opening && seat === s.starter) return { code: 'MUST_OPEN', card: move.card };
  return checkAction(s, seat, move, kind.effect!);
}

function checkEnd(s: JoustState, seat: Seat): GameError | null {
  // seed 000: « Lors du 1er tour …, chaque joueur souhaitant participer au tournoi doit poser au minimum une carte
  // de combat ou de soutien ».
  if (s.opening) return seat === s.starter ? { code: 'MUST_OPEN' } : { code: 'MUST_ENTER' };
  if (s.played === 0) return { code: 'MUST_PLAY' };
  const mine = total(s, seat);
  const best = bestOther(s, seat);
  if (s.options.allowTies ? mine < best : mine <= best) return { code: 'NOT_HIGHEST', total: mine, best };
  return null;
}

function checkKeep(s: JoustState, seat: Seat, positions: readonly number[]): GameError | null {
  const display = s.displays[seat]!;
  const bad = (reason: string): GameError => ({ code: 'BAD_KEEP', positions: positions.map((p) => p + 1), reason });
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    if (!Number.isInteger(p) || p < 0 || p >= display.length) return bad('position');
    if (i > 0 && p <= positions[i - 1]!) return bad('order');
  }
  const values = new Set(display.map((c) => VALUE[c]!));
  const kept = new Set<number>();
  for (const p of positions) {
    const v = VALUE[display[p]!]!;
    if (kept.has(v)) return bad('duplicate');
    kept.add(v);
  }
  return kept.size === values.size ? null : bad('missing');
}

function notYourTurn(s: JoustState, seat: Seat): GameError {
  return { code: 'NOT_YOUR_TURN', seat, toMove: [...toMove(s)] };
}

function wrongMove(s: JoustState, move: Move): GameError {
  return { code: 'WRONG_MOVE', move: move.type, phase: s.phase.kind };
}

/** Why `seat` may not play `move` now, or null. */
export function check(s: JoustState, seat: Seat, move: Move): GameError | null {
  const p = s.phase;
  if (p.kind === 'over') return { code: 'GAME_OVER' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { code: 'BAD_SEAT', seat, max: s.players - 1 };
  const mayAct = toMove(s).includes(seat);
  if (!mayAct) {
    if ((p.kind === 'turn' || p.kind === 'response' || p.kind === 'adapt') && !s.inTournament[seat])
      return { code: 'WITHDRAWN', seat };
    if (move.type === 'lancelot' && p.kind !== 'response') return { code: 'NOTHING_TO_CANCEL', card: 'lancelot' };
    return notYourTurn(s, seat);
  }
  switch (p.kind) {
    case 'start':
      if (move.type === 'start') {
        if (!COLOURS.includes(move.colour)) return { code: 'BAD_COLOUR_CHOICE', card: null, colour: move.colour };
        return startError(s, seat, move.colour);
      }
      if (move.type === 'show') {
        const colours = startColours(s, seat);
        return colours.length > 0 ? { code: 'CAN_OPEN', colours } : null;
      }
      return wrongMove(s, move);
    case 'turn':
      if (move.type === 'play') return checkPlay(s, seat, move);
      if (move.type === 'end') return checkEnd(s, seat);
      // seed 000: « Le joueur qui débute le tournoi doit jouer au moins une carte face visible devant lui ».
      if (move.type === 'withdraw') return s.opening && seat === s.starter ? { code: 'MUST_OPEN' } : null;
      if (move.type === 'lancelot') return { code: 'NOTHING_TO_CANCEL', card: 'lancelot' };
      return wrongMove(s, move);
    case 'response':
      if (move.type === 'pass') return null;
      if (move.type === 'lancelot')
        return s.hands[seat]!.includes(LANCELOT_CARD) ? null : { code: 'NOT_IN_HAND', card: 'lancelot' };
      return wrongMove(s, move);
    case 'adapt':
      if (move.type === 'keep') return checkKeep(s, seat, move.positions);
      return wrongMove(s, move);
    case 'maiden':
      if (move.type !== 'token') return wrongMove(s, move);
      return s.tokens[seat]!.includes(move.colour) ? null : { code: 'TOKEN_NOT_HELD', colour: move.colour };
    case 'purple':
      if (move.type !== 'token') return wrongMove(s, move);
      if (!COLOURS.includes(move.colour)) return { code: 'TOKEN_NOT_HELD', colour: move.colour };
      return s.tokens[seat]!.includes(move.colour) ? { code: 'TOKEN_ALREADY_HELD', colour: move.colour } : null;
  }
}

function beginTurn(d: Draft, seat: Seat): void {
  d.active = seat;
  d.played = 0;
  d.added = 0;
  // A player who has had a turn in this tournament and stayed in has a card on their display, and no action gives
  // a card to a display that is still empty: an empty display is a first turn.
  d.opening = d.displays[seat]!.length === 0;
  d.phase = { kind: 'turn' };
  draw(d, seat); // seed 000: "un joueur doit tirer une carte du talon"
}

function newTournament(d: Draft, starter: Seat): void {
  d.colour = null;
  d.inTournament = d.inTournament.map(() => true);
  d.starter = starter;
  d.active = starter;
  d.played = 0;
  d.added = 0;
  d.opening = false;
  d.tournament += 1;
  d.knock = null;
  d.phase = { kind: 'start' };
}

function finishTournament(d: Draft, winner: Seat): void {
  if (d.tokens[winner]!.length >= tokensToWin(d.players)) d.phase = { kind: 'over', winner };
  else newTournament(d, winner);
}

/** seed 000, "Gagner un tournoi". */
function winTournament(d: Draft, winner: Seat): void {
  clearTable(d, winner, SHIELD_CARD, STUN_CARD);
  const final = d.colour!;
  d.previousColour = final;
  if (final === 'purple') {
    d.phase = { kind: 'purple', seat: winner };
    return;
  }
  gainToken(d, winner, final);
  finishTournament(d, winner);
}

function afterWithdrawal(d: Draft, seat: Seat): void {
  const left = seatsInTournament(d);
  if (left.length === 1) winTournament(d, left[0]!);
  else beginTurn(d, nextInTournament(d, seat));
}

function closeWindow(d: Draft): void {
  const p = d.phase;
  if (p.kind !== 'response') return;
  const { seat, card, move } = p.action;
  d.phase = { kind: 'turn' };
  if (p.lancelot !== null) {
    // Lancelot cancels the card: both are discarded, nothing else happens.
    const hand = d.hands[p.lancelot]!;
    hand.splice(hand.indexOf(LANCELOT_CARD), 1);
    d.discard.push(card, LANCELOT_CARD);
    return;
  }
  resolveAction(d, seat, card, move, EFFECT[card]!);
}

function apply(d: Draft, seat: Seat, move: Move): void {
  switch (move.type) {
    case 'start':
      d.colour = move.colour;
      d.revealed = null;
      beginTurn(d, seat);
      return;
    case 'show': {
      // seed 000: a starter with only action cards shows them; the player on the left starts instead.
      d.revealed = { seat, cards: d.hands[seat]!.slice() };
      draw(d, seat); // [decision] they still draw, so a table where nobody can open cannot loop for ever
      d.starter = (seat + 1) % d.players;
      d.active = d.starter;
      d.phase = { kind: 'start' };
      return;
    }
    case 'play': {
      const hand = d.hands[seat]!;
      const kind = KIND_BY_ID.get(move.card)!;
      const card = hand.splice(
        hand.findIndex((c) => CARD_KIND[c] === kind),
        1,
      )[0]!;
      d.played += 1;
      if (TYPE[card] !== 'action') {
        d.displays[seat]!.push(card);
        d.added += 1;
        d.opening = false;
        return;
      }
      const waiting = seatsInTournament(d).filter((o) => o !== seat);
      d.phase = { kind: 'response', action: { seat, card, move: { ...move } }, waiting, lancelot: null };
      if (waiting.length === 0) closeWindow(d);
      return;
    }
    case 'end':
      d.opening = false;
      beginTurn(d, nextInTournament(d, seat));
      return;
    case 'withdraw': {
      // seed 000, "Abandonner": the display, Bouclier and Assommé are discarded; a maiden costs a token.
      const maiden = hasMaiden(d.displays[seat]!);
      clearTable(d, seat, SHIELD_CARD, STUN_CARD);
      d.inTournament[seat] = false;
      d.opening = false;
      if (maiden && d.tokens[seat]!.length > 0) {
        d.phase = { kind: 'maiden', seat };
        return;
      }
      afterWithdrawal(d, seat);
      return;
    }
    case 'pass':
    case 'lancelot': {
      const p = d.phase;
      if (p.kind !== 'response') return;
      d.phase = {
        ...p,
        waiting: p.waiting.filter((o) => o !== seat),
        lancelot: move.type === 'lancelot' ? seat : p.lancelot,
      };
      if (d.phase.kind === 'response' && d.phase.waiting.length === 0) closeWindow(d);
      return;
    }
    case 'keep': {
      const p = d.phase;
      if (p.kind !== 'adapt') return;
      const display = d.displays[seat]!;
      const kept = move.positions.map((i) => display[i]!);
      for (const c of display) if (!kept.includes(c)) d.discard.push(c);
      d.displays[seat] = kept;
      const waiting = p.waiting.filter((o) => o !== seat);
      d.phase = waiting.length === 0 ? { kind: 'turn' } : { kind: 'adapt', waiting };
      return;
    }
    case 'token': {
      const p = d.phase;
      if (p.kind === 'maiden') {
        d.tokens[seat] = d.tokens[seat]!.filter((c) => c !== move.colour);
        afterWithdrawal(d, seat);
      } else if (p.kind === 'purple') {
        gainToken(d, seat, move.colour);
        finishTournament(d, seat);
      }
      return;
    }
  }
}

export function play(s: JoustState, seat: Seat, move: Move): Result<JoustState> {
  const error = check(s, seat, move);
  if (error) return err(error);
  const d = draft(s);
  apply(d, seat, move);
  return ok(d as JoustState);
}

/** Every legal move of `seat` now, in a stable order. */
export function legalMoves(s: JoustState, seat: Seat): Move[] {
  if (!toMove(s).includes(seat)) return [];
  const p = s.phase;
  const out: Move[] = [];
  const keep = (m: Move): void => {
    if (check(s, seat, m) === null) out.push(m);
  };
  switch (p.kind) {
    case 'start': {
      const colours = startColours(s, seat);
      for (const colour of colours) out.push({ type: 'start', colour });
      if (colours.length === 0) out.push({ type: 'show' });
      return out;
    }
    case 'response':
      out.push({ type: 'pass' });
      if (s.hands[seat]!.includes(LANCELOT_CARD)) out.push({ type: 'lancelot' });
      return out;
    case 'maiden':
      for (const colour of s.tokens[seat]!) out.push({ type: 'token', colour });
      return out;
    case 'purple':
      for (const colour of COLOURS) if (!s.tokens[seat]!.includes(colour)) out.push({ type: 'token', colour });
      return out;
    case 'adapt':
      for (const positions of keepChoices(s.displays[seat]!)) out.push({ type: 'keep', positions });
      return out;
    case 'over':
      return out;
    case 'turn':
      break;
  }
  const seen = new Set<number>();
  for (const c of s.hands[seat]!) {
    const kind = CARD_KIND[c]!;
    if (seen.has(kind)) continue;
    seen.add(kind);
    for (const m of playCandidates(s, seat, KINDS[kind]!.id, EFFECT[c] ?? null)) keep(m);
  }
  keep({ type: 'end' });
  keep({ type: 'withdraw' });
  return out;
}

function playCandidates(s: JoustState, seat: Seat, card: string, effect: string | null): PlayMove[] {
  const others: Seat[] = [];
  for (let t = 0; t < s.players; t++) if (t !== seat) others.push(t);
  switch (effect) {
    case null:
    case 'maladresse':
    case 'feinte':
    case 'charge':
    case 'contre-charge':
    case 'disgrace':
    case 'adaptation':
    case 'bouclier':
      return [{ type: 'play', card }];
    case 'desarconne':
    case 'changement-arme':
      return (['red', 'blue', 'yellow'] as const).map((colour) => ({ type: 'play', card, colour }));
    case 'lance-brisee':
    case 'riposte':
    case 'chute':
    case 'assomme':
      return others.map((target) => ({ type: 'play', card, target }));
    case 'esquive':
      return others.flatMap((target) =>
        s.displays[target]!.map((_, pos) => ({ type: 'play' as const, card, target, pos })),
      );
    case 'retraite':
      return s.displays[seat]!.map((_, pos) => ({ type: 'play', card, pos }));
    case 'finesse': {
      const items = (t: Seat): Item[] => {
        const list: Item[] = s.displays[t]!.map((_, i) => i);
        if (s.shield === t) list.push('bouclier');
        if (s.stunned === t) list.push('assomme');
        return list;
      };
      const mine = items(seat);
      return others.flatMap((target) =>
        mine.flatMap((m) => items(target).map((theirs) => ({ type: 'play' as const, card, target, mine: m, theirs }))),
      );
    }
    default:
      return [];
  }
}

/** Adaptation: every way to keep one card of each printed value (positions ascending). */
export function keepChoices(display: readonly number[]): number[][] {
  const groups = new Map<number, number[]>();
  display.forEach((c, i) => {
    const v = VALUE[c]!;
    const g = groups.get(v);
    if (g) g.push(i);
    else groups.set(v, [i]);
  });
  let choices: number[][] = [[]];
  for (const g of groups.values()) choices = choices.flatMap((chosen) => g.map((i) => [...chosen, i]));
  return choices.map((c) => c.sort((a, b) => a - b));
}

export { affected, isMaiden };
