/**
 * Monthly ladders (README.md, "Seasons"): a pure function of rows the server reads from its store. A month is
 * `YYYY-MM` and runs from its first day 00:00 UTC to the next month's, whatever the server's time zone.
 */

/** One row the ladder is built from: arena points won, or a rating reached, at a moment (ms since the epoch). */
export interface SeasonRow {
  readonly player: string;
  readonly at: number;
  readonly points?: number;
  readonly rating?: number;
}

export type LadderBy = 'points' | 'rating';

export interface LadderRow {
  readonly rank: number;
  readonly player: string;
  /** Points summed over the month, or the last rating of the month. */
  readonly value: number;
  /** Rows of the month counted (events or rated games). */
  readonly count: number;
}

export interface LadderOptions {
  readonly by: LadderBy;
  /** A rating ladder lists only players with at least this many rows in the month (default 1). */
  readonly minCount?: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month's boundaries, start inclusive and end exclusive, in ms UTC; null for a malformed month. */
export function monthBounds(month: string): { start: number; end: number } | null {
  const m = MONTH.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1;
  return { start: Date.UTC(y, mo, 1), end: Date.UTC(y, mo + 1, 1) };
}

/** The UTC month (`YYYY-MM`) a moment falls in. */
export function monthOf(at: number): string {
  const d = new Date(at);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The month's ladder: by points, each player's points summed over the month; by rating, each player's last rating
 * of the month (rows with no rating ignored). Ranked highest first, equal values sharing a rank, then by player.
 */
export function monthlyLadder(rows: readonly SeasonRow[], month: string, options: LadderOptions): LadderRow[] {
  const bounds = monthBounds(month);
  if (!bounds) return [];
  const per = new Map<string, { value: number; count: number; last: number }>();
  for (const r of rows) {
    if (r.at < bounds.start || r.at >= bounds.end) continue;
    const v = options.by === 'points' ? r.points : r.rating;
    if (v === undefined || !Number.isFinite(v)) continue;
    const cur = per.get(r.player) ?? { value: 0, count: 0, last: -Infinity };
    cur.count++;
    if (options.by === 'points') cur.value += v;
    else if (r.at >= cur.last) {
      cur.value = v;
      cur.last = r.at;
    }
    per.set(r.player, cur);
  }
  const min = options.by === 'rating' ? (options.minCount ?? 1) : 1;
  const list = [...per.entries()]
    .filter(([, v]) => v.count >= min)
    .map(([player, v]) => ({ player, value: Math.round(v.value * 1e6) / 1e6, count: v.count }))
    .sort((a, b) => b.value - a.value || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  let rank = 0;
  return list.map((r, i) => {
    if (i === 0 || list[i - 1]!.value !== r.value) rank = i + 1;
    return { rank, ...r };
  });
}

/** The winners (everyone ranked first) of each month given, latest month first: a season page's past winners. */
export function seasonWinners(
  rows: readonly SeasonRow[],
  months: readonly string[],
  options: LadderOptions,
): { month: string; winners: LadderRow[] }[] {
  return [...months]
    .sort()
    .reverse()
    .map((month) => ({ month, winners: monthlyLadder(rows, month, options).filter((r) => r.rank === 1) }));
}
