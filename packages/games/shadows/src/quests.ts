/**
 * The quests of seed 004's quest sheet: what a white or black card does on each, when a quest ends, who wins,
 * and the rewards, penalties and "after the quest" rows.
 */
import type { Seat } from '@roundtable/core';
import {
  CARD_KIND,
  EXCALIBUR_END,
  FIGURES_LOSS,
  GRAIL_SPOTS,
  KIND_BY_ID,
  KINDS,
  QUEST_REWARDS,
  kindOf,
  type QuestId,
} from './cards.ts';
import { countKind, dealWhite, excaliburBonus, fromSeat, gainLife, loseLife, presentAt, type Draft } from './state.ts';
import type { ShadowsState, War } from './types.ts';

const fightValue = (card: number): number => kindOf(card).value;

/** Values already laid plus the new one fit the quest's pattern (seed 004, "Action héroïque" row). */
export function fitsPattern(quest: 'black-knight' | 'lancelot' | 'dragon', values: readonly number[]): boolean {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const c = [...counts.values()].sort((a, b) => b - a);
  switch (quest) {
    case 'black-knight': // two pairs of different values
      return values.length <= 4 && c.length <= 2 && c.every((n) => n <= 2);
    case 'lancelot': // three of a kind and a pair of different values
      return values.length <= 5 && c.length <= 2 && (c[0] ?? 0) <= 3 && (c[1] ?? 0) <= 2;
    case 'dragon': // three threes of a kind of different values
      return values.length <= 9 && c.length <= 3 && c.every((n) => n <= 3);
  }
}

export function whiteLimit(s: Pick<ShadowsState, 'board'>, quest: 'black-knight' | 'lancelot'): number {
  if (quest === 'black-knight') return 4;
  return s.board.lancelot.side === 'dragon' ? 9 : 5;
}
export function blackLimit(quest: 'black-knight' | 'lancelot'): number {
  return quest === 'black-knight' ? 4 : 5;
}

function patternOf(
  s: Pick<ShadowsState, 'board'>,
  quest: 'black-knight' | 'lancelot',
): 'black-knight' | 'lancelot' | 'dragon' {
  return quest === 'black-knight' ? 'black-knight' : s.board.lancelot.side === 'dragon' ? 'dragon' : 'lancelot';
}

/** The fight kinds a knight may add to a combat quest now. */
export function fightsAllowed(
  s: Pick<ShadowsState, 'board'>,
  quest: 'black-knight' | 'lancelot',
  hand: readonly number[],
): string[] {
  const q = quest === 'black-knight' ? s.board.blackKnight : s.board.lancelot;
  if (q.white.length >= whiteLimit(s, quest)) return [];
  const values = q.white.map(fightValue);
  const out: string[] = [];
  for (let v = 1; v <= 5; v++) {
    const kind = `fight-${v}`;
    if (countKind(hand, kind) > 0 && fitsPattern(patternOf(s, quest), [...values, v])) out.push(kind);
  }
  return out;
}

/** The next fight value a war needs (1..5, then 5 again while Mordred is there); null when complete. */
export function warNeeds(s: Pick<ShadowsState, 'board' | 'effects'>, war: War): number | null {
  const q = s.board[war];
  const length = s.effects.mordred?.war === war ? 6 : 5;
  if (q.white.length >= length) return null;
  return Math.min(5, q.white.length + 1);
}

export function blackValue(s: Pick<ShadowsState, 'board'>, quest: 'black-knight' | 'lancelot', card: number): number {
  const k = kindOf(card);
  return quest === 'lancelot' && s.board.lancelot.side === 'dragon' ? k.value2 : k.value;
}

/** Sums as they stand (face-down cards count at their value: this is used once they are revealed). */
export function combatSums(
  s: Pick<ShadowsState, 'board' | 'relics' | 'knights'>,
  quest: 'black-knight' | 'lancelot',
): { white: number; black: number } {
  const q = quest === 'black-knight' ? s.board.blackKnight : s.board.lancelot;
  let white = 0;
  for (const c of q.white) white += fightValue(c);
  white += excaliburBonus(s, presentAt(s, quest));
  let black = 0;
  for (const p of q.black) black += blackValue(s, quest, p.card);
  return { white, black };
}

export function combatOver(s: Pick<ShadowsState, 'board'>, quest: 'black-knight' | 'lancelot'): boolean {
  const q = quest === 'black-knight' ? s.board.blackKnight : s.board.lancelot;
  return q.white.length >= whiteLimit(s, quest) || q.black.length >= blackLimit(quest);
}

/** Kay may add one fight card to a combat he is on that would be lost (research §4), if one fits. */
export function kayCanHelp(s: ShadowsState | Draft, quest: 'black-knight' | 'lancelot'): Seat | null {
  const sums = combatSums(s as ShadowsState, quest);
  if (sums.white > sums.black) return null;
  for (const seat of presentAt(s as ShadowsState, quest)) {
    if (s.knights[seat]!.knight === 'kay' && fightsAllowed(s as ShadowsState, quest, s.knights[seat]!.hand).length > 0)
      return seat;
  }
  return null;
}

/**
 * A combat quest has reached its last card: face-down cards are turned up, Kay may help, then it is resolved.
 * Returns true when a window (Kay) is now open.
 */
export function combatEnds(d: Draft, quest: 'black-knight' | 'lancelot', finisher: Seat): boolean {
  const q = quest === 'black-knight' ? d.board.blackKnight : d.board.lancelot;
  for (const p of q.black) p.down = false;
  const kay = kayCanHelp(d, quest);
  if (kay !== null) {
    d.phase = { kind: 'kay', seat: kay, pending: { quest, finisher } };
    return true;
  }
  const sums = combatSums(d as unknown as ShadowsState, quest);
  resolveQuest(d, quest, sums.white > sums.black, finisher);
  return false;
}

/**
 * seed 004, "Gain" / "Défaite" / "Après la quête": swords, life and cards for the knights present, relics,
 * then the board is cleared and the quest restarts, flips or is removed.
 */
export function resolveQuest(d: Draft, quest: QuestId, won: boolean, finisher: Seat): void {
  const dragon = quest === 'lancelot' && d.board.lancelot.side === 'dragon';
  const data = dragon ? QUEST_REWARDS.dragon : QUEST_REWARDS[quest];
  const present = presentAt(d as unknown as ShadowsState, quest);
  const order = fromSeat(d.players, finisher).filter((s) => present.includes(s));
  const heroism = d.effects.heroism?.quest === quest ? 1 : 0;
  if (heroism) {
    d.whiteDiscard.push(d.effects.heroism!.card);
    d.effects.heroism = null;
  }
  if (won) {
    d.whiteSwords += data.win.swords + heroism;
    for (const seat of present) gainLife(d, seat, data.win.life + (d.knights[seat]!.knight === 'palamedes' ? 1 : 0));
    // research §7: spoils are dealt one at a time, starting with the knight who finished the quest [decision].
    dealWhite(d, order, data.win.cards);
    // research §5/§6: a won quest lifts Vivien and the Dark Forest [decision].
    if (d.effects.vivien !== null) d.blackDiscard.push(d.effects.vivien);
    if (d.effects.broceliande !== null) d.blackDiscard.push(d.effects.broceliande);
    d.effects.vivien = null;
    d.effects.broceliande = null;
  } else {
    d.blackSwords += data.lose.swords + heroism + (d.effects.mists !== null ? 1 : 0);
    for (const seat of present) loseLife(d, seat, data.lose.life);
    d.siege += data.lose.siege;
  }
  const winner = order[0] ?? null;
  switch (quest) {
    case 'black-knight': {
      const q = d.board.blackKnight;
      d.whiteDiscard.push(...q.white);
      d.blackDiscard.push(...q.black.map((p) => p.card));
      d.board.blackKnight = { white: [], black: [] }; // "La quête recommence"
      break;
    }
    case 'lancelot': {
      const q = d.board.lancelot;
      d.whiteDiscard.push(...q.white);
      d.blackDiscard.push(...q.black.map((p) => p.card));
      if (!dragon) d.relics.armor = won && winner !== null ? winner : 'gone';
      // "Retourner le plateau pour démarrer la Quête du Dragon", then "Retirer le plateau de la quête".
      d.board.lancelot = { side: dragon ? 'done' : 'dragon', white: [], black: [] };
      break;
    }
    case 'excalibur':
      // trictrac FAQ: Excalibur goes to whoever made the final move, even from outside the quest.
      d.relics.excalibur = won ? finisher : 'gone';
      d.board.excalibur = { pos: d.board.excalibur.pos, done: true };
      break;
    case 'grail': {
      const g = d.board.grail;
      d.whiteDiscard.push(...g.grails);
      d.blackDiscard.push(...g.blacks);
      d.relics.grail = won && winner !== null ? winner : 'gone';
      d.board.grail = { grails: [], blacks: [], done: true };
      break;
    }
    case 'picts':
    case 'saxons': {
      const q = d.board[quest];
      d.whiteDiscard.push(...q.white);
      d.board[quest] = { figures: 0, white: [] };
      if (d.effects.mordred?.war === quest) {
        d.blackDiscard.push(d.effects.mordred.card);
        d.effects.mordred = null;
      }
      break;
    }
  }
  // research §3 (DoW FAQ): the knights go back to Camelot, free.
  for (const seat of present) d.knights[seat]!.location = 'camelot';
}

/** A Pict or Saxon figure arrives; the 4th loses the war (seed 004). */
export function addFigure(d: Draft, war: War, finisher: Seat): void {
  d.board[war].figures++;
  if (d.board[war].figures >= FIGURES_LOSS) resolveQuest(d, war, false, finisher);
}

/** A fight card on a war: the straight is complete → victory. */
export function addWarFight(d: Draft, war: War, card: number, seat: Seat): void {
  d.board[war].white.push(card);
  if (warNeeds(d as unknown as ShadowsState, war) === null) resolveQuest(d, war, true, seat);
}

export function moveExcalibur(d: Draft, step: 1 | -1, seat: Seat): void {
  const pos = d.board.excalibur.pos + step;
  d.board.excalibur = { pos, done: false };
  if (pos >= EXCALIBUR_END) resolveQuest(d, 'excalibur', true, seat);
  else if (pos <= -EXCALIBUR_END) resolveQuest(d, 'excalibur', false, seat);
}

/** seed 004: "Carte Graal : ajouter si un emplacement libre ou détruire une carte Désespoir ou Désolation sinon". */
export function addGrail(d: Draft, card: number, seat: Seat): void {
  const g = d.board.grail;
  if (g.grails.length + g.blacks.length < GRAIL_SPOTS) g.grails.push(card);
  else {
    d.blackDiscard.push(g.blacks.pop()!);
    d.whiteDiscard.push(card);
  }
  if (g.grails.length >= GRAIL_SPOTS) resolveQuest(d, 'grail', true, seat);
}

/** seed 004: "Carte Désespoir : ajouter si un emplacement libre ou détruire une carte Graal sinon". */
export function addDespair(d: Draft, card: number, seat: Seat): void {
  const g = d.board.grail;
  if (g.grails.length + g.blacks.length < GRAIL_SPOTS) g.blacks.push(card);
  else {
    d.whiteDiscard.push(g.grails.pop()!);
    d.blackDiscard.push(card);
  }
  if (g.blacks.length >= GRAIL_SPOTS) resolveQuest(d, 'grail', false, seat);
}

/** seed 004: "Carte Désolation : Détruire une carte Graal puis placer comme une carte Désespoir". */
export function addDesolation(d: Draft, card: number, seat: Seat): void {
  const g = d.board.grail;
  if (g.grails.length > 0) d.whiteDiscard.push(g.grails.pop()!);
  addDespair(d, card, seat);
}

/** Is a quest still on the board (a knight may go there, a Heroism card may be laid on it)? */
export function questOpen(s: Pick<ShadowsState, 'board'>, quest: QuestId): boolean {
  switch (quest) {
    case 'lancelot':
      return s.board.lancelot.side !== 'done';
    case 'excalibur':
      return !s.board.excalibur.done;
    case 'grail':
      return !s.board.grail.done;
    default:
      return true;
  }
}

/** Black Knight and Lancelot (not the Dragon) take one knight at a time (seed 004: "Solitaire"). */
export function isSolo(s: Pick<ShadowsState, 'board'>, quest: QuestId): boolean {
  return quest === 'black-knight' || (quest === 'lancelot' && s.board.lancelot.side === 'lancelot');
}

/** The last standard black card on a quest, which Merlin may remove (research §5). */
export function merlinTargets(s: ShadowsState): string[] {
  const out: string[] = [];
  if (s.siege > 0) out.push('siege');
  if (s.board.blackKnight.black.length > 0) out.push('black-knight');
  if (s.board.lancelot.side !== 'done' && s.board.lancelot.black.length > 0) out.push('lancelot');
  const last = s.board.grail.blacks[s.board.grail.blacks.length - 1];
  if (!s.board.grail.done && last !== undefined && !kindOf(last).special) out.push('grail');
  if (s.board.picts.figures > 0) out.push('picts');
  if (s.board.saxons.figures > 0) out.push('saxons');
  return out;
}

export const FIGHT_KIND_INDEX: readonly number[] = [1, 2, 3, 4, 5].map((v) => KIND_BY_ID.get(`fight-${v}`)!);
export const isFight = (card: number): boolean => KINDS[CARD_KIND[card]!]!.effect === 'fight';
