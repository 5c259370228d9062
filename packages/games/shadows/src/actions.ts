/**
 * What each move does, once `check` (rules.ts) has accepted it: the opening share, the Progression of Evil,
 * the heroic actions and special white cards, and the answers in every window.
 */
import { nextInt, shuffle, type Seat } from '@roundtable/core';
import { DIE_SIDES, START_LIFE, kindOf } from './cards.ts';
import {
  applyStandard,
  cancelWithExcalibur,
  chooseWar,
  closeMerlin,
  closeVolunteer,
  placeCombat,
  randomDiscards,
  resolveBlack,
} from './evil.ts';
import { addGrail, addWarFight, combatOver, combatEnds, combatSums, moveExcalibur, resolveQuest } from './quests.ts';
import {
  dealWhite,
  drawBlackCard,
  drawWhite,
  excaliburBonus,
  fromSeat,
  gainLife,
  kill,
  knightsIn,
  leave,
  loseLife,
  moveTo,
  remember,
  revealTraitor,
  stillUnder,
  takeFromHand,
  type Draft,
} from './state.ts';
import { nextTurn, proceed, startTurn } from './turn.ts';
import type { ActionType, Move, PlaySpecial } from './types.ts';

/** Marks a heroic action type used; the second one costs a life point (seed 004, "pour 1PB"). */
function useAction(d: Draft, type: ActionType): void {
  if (d.turn.used.length >= 1) loseLife(d, d.active, 1);
  d.turn.used.push(type);
}

/** Back to the stage the active seat was in, before continuing (a window just closed). */
function settle(d: Draft): void {
  d.phase = { kind: d.turn.stage };
  proceed(d);
}

const fightValue = (card: number): number => kindOf(card).value;

export function applyMove(d: Draft, seat: Seat, m: Move): void {
  const p = d.phase;
  switch (m.type) {
    // ---- opening (seed 004, "Préliminaire")
    case 'lay': {
      if (p.kind !== 'lay') return;
      d.laid[seat] = takeFromHand(d, seat, m.card);
      const waiting = p.waiting.filter((s) => s !== seat);
      d.phase = waiting.length > 0 ? { kind: 'lay', waiting } : { kind: 'propose', seat: 0 };
      return;
    }
    case 'propose':
      d.phase = { kind: 'vote', proposal: m.from.slice(), waiting: fromSeat(d.players, seat).slice(1), refusals: [] };
      return;
    case 'accept':
    case 'refuse': {
      if (p.kind !== 'vote') return;
      const waiting = p.waiting.filter((s) => s !== seat);
      const refusals = m.type === 'refuse' ? [...p.refusals, seat] : p.refusals;
      if (waiting.length > 0) {
        d.phase = { kind: 'vote', proposal: p.proposal, waiting, refusals };
        return;
      }
      const refused = refusals.length > 0;
      // [decision] a proposal every player accepts is applied; otherwise the laid cards are dealt at random.
      const laid = d.laid.map((c) => c!);
      const from = refused
        ? shuffle(
            d.rng,
            Array.from({ length: d.players }, (_, i) => i),
          )
        : p.proposal;
      for (let s = 0; s < d.players; s++) d.knights[s]!.hand.push(laid[from[s]!]!);
      d.laid = d.laid.map(() => null);
      d.turnNumber = 1;
      startTurn(d, 0); // research §2: King Arthur plays first
      return;
    }
    // ---- Progression of Evil
    case 'evil':
      if (m.choice === 'siege') d.siege++;
      else if (m.choice === 'life') loseLife(d, seat, 1);
      else {
        if (d.relics.armor === seat && d.blackDeck.length + d.blackDiscard.length >= 2) {
          const a = drawBlackCard(d)!;
          const b = drawBlackCard(d)!;
          d.phase = { kind: 'armor', cards: [a, b] };
          return;
        }
        const card = drawBlackCard(d);
        if (card !== null) resolveBlack(d, card);
      }
      proceed(d);
      return;
    case 'keep': {
      if (p.kind !== 'armor') return;
      const [a, b] = p.cards;
      const keep = kindOf(a).id === m.card ? a : b;
      const other = keep === a ? b : a;
      // Its holder knows what lies under the pile (those drawn since, the oldest, are forgotten).
      remember(d, (mem) => ({ ...mem, under: [...stillUnder(mem.under, d.blackDeck), { seat, card: other }] }));
      d.blackDeck.unshift(other); // research §8: the other card goes under the pile
      d.phase = { kind: 'evil' };
      resolveBlack(d, keep);
      proceed(d);
      return;
    }
    case 'place':
      if (p.kind !== 'place') return;
      d.phase = { kind: 'evil' };
      placeCombat(d, p.card, m.face === 'down');
      proceed(d);
      return;
    case 'war':
      if (p.kind !== 'war') return;
      d.phase = { kind: 'evil' };
      chooseWar(d, p.card, m.war);
      proceed(d);
      return;
    // ---- response windows
    case 'excalibur':
    case 'merlin':
    case 'pass':
    case 'volunteer':
      return answer(d, seat, m);
    case 'discard': {
      if (p.kind !== 'discard') return;
      for (const kind of m.cards) d.whiteDiscard.push(takeFromHand(d, seat, kind));
      const waiting = p.waiting.filter((s) => s !== seat);
      if (waiting.length > 0) {
        d.phase = { ...p, waiting };
        return;
      }
      d.blackDiscard.push(p.card);
      settle(d);
      return;
    }
    case 'return': {
      if (p.kind !== 'swap') return;
      const got = takeFromHand(d, seat, m.card);
      d.knights[p.from]!.hand.push(got);
      remember(d, (mem) => ({ ...mem, swap: mem.swap && { ...mem.swap, got } }));
      settle(d);
      return;
    }
    case 'order': {
      if (p.kind !== 'clairvoyance') return;
      const top = d.blackDeck.splice(d.blackDeck.length - p.count, p.count).reverse(); // top first
      const ordered = m.order.map((i) => top[i - 1]!);
      d.blackDeck.push(...ordered.reverse());
      remember(d, (mem) => ({ ...mem, clairvoyance: { seat, cards: m.order.map((i) => top[i - 1]!) } }));
      settle(d);
      return;
    }
    case 'kay':
      return kay(d, seat, m.card);
    case 'save': {
      if (p.kind !== 'grail-save') return;
      d.knights[p.dying]!.life = START_LIFE;
      d.relics.grail = 'gone';
      settle(d);
      return;
    }
    case 'target':
      randomDiscards(d, m.target, 1);
      d.phase = { kind: 'evil' };
      return;
    // ---- heroic phase
    case 'move': {
      const k = d.knights[seat]!;
      if (k.knight === 'tristan' && k.location === 'camelot' && !d.turn.tristanFree) d.turn.tristanFree = true;
      else useAction(d, 'move');
      moveTo(d, seat, m.to);
      break;
    }
    case 'draw':
      useAction(d, 'quest');
      drawWhite(d, seat, d.knights[seat]!.knight === 'gawain' ? 3 : 2);
      break;
    case 'siege':
      useAction(d, 'quest');
      if (siegeFight(d, seat, m.cards)) return;
      break;
    case 'fight': {
      useAction(d, 'quest');
      const loc = d.knights[seat]!.location;
      const card = takeFromHand(d, seat, m.card);
      if (loc === 'picts' || loc === 'saxons') addWarFight(d, loc, card, seat);
      else if (loc === 'black-knight' || loc === 'lancelot') {
        (loc === 'black-knight' ? d.board.blackKnight : d.board.lancelot).white.push(card);
        if (combatOver(d as never, loc) && combatEnds(d, loc, seat)) return;
      }
      break;
    }
    case 'push':
      useAction(d, 'quest');
      d.whiteDiscard.push(takeFromHand(d, seat, m.card));
      moveExcalibur(d, 1, seat);
      break;
    case 'grail':
      useAction(d, 'quest');
      addGrail(d, takeFromHand(d, seat, 'grail'), seat);
      break;
    case 'heal':
      useAction(d, 'heal');
      for (let i = 0; i < 3; i++) d.whiteDiscard.push(takeFromHand(d, seat, m.card));
      gainLife(d, seat, 1);
      break;
    case 'accuse': {
      useAction(d, 'accuse');
      d.knights[seat]!.accused = true;
      if (d.knights[m.target]!.loyalty === 'traitor') {
        // seed 004: the traitor is unmasked; research §9 [A/B]: one white sword is added.
        revealTraitor(d, m.target);
        d.whiteSwords++;
      } else if (d.whiteSwords > 0) {
        // seed 004: "Si l'accusé est loyal, retourner une épée blanche sur la table ronde".
        d.whiteSwords--;
        d.blackSwords++;
      } else {
        d.blackSwords++; // research §14: no white sword to flip, a black sword is added
      }
      break;
    }
    case 'play':
      if (playSpecial(d, seat, m)) return;
      break;
    case 'give': {
      // research §4: Arthur swaps one white card face down with a knight of his choice.
      d.turn.arthurSwapped = true;
      const gave = takeFromHand(d, seat, m.card);
      d.knights[m.target]!.hand.push(gave);
      remember(d, (mem) => ({ ...mem, swap: { from: seat, to: m.target, gave, got: null } }));
      d.phase = { kind: 'swap', from: seat, to: m.target };
      return;
    }
    case 'declare':
      d.turn.declared = true;
      d.knights[seat]!.declaration = m.quest !== undefined ? { what: m.what, quest: m.quest } : { what: m.what };
      return;
    case 'reveal':
      revealTraitor(d, seat);
      d.turn.over = true;
      break;
    case 'end':
      nextTurn(d);
      return;
  }
  proceed(d);
}

/** Answers in the Merlin and volunteer windows; the window closes when every asked knight has answered. */
function answer(d: Draft, seat: Seat, m: Move): void {
  const p = d.phase;
  if (p.kind === 'excalibur') {
    d.phase = { kind: d.turn.stage };
    if (m.type === 'excalibur') cancelWithExcalibur(d, p.card);
    else applyStandard(d, p.card);
    proceed(d);
    return;
  }
  if (p.kind === 'merlin') {
    const merlins = m.type === 'merlin' ? [...p.merlins, ...Array.from({ length: m.count }, () => seat)] : p.merlins;
    const waiting = p.waiting.filter((s) => s !== seat);
    if (waiting.length > 0) {
      d.phase = { ...p, waiting, merlins };
      return;
    }
    d.phase = { kind: d.turn.stage };
    closeMerlin(d, p.card, merlins);
    proceed(d);
    return;
  }
  if (p.kind === 'volunteer') {
    const volunteers = m.type === 'volunteer' ? [...p.volunteers, seat] : p.volunteers;
    const waiting = p.waiting.filter((s) => s !== seat);
    if (waiting.length > 0) {
      d.phase = { ...p, waiting, volunteers };
      return;
    }
    d.phase = { kind: d.turn.stage };
    closeVolunteer(d, p.card, volunteers);
    proceed(d);
    return;
  }
  if (p.kind === 'kay') return kay(d, seat, null);
  if (p.kind === 'grail-save') {
    kill(d, p.dying);
    settle(d);
    return;
  }
  if (p.kind === 'traitor') {
    d.phase = { kind: 'evil' };
  }
}

/** seed 004: "le joueur joue une ou plusieurs cartes Combat puis lance 1D8"; victory if the sum is greater. */
function siegeFight(d: Draft, seat: Seat, kinds: readonly string[]): boolean {
  let sum = 0;
  for (const kind of kinds) {
    const card = takeFromHand(d, seat, kind);
    sum += fightValue(card);
    d.whiteDiscard.push(card);
  }
  sum += excaliburBonus(d, [seat]);
  const roll = 1 + nextInt(d.rng, DIE_SIDES);
  if (
    sum <= roll &&
    d.knights[seat]!.knight === 'kay' &&
    d.knights[seat]!.hand.some((c) => kindOf(c).effect === 'fight')
  ) {
    d.lastRoll = { seat, sum, roll, won: false };
    d.phase = { kind: 'kay', seat, pending: { quest: 'siege', sum, roll } };
    return true;
  }
  siegeOutcome(d, seat, sum, roll);
  return false;
}

function siegeOutcome(d: Draft, seat: Seat, sum: number, roll: number): void {
  const won = sum > roll;
  d.lastRoll = { seat, sum, roll, won };
  if (won) d.siege = Math.max(0, d.siege - 1);
  else loseLife(d, seat, 1);
}

/** Kay's extra fight card (or `pass`), then the combat is resolved. */
function kay(d: Draft, seat: Seat, kind: string | null): void {
  const p = d.phase;
  if (p.kind !== 'kay') return;
  const pending = p.pending;
  d.phase = { kind: d.turn.stage };
  if (pending.quest === 'siege') {
    let sum = pending.sum;
    if (kind !== null) {
      const card = takeFromHand(d, seat, kind);
      sum += fightValue(card);
      d.whiteDiscard.push(card);
    }
    siegeOutcome(d, seat, sum, pending.roll);
  } else {
    if (kind !== null)
      (pending.quest === 'black-knight' ? d.board.blackKnight : d.board.lancelot).white.push(
        takeFromHand(d, seat, kind),
      );
    const sums = combatSums(d as never, pending.quest);
    resolveQuest(d, pending.quest, sums.white > sums.black, pending.finisher);
  }
  proceed(d);
}

/** Special white cards (research §5). Returns true when a window opened. */
function playSpecial(d: Draft, seat: Seat, m: PlaySpecial): boolean {
  const k = d.knights[seat]!;
  if (k.knight === 'galahad' && !d.turn.galahadFree) d.turn.galahadFree = true;
  else useAction(d, 'special');
  d.turn.specials++;
  const card = takeFromHand(d, seat, m.card);
  const effect = kindOf(card).effect;
  if (effect !== 'heroism') d.whiteDiscard.push(card);
  const others = knightsIn(d as never).filter((s) => s !== seat);
  switch (effect) {
    case 'merlin':
      switch (m.arg) {
        case 'siege':
          d.siege = Math.max(0, d.siege - 1);
          break;
        case 'black-knight':
        case 'lancelot': {
          const q = m.arg === 'black-knight' ? d.board.blackKnight : d.board.lancelot;
          const last = q.black.pop();
          if (last) d.blackDiscard.push(last.card);
          break;
        }
        case 'grail':
          d.blackDiscard.push(d.board.grail.blacks.pop()!);
          break;
        case 'picts':
        case 'saxons':
          d.board[m.arg].figures = Math.max(0, d.board[m.arg].figures - 1);
          break;
      }
      return false;
    case 'fate':
      if (k.loyalty === 'traitor') {
        revealTraitor(d, seat);
        for (const s of others) randomDiscards(d, s, 2);
      } else {
        for (const s of knightsIn(d as never)) drawWhite(d, s, 1);
      }
      return false;
    case 'piety':
      if (m.arg === 'self') gainLife(d, seat, 3);
      else for (const s of others) gainLife(d, s, 1);
      return false;
    case 'heroism':
      d.effects.heroism = { card, quest: m.arg as never };
      return false;
    case 'reinforcements':
      if (m.arg === 'self') drawWhite(d, seat, 4);
      else for (const s of others) drawWhite(d, s, 1);
      return false;
    case 'clairvoyance': {
      const count = Math.min(5, d.blackDeck.length);
      if (count < 2) return false;
      d.phase = { kind: 'clairvoyance', seat, count };
      return true;
    }
    case 'messenger':
      for (const kind of m.cards ?? []) d.knights[m.target!]!.hand.push(takeFromHand(d, seat, kind));
      return false;
    case 'lady':
      if (!d.board.excalibur.done) moveExcalibur(d, 1, seat);
      else gainLife(d, seat, 2);
      return false;
    case 'convocation': {
      const all = knightsIn(d as never);
      for (const s of all) {
        leave(d, s);
        d.knights[s]!.location = 'camelot';
      }
      dealWhite(
        d,
        fromSeat(d.players, seat).filter((s) => all.includes(s)),
        all.length,
      );
      return false;
    }
    default:
      return false;
  }
}
