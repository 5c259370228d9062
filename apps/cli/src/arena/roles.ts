import type { Localized, Outcome, Seat } from '@roundtable/core';
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
  /** The role of `seat` in the final spectator view (and the outcome, which may reveal it), or null when none. */
  roleOf(view: unknown, seat: Seat, outcome: Outcome): string | null;
  /**
   * A game where seats accuse one another (Chevaliers: the traitor): the seat a move accuses, and the role an
   * accusation is right to name. The arena then counts the accusations made and how many were right.
   */
  readonly accusations?: { readonly guilty: string; target(move: string): Seat | null };
}

/** The accusations of an arena run: how many, how many right, and by the accuser's role. */
export interface AccusationResult {
  readonly games: number;
  readonly made: number;
  readonly right: number;
  readonly rightLow: number;
  readonly rightHigh: number;
  /** Games in which at least one accusation was made. */
  readonly gamesWithAccusation: number;
  readonly byRole: readonly { readonly role: string; readonly made: number; readonly right: number }[];
}

/** Running accusation counts over the games of an arena. */
export class AccusationTally {
  private games = 0;
  private made = 0;
  private right = 0;
  private withAccusation = 0;
  private readonly byRole = new Map<string, { made: number; right: number }>();

  /** One finished game: its moves and each seat's role. */
  add(
    hook: NonNullable<ArenaRoles['accusations']>,
    moves: readonly { readonly seat: Seat; readonly move: string }[],
    roles: readonly (string | null)[],
  ): void {
    this.games++;
    let any = false;
    for (const m of moves) {
      const target = hook.target(m.move);
      if (target === null) continue;
      any = true;
      const right = roles[target] === hook.guilty;
      this.made++;
      if (right) this.right++;
      const role = roles[m.seat] ?? '(none)';
      const row = this.byRole.get(role) ?? { made: 0, right: 0 };
      row.made++;
      if (right) row.right++;
      this.byRole.set(role, row);
    }
    if (any) this.withAccusation++;
  }

  result(): AccusationResult {
    const ci = wilson(this.right, this.made);
    return {
      games: this.games,
      made: this.made,
      right: this.right,
      rightLow: ci.low,
      rightHigh: ci.high,
      gamesWithAccusation: this.withAccusation,
      byRole: [...this.byRole].map(([role, r]) => ({ role, ...r })),
    };
  }
}

/** Several runs' accusations as one. */
export function mergeAccusations(list: readonly AccusationResult[]): AccusationResult {
  const byRole = new Map<string, { made: number; right: number }>();
  let games = 0;
  let made = 0;
  let right = 0;
  let withAccusation = 0;
  for (const a of list) {
    games += a.games;
    made += a.made;
    right += a.right;
    withAccusation += a.gamesWithAccusation;
    for (const r of a.byRole) {
      const row = byRole.get(r.role) ?? { made: 0, right: 0 };
      row.made += r.made;
      row.right += r.right;
      byRole.set(r.role, row);
    }
  }
  const ci = wilson(right, made);
  return {
    games,
    made,
    right,
    rightLow: ci.low,
    rightHigh: ci.high,
    gamesWithAccusation: withAccusation,
    byRole: [...byRole].map(([role, r]) => ({ role, ...r })),
  };
}

/** "Accusations: 37 in 24 of 100 games, 21 right (56.8%, 95% CI 41.0%–71.3%); by loyal 30 (21 right), by traitor 7 (0 right)." */
export function formatAccusations(a: AccusationResult): string {
  const share =
    a.made > 0 ? `, ${a.right} right (${pct(a.right / a.made)}, 95% CI ${pct(a.rightLow)}–${pct(a.rightHigh)})` : '';
  const by =
    a.byRole.length > 0 ? `; by ${a.byRole.map((r) => `${r.role} ${r.made} (${r.right} right)`).join(', by ')}` : '';
  return `Accusations: ${a.made} in ${a.gamesWithAccusation} of ${a.games} games${share}${by}.`;
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
  /** winRate / fairShare: 1 is balanced, 1.5 is the issue's limit. */
  readonly ratio: number;
}

/** Running per-role counts, in the order roles first appear. */
export class RoleTally {
  private readonly rows = new Map<
    string,
    { games: number; wins: number; shared: number; score: number; expected: number }
  >();

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

function roleResult(
  role: string,
  r: { games: number; wins: number; shared: number; score: number; expected: number },
): RoleResult {
  const ci = wilson(r.score, r.games);
  const winRate = r.games > 0 ? r.score / r.games : 0;
  const fairShare = r.games > 0 ? r.expected / r.games : 0;
  return {
    role,
    games: r.games,
    wins: r.wins,
    shared: r.shared,
    score: r.score,
    expected: r.expected,
    winRate,
    winLow: ci.low,
    winHigh: ci.high,
    fairShare,
    ratio: fairShare > 0 ? winRate / fairShare : 0,
  };
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
    rows.push([
      r.role,
      String(r.games),
      String(r.wins),
      String(r.shared),
      pct(r.winRate),
      `${pct(r.winLow)}–${pct(r.winHigh)}`,
      pct(r.fairShare),
      `${r.ratio.toFixed(2)}${r.ratio > limit ? ' !' : ''}`,
    ]);
  }
  const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  const lines = rows.map((row) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  '),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}
