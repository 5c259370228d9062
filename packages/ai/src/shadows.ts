import type { Seat } from '@roundtable/core';
import type { Evaluate } from './bot.ts';
import { combatSums, kindOf, type ShadowsState } from '@roundtable/shadows';

/**
 * How well the table stands for the loyal side, read only from what every seat sees plus the bot's own hand
 * (the state comes from `determinize`, so other hands, face-down cards and other loyalties are samples: the
 * score leans on public things). Swords count most, then siege engines (12 lose), then the quests' progress,
 * then the knights' life and cards.
 */
function table(s: ShadowsState): number {
  let g = 0;
  g += 45 * s.whiteSwords - 60 * s.blackSwords;
  if (s.blackSwords >= 5) g -= 80 * (s.blackSwords - 4);
  g -= 22 * s.siege;
  if (s.siege >= 9) g -= 60 * (s.siege - 8);
  const b = s.board;
  const bk = combatSums(s, 'black-knight');
  g += 3 * b.blackKnight.white.length + Math.max(-10, Math.min(10, bk.white - bk.black));
  if (b.lancelot.side !== 'done') {
    const l = combatSums(s, 'lancelot');
    g += 3 * b.lancelot.white.length + Math.max(-12, Math.min(12, l.white - l.black));
  }
  if (!b.excalibur.done) g += 8 * b.excalibur.pos;
  if (!b.grail.done) g += 8 * (b.grail.grails.length - b.grail.blacks.length);
  for (const war of [b.picts, b.saxons]) g += 6 * war.white.length - 12 * war.figures - (war.figures >= 3 ? 15 : 0);
  for (const k of s.knights) {
    if (!k.alive || k.revealed) continue;
    g += presence(s, k.location);
    g += 14 * Math.min(k.life, 4) + 3 * Math.max(0, k.life - 4) - (k.life <= 2 ? 12 : 0) + 4 * Math.min(k.hand.length, 8) + Math.max(0, Math.min(k.hand.length, 12) - 8);
    if (k.life === 1) g -= 10;
  }
  g -= 40 * s.knights.filter((k) => !k.alive).length;
  return g;
}

/** A knight on a quest is worth more where evil is closest to winning it (a knight at Camelot fights engines). */
function presence(s: ShadowsState, loc: string | null): number {
  const b = s.board;
  switch (loc) {
    case 'black-knight':
      return 6 + 3 * b.blackKnight.black.length;
    case 'lancelot':
      return 8 + 3 * b.lancelot.black.length;
    case 'excalibur':
      return 6 + Math.max(0, -b.excalibur.pos) * 3;
    case 'grail':
      return 8 + 2 * b.grail.blacks.length;
    case 'picts':
    case 'saxons':
      return 6 + 5 * b[loc].figures;
    case 'camelot':
      return 2 * Math.min(s.siege, 6);
    default:
      return 0;
  }
}

/** Cards the seat holds that it can play where it stands: a knight goes (and stays) where his hand helps. */
function usable(s: ShadowsState, seat: Seat): number {
  const k = s.knights[seat]!;
  let n = 0;
  for (const c of k.hand) {
    const kind = kindOf(c);
    switch (k.location) {
      case 'excalibur':
        n++;
        break;
      case 'grail':
        if (kind.effect === 'grail') n++;
        break;
      case 'black-knight':
      case 'lancelot':
        if (kind.effect === 'fight') n++;
        break;
      case 'picts':
      case 'saxons':
        if (kind.effect === 'fight' && kind.value === Math.min(5, s.board[k.location].white.length + 1)) n += 2;
        break;
      case 'camelot':
        if (kind.effect === 'fight' && s.siege > 0) n += 0.5;
        break;
    }
  }
  return n > 0 ? 6 + Math.min(n, 6) : 0;
}

/** About what one black card costs the loyal side on average (a siege engine costs 22). */
const BLACK_CARD_COST = 16;

/**
 * The greedy bot's score for `seat` after one move, for a loyal knight and for the traitor alike. A loyal
 * knight raises the table's score and never accuses on the strength of one sampled state (the sample's traitor
 * is a guess). The traitor lowers it, keeps his cover while it is worth having, and accuses only loyal knights
 * (he knows them).
 */
export const shadowsGreedy: Evaluate = (_game, before: ShadowsState, after: ShadowsState, seat: Seat): number => {
  const me = after.knights[seat]!;
  if (after.phase.kind === 'over') {
    const loyalWin = after.phase.loyalWin;
    return (me.loyalty === 'loyal') === loyalWin ? 1e6 : -1e6;
  }
  let g = table(after);
  // A black card drawn in a sampled state shows one possible card: score its average cost instead.
  if (before.phase.kind === 'evil' && after.siege === before.siege && after.knights[seat]!.life === before.knights[seat]!.life && !before.knights[seat]!.revealed) {
    g = table(before) - BLACK_CARD_COST;
  }
  const accused = me.accused && !before.knights[seat]!.accused;
  if (me.loyalty === 'loyal') {
    let score = g + usable(after, seat);
    if (accused) score -= 60; // a guess from one sample: not worth a black sword
    if (after.turn.used.length > before.turn.used.length && after.active === seat && after.turn.used.length === 2) score -= 4;
    return score;
  }
  let score = -g + 4 * me.life;
  if (me.revealed && !before.knights[seat]!.revealed && after.whiteSwords + after.blackSwords < 10) score -= 120;
  if (accused) score += 25;
  return score;
};
