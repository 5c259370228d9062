import type { Localized, Seat } from '@roundtable/core';
import { wilson } from './stats.ts';

/**
 * What a game may tell the arena besides who won: the role a seat played, read from the spectator's view at the
 * end of the game (a hero dealt at random, a side, a character). The arena then tallies win rates per role as
 * well as per bot, which is how a game with asymmetric powers is balanced. A terminal adapter offers it as its
 * optional `arena` field, so the arena itself names no game.
 */
export interface ArenaRoles {
  /** What a role is called in this game ("hero"). */
  readonly name: Localized;
  /** The role of `seat` in the final spectator view, or null when the seat had none. */
  roleOf(view: unknown, seat: Seat): string | null;
}

/** The arena hooks a terminal adapter may carry (structurally: adapters stay plain objects). */
export interface ArenaHooks {
  readonly arena?: { readonly roles?: ArenaRoles };
}

export function rolesOf(adapter: unknown): ArenaRoles | undefined {
  return (adapter as ArenaHooks | undefined)?.arena?.roles;
}

export interface RoleResult {
  readonly role: string;
  /** Games in which some seat had this role. */
  readonly games: number;
  /** Games won outright. */
  readonly wins: number;
  /** Games won with other seats (a shared win). */
  readonly shared: number;
  /** Wins, a shared win counting as its share. */
  readonly score: number;
  /** Σ 1/players over its games: the score a role of no advantage would expect. */
  readonly expected: number;
  readonly winRate: number;
  readonly winLow: number;
  readonly winHigh: number;
  /** expected / games: 1/players, or its mean over the games when several player counts are merged. */
  readonly fairShare: number;
  /** winRate / fairShare: 1 is balanced, 1.5 is the limit. */
  readonly ratio: number;
}

/** Running per-role counts, in the order roles first appear. */
export class RoleTally {
  private readonly rows = new Map<string, { games: number; wins: number; shared: number; score: number; expected: number }>();

  /** One seat's game: its role, its share of the win (1 alone, 1/k shared, 0 lost) and the table size. */
  add(role: string, share: number, alone: boolean, players: number): void {
    const row = this.rows.get(role) ?? { games: 0, wins: 0, shared: 0, score: 0, expected: 0 };
    row.games++;
    if (share > 0 && alone) row.wins++;
    else if (share > 0) row.shared++;
    row.score += share;
    row.expected += 1 / players;
    this.rows.set(role, row);
  }

  results(): RoleResult[] {
    return [...this.rows].map(([role, r]) => roleResult(role, r));
  }
}

function roleResult(role: string, r: { games: number; wins: number; shared: number; score: number; expected: number }): RoleResult {
  const ci = wilson(r.score, r.games);
  const winRate = r.games > 0 ? r.score / r.games : 0;
  const fairShare = r.games > 0 ? r.expected / r.games : 0;
  return { role, games: r.games, wins: r.wins, shared: r.shared, score: r.score, expected: r.expected, winRate, winLow: ci.low, winHigh: ci.high, fairShare, ratio: fairShare > 0 ? winRate / fairShare : 0 };
}

/** The per-role results of several arenas (e.g. one per player count) as one table. */
export function mergeRoles(lists: readonly (readonly RoleResult[])[]): RoleResult[] {
  const sum = new Map<string, { games: number; wins: number; shared: number; score: number; expected: number }>();
  for (const list of lists) {
    for (const r of list) {
      const s = sum.get(r.role) ?? { games: 0, wins: 0, shared: 0, score: 0, expected: 0 };
      s.games += r.games;
      s.wins += r.wins;
      s.shared += r.shared;
      s.score += r.score;
      s.expected += r.expected;
      sum.set(r.role, s);
    }
  }
  return [...sum].map(([role, r]) => roleResult(role, r));
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** One line per role, highest ratio first, flagged when above `limit` × its fair share. */
export function formatRoles(roles: readonly RoleResult[], name: string, limit = 1.5): string {
  const rows = [[name, 'games', 'wins', 'shared', 'win rate', '95% CI', 'fair', '× fair']];
  for (const r of [...roles].sort((a, b) => b.ratio - a.ratio || a.role.localeCompare(b.role))) {
    rows.push([r.role, String(r.games), String(r.wins), String(r.shared), pct(r.winRate), `${pct(r.winLow)}–${pct(r.winHigh)}`, pct(r.fairShare), `${r.ratio.toFixed(2)}${r.ratio > limit ? ' !' : ''}`]);
  }
  const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  const lines = rows.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}
