/**
 * Who may act, which moves are legal, and the state after a move. A move is accepted only if it is one of the
 * legal moves; otherwise `why` names the rule it breaks, and the state is left untouched.
 */
import { err, ok, type GameError, type Result, type Seat } from '@roundtable/core';
import {
  ACCUSE_THRESHOLD,
  FIGHT_KINDS,
  HAND_LIMIT,
  KINDS,
  KIND_BY_ID,
  LOCATIONS,
  MAX_LIFE,
  QUESTS,
  CARD_KIND,
  kindOf,
  type Location,
} from './cards.ts';
import { applyMove } from './actions.ts';
import { excaliburMode } from './evil.ts';
import { formatMove } from './notation.ts';
import { fightsAllowed, isSolo, merlinTargets, questOpen, warNeeds } from './quests.ts';
import { blackAvailable, countKind, draft, freeze, knightsIn, presentAt } from './state.ts';
import type { ActionType, Move, ShadowsState } from './types.ts';

export function toMove(s: ShadowsState): readonly Seat[] {
  const p = s.phase;
  switch (p.kind) {
    case 'lay':
    case 'vote':
    case 'merlin':
    case 'volunteer':
    case 'discard':
      return p.waiting;
    case 'propose':
    case 'clairvoyance':
    case 'kay':
    case 'grail-save':
    case 'excalibur':
      return [p.seat];
    case 'swap':
      return [p.to];
    case 'over':
      return [];
    default:
      return [s.active];
  }
}

/** The kinds in a hand, in catalogue order, with their counts. */
function handKinds(hand: readonly number[]): [string, number][] {
  const counts = new Map<number, number>();
  for (const c of hand) counts.set(CARD_KIND[c]!, (counts.get(CARD_KIND[c]!) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([k, n]) => [KINDS[k]!.id, n]);
}

/** Every multiset of `min`..`max` cards (never empty) from kinds with counts, in catalogue order. */
export function multisets(kinds: readonly [string, number][], min: number, max: number): string[][] {
  const out: string[][] = [];
  const pick: string[] = [];
  const rec = (i: number): void => {
    if (i === kinds.length) {
      if (pick.length >= Math.max(1, min) && pick.length <= max) out.push(pick.slice());
      return;
    }
    const [kind, n] = kinds[i]!;
    for (let c = 0; c <= Math.min(n, max - pick.length); c++) {
      for (let j = 0; j < c; j++) pick.push(kind);
      rec(i + 1);
      for (let j = 0; j < c; j++) pick.pop();
    }
  };
  rec(0);
  return out;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1)) {
    for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  }
  return out.sort((a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return 0;
  });
}

export function accusationOpen(s: ShadowsState): boolean {
  return s.whiteSwords + s.blackSwords >= ACCUSE_THRESHOLD || s.siege >= ACCUSE_THRESHOLD;
}

/** May the active seat take a heroic action of this type now (one of each, a second one for a life point)? */
export function canUse(s: ShadowsState, type: ActionType): boolean {
  return !s.turn.used.includes(type) && s.turn.used.length < 2;
}

/** The places a knight may move to (seed 004: Camelot or an active quest, one knight per solo quest). */
export function destinations(s: ShadowsState, seat: Seat): Location[] {
  const here = s.knights[seat]!.location;
  return LOCATIONS.filter((loc) => {
    if (loc === here) return false;
    if (loc === 'camelot') return true;
    if (!questOpen(s, loc)) return false;
    return !(isSolo(s, loc) && presentAt(s, loc).length > 0);
  });
}

function canMove(s: ShadowsState, seat: Seat): boolean {
  const k = s.knights[seat]!;
  return canUse(s, 'move') || (k.knight === 'tristan' && k.location === 'camelot' && !s.turn.tristanFree);
}

function canSpecial(s: ShadowsState, seat: Seat): boolean {
  return canUse(s, 'special') || (s.knights[seat]!.knight === 'galahad' && !s.turn.galahadFree);
}

function questMoves(s: ShadowsState, seat: Seat): Move[] {
  const k = s.knights[seat]!;
  const out: Move[] = [];
  switch (k.location) {
    case 'camelot':
      if (k.hand.length < HAND_LIMIT) out.push({ type: 'draw' });
      if (s.siege > 0) {
        const fights = handKinds(k.hand).filter(([id]) => id.startsWith('fight-'));
        for (const cards of multisets(fights, 1, HAND_LIMIT * 2)) out.push({ type: 'siege', cards });
      }
      break;
    case 'black-knight':
    case 'lancelot':
      for (const card of fightsAllowed(s, k.location, k.hand)) out.push({ type: 'fight', card });
      break;
    case 'picts':
    case 'saxons': {
      const v = warNeeds(s, k.location);
      if (v !== null && countKind(k.hand, `fight-${v}`) > 0) out.push({ type: 'fight', card: `fight-${v}` });
      break;
    }
    case 'excalibur':
      for (const [card] of handKinds(k.hand)) out.push({ type: 'push', card });
      break;
    case 'grail':
      if (s.effects.broceliande === null && countKind(k.hand, 'grail') > 0) out.push({ type: 'grail' });
      break;
  }
  return out;
}

function specialMoves(s: ShadowsState, seat: Seat): Move[] {
  const k = s.knights[seat]!;
  const out: Move[] = [];
  const others = knightsIn(s).filter((o) => o !== seat);
  for (const [card, n] of handKinds(k.hand)) {
    const kind = KINDS[KIND_BY_ID.get(card)!]!;
    if (!kind.special) continue;
    switch (kind.effect) {
      case 'merlin':
        if (s.effects.vivien === null) for (const arg of merlinTargets(s)) out.push({ type: 'play', card, arg });
        break;
      case 'piety':
      case 'reinforcements':
        out.push({ type: 'play', card, arg: 'self' }, { type: 'play', card, arg: 'others' });
        break;
      case 'heroism':
        for (const q of QUESTS) if (questOpen(s, q)) out.push({ type: 'play', card, arg: q });
        break;
      case 'clairvoyance':
        if (s.blackDeck.length >= 2) out.push({ type: 'play', card });
        break;
      case 'messenger': {
        const rest = handKinds(k.hand)
          .map(([id, c]): [string, number] => [id, id === card ? c - 1 : c])
          .filter(([, c]) => c > 0);
        const gifts = multisets(rest, 1, 3);
        for (const target of others) for (const cards of gifts) out.push({ type: 'play', card, target, cards });
        break;
      }
      default:
        out.push({ type: 'play', card });
    }
    void n;
  }
  return out;
}

function heroicMoves(s: ShadowsState, seat: Seat): Move[] {
  const k = s.knights[seat]!;
  const out: Move[] = [];
  if (canMove(s, seat)) for (const to of destinations(s, seat)) out.push({ type: 'move', to });
  if (canUse(s, 'quest')) out.push(...questMoves(s, seat));
  if (canSpecial(s, seat)) out.push(...specialMoves(s, seat));
  if (canUse(s, 'heal') && k.life < MAX_LIFE) {
    for (const [card, n] of handKinds(k.hand)) if (n >= 3) out.push({ type: 'heal', card });
  }
  if (canUse(s, 'accuse') && !k.accused && accusationOpen(s)) {
    for (const target of knightsIn(s)) if (target !== seat) out.push({ type: 'accuse', target });
  }
  if (k.knight === 'arthur' && !s.turn.arthurSwapped) {
    const others = knightsIn(s).filter((o) => o !== seat);
    for (const [card] of handKinds(k.hand)) for (const target of others) out.push({ type: 'give', card, target });
  }
  if (!s.turn.declared) {
    out.push({ type: 'declare', what: 'strong' }, { type: 'declare', what: 'weak' });
    for (const quest of QUESTS) if (questOpen(s, quest)) out.push({ type: 'declare', what: 'help', quest });
  }
  if (k.loyalty === 'traitor') out.push({ type: 'reveal' });
  if (s.turn.used.length > 0) out.push({ type: 'end' });
  return out;
}

export function legalMoves(s: ShadowsState, seat: Seat): Move[] {
  if (!toMove(s).includes(seat)) return [];
  const p = s.phase;
  const k = s.knights[seat]!;
  switch (p.kind) {
    case 'lay':
      return handKinds(k.hand).map(([card]) => ({ type: 'lay', card }));
    case 'propose':
      return permutations(s.players).map((from) => ({ type: 'propose', from }));
    case 'vote':
      return [{ type: 'accept' }, { type: 'refuse' }];
    case 'evil': {
      const out: Move[] = [];
      if (blackAvailable(s)) out.push({ type: 'evil', choice: 'black' });
      out.push({ type: 'evil', choice: 'siege' });
      if (!k.revealed) out.push({ type: 'evil', choice: 'life' });
      return out;
    }
    case 'armor': {
      const [a, b] = p.cards;
      const ids = [...new Set([kindOf(a).id, kindOf(b).id])];
      return ids.map((card) => ({ type: 'keep', card }));
    }
    case 'place':
      return [
        { type: 'place', face: 'up' },
        { type: 'place', face: 'down' },
      ];
    case 'war':
      return [
        { type: 'war', war: 'picts' },
        { type: 'war', war: 'saxons' },
      ];
    case 'merlin': {
      const n = Math.min(3, countKind(k.hand, 'merlin'));
      return [{ type: 'pass' }, ...Array.from({ length: n }, (_, i): Move => ({ type: 'merlin', count: i + 1 }))];
    }
    case 'volunteer': {
      const morgan1 = kindOf(p.card).effect === 'morgan-1';
      return morgan1 && k.hand.length < 3 ? [{ type: 'pass' }] : [{ type: 'pass' }, { type: 'volunteer' }];
    }
    case 'discard':
      return multisets(handKinds(k.hand), p.need[seat]!, p.need[seat]!).map((cards) => ({ type: 'discard', cards }));
    case 'heroic':
      return heroicMoves(s, seat);
    case 'swap':
      return handKinds(k.hand).map(([card]) => ({ type: 'return', card }));
    case 'clairvoyance':
      return permutations(p.count).map((o) => ({ type: 'order', order: o.map((i) => i + 1) }));
    case 'kay': {
      const cards =
        p.pending.quest === 'siege'
          ? FIGHT_KINDS.filter((f) => countKind(k.hand, f) > 0)
          : fightsAllowed(s, p.pending.quest, k.hand);
      return [{ type: 'pass' }, ...cards.map((card): Move => ({ type: 'kay', card }))];
    }
    case 'grail-save':
      return [{ type: 'save' }, { type: 'pass' }];
    case 'excalibur':
      return [{ type: 'excalibur' }, { type: 'pass' }];
    case 'traitor': {
      const targets = knightsIn(s).filter((t) => s.knights[t]!.hand.length > 0);
      return targets.length > 0 ? targets.map((target): Move => ({ type: 'target', target })) : [{ type: 'pass' }];
    }
    case 'over':
      return [];
  }
}

/** Why a move that is not legal is refused: the rule it breaks, with the offending card, seat or place. */
export function why(s: ShadowsState, seat: Seat, m: Move): GameError {
  const p = s.phase;
  const k = s.knights[seat]!;
  const card = 'card' in m && typeof m.card === 'string' ? m.card : undefined;
  const expected: Record<string, readonly Move['type'][]> = {
    lay: ['lay'],
    propose: ['propose'],
    vote: ['accept', 'refuse'],
    evil: ['evil'],
    armor: ['keep'],
    place: ['place'],
    war: ['war'],
    merlin: ['pass', 'merlin'],
    volunteer: ['pass', 'volunteer'],
    discard: ['discard'],
    swap: ['return'],
    clairvoyance: ['order'],
    kay: ['kay', 'pass'],
    'grail-save': ['save', 'pass'],
    traitor: ['target', 'pass'],
    excalibur: ['excalibur', 'pass'],
    heroic: [
      'move',
      'draw',
      'siege',
      'fight',
      'push',
      'grail',
      'heal',
      'accuse',
      'play',
      'give',
      'declare',
      'reveal',
      'end',
    ],
  };
  if (m.type === 'excalibur' && p.kind !== 'excalibur') {
    // research §8/§14 [decision]: only Excalibur's holder, once per turn, on a standard black card just drawn.
    if (excaliburMode(s.options) === 'off') return { code: 'EXCALIBUR_CANCEL_OFF' };
    if (s.relics.excalibur !== seat) return { code: 'NO_EXCALIBUR' };
    if (s.turn.excaliburUsed) return { code: 'EXCALIBUR_USED' };
    return { code: 'NOTHING_TO_CANCEL' };
  }
  if (!(expected[p.kind] ?? []).includes(m.type)) return { code: 'WRONG_PHASE', phase: p.kind, move: m.type };
  // The opening's proposal gives every seat one laid card: as many numbers as seats, each seat once.
  if (m.type === 'propose') return { code: 'BAD_PROPOSAL', given: m.from.join(' '), players: s.players };
  if (card !== undefined && m.type !== 'keep' && !KIND_BY_ID.has(card)) return { code: 'UNKNOWN_CARD', card };
  const inHand = (kind: string, n = 1): boolean => countKind(k.hand, kind) >= n;
  if (card !== undefined && !['keep', 'kay'].includes(m.type) && !inHand(card)) return { code: 'NOT_IN_HAND', card };
  const type: ActionType | null =
    m.type === 'move'
      ? 'move'
      : ['draw', 'siege', 'fight', 'push', 'grail'].includes(m.type)
        ? 'quest'
        : m.type === 'play'
          ? 'special'
          : m.type === 'heal'
            ? 'heal'
            : m.type === 'accuse'
              ? 'accuse'
              : null;
  if (p.kind === 'heroic' && type !== null) {
    const free = (type === 'move' && canMove(s, seat)) || (type === 'special' && canSpecial(s, seat));
    if (!free && s.turn.used.includes(type)) return { code: 'ACTION_USED', action: type };
    if (!free && s.turn.used.length >= 2) return { code: 'NO_MORE_ACTIONS' };
  }
  switch (m.type) {
    case 'evil':
      if (m.choice === 'life' && k.revealed) return { code: 'TRAITOR_NO_LIFE' };
      if (m.choice === 'black') return { code: 'NO_BLACK_CARD' };
      break;
    case 'keep':
      return { code: 'NOT_DRAWN', card: m.card };
    case 'merlin':
      return { code: 'NOT_ENOUGH_MERLINS', count: m.count };
    case 'volunteer':
      return { code: 'CANNOT_VOLUNTEER' };
    case 'discard':
      return { code: 'DISCARD_COUNT', need: p.kind === 'discard' ? p.need[seat] : 0, cards: m.cards };
    case 'move':
      if (m.to === k.location) return { code: 'ALREADY_THERE', place: m.to };
      if (m.to !== 'camelot' && !questOpen(s, m.to)) return { code: 'QUEST_OVER', place: m.to };
      return { code: 'QUEST_OCCUPIED', place: m.to };
    case 'draw':
      if (k.location !== 'camelot') return { code: 'NOT_AT', place: 'camelot' };
      return { code: 'HAND_FULL', size: k.hand.length };
    case 'siege':
      if (k.location !== 'camelot') return { code: 'NOT_AT', place: 'camelot' };
      if (s.siege === 0) return { code: 'NO_SIEGE_ENGINE' };
      return { code: 'NOT_FIGHT_CARDS', cards: m.cards };
    case 'fight':
      if (!['black-knight', 'lancelot', 'picts', 'saxons'].includes(k.location ?? ''))
        return { code: 'NO_FIGHT_HERE', place: k.location };
      if (k.location === 'picts' || k.location === 'saxons')
        return { code: 'WAR_ORDER', card: m.card, need: warNeeds(s, k.location) };
      return { code: 'BAD_PATTERN', card: m.card, place: k.location };
    case 'push':
      return { code: 'NOT_AT', place: 'excalibur' };
    case 'grail':
      if (k.location !== 'grail') return { code: 'NOT_AT', place: 'grail' };
      if (s.effects.broceliande !== null) return { code: 'BROCELIANDE' };
      return { code: 'NOT_IN_HAND', card: 'grail' };
    case 'heal':
      if (k.life >= MAX_LIFE) return { code: 'MAX_LIFE' };
      return { code: 'HEAL_THREE', card: m.card };
    case 'accuse':
      if (k.accused) return { code: 'ALREADY_ACCUSED' };
      if (!accusationOpen(s))
        return { code: 'TOO_EARLY_TO_ACCUSE', swords: s.whiteSwords + s.blackSwords, siege: s.siege };
      return { code: 'BAD_TARGET', target: m.target };
    case 'play':
      if (!KINDS[KIND_BY_ID.get(m.card)!]!.special) return { code: 'NOT_SPECIAL', card: m.card };
      if (m.card === 'merlin' && s.effects.vivien !== null) return { code: 'VIVIEN' };
      return { code: 'BAD_SPECIAL', card: m.card, arg: m.arg ?? null };
    case 'give':
      if (k.knight !== 'arthur') return { code: 'NOT_ARTHUR' };
      if (s.turn.arthurSwapped) return { code: 'ALREADY_SWAPPED' };
      return { code: 'BAD_TARGET', target: m.target };
    case 'declare':
      if (s.turn.declared) return { code: 'ALREADY_DECLARED' };
      return { code: 'BAD_DECLARATION', what: m.what };
    case 'reveal':
      return { code: 'NOT_TRAITOR' };
    case 'end':
      return { code: 'NO_ACTION_YET' };
    case 'target':
    case 'accept':
    case 'refuse':
    case 'order':
    case 'return':
    case 'kay':
    case 'place':
    case 'war':
    case 'save':
    case 'excalibur':
    case 'pass':
    case 'lay':
      break;
  }
  return { code: 'ILLEGAL_MOVE', move: formatMove(m) };
}

/** Checks the move against the legal moves; the error says why it is refused. */
export function check(s: ShadowsState, seat: Seat, m: Move): GameError | null {
  if (s.phase.kind === 'over') return { code: 'GAME_OVER' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { code: 'BAD_SEAT', seat, max: s.players - 1 };
  const seats = toMove(s);
  if (!seats.includes(seat)) return { code: 'NOT_YOUR_TURN', seat, toMove: [...seats] };
  const key = formatMove(m);
  if (legalMoves(s, seat).some((l) => formatMove(l) === key)) return null;
  return why(s, seat, m);
}

export function play(s: ShadowsState, seat: Seat, m: Move): Result<ShadowsState> {
  const e = check(s, seat, m);
  if (e) return err(e);
  return ok(applyUnchecked(s, seat, m));
}

/** For playouts: the move comes from `legalMoves`, so it is not checked again. */
export function applyUnchecked(s: ShadowsState, seat: Seat, m: Move): ShadowsState {
  const d = draft(s);
  applyMove(d, seat, m);
  return freeze(d);
}
