import { pairwiseScore, present, tableScores } from './scoring.ts';
import type { Entrant, EntrantId, EventResult, StandingRow, StandingsOptions, TieBreakName } from './types.ts';

/** The tie-breaks of a Swiss or a round robin, in the order applied after points (README.md, "Standings"). */
export const TIE_BREAKS: readonly TieBreakName[] = ['buchholz', 'sonneborn-berger', 'wins'];

/** Rounded to a millionth: a table score of 1/3 summed in another order must compare equal. */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

interface Tally {
  points: number;
  played: number;
  wins: number;
  byes: number;
  forfeits: number;
  botReplaced: number;
  /** Per match: the table-mates and what this entrant scored against each. */
  games: { mates: EntrantId[]; against: number[] }[];
}

function entrantIds(entrants: readonly Entrant[], results: readonly EventResult[]): EntrantId[] {
  const ids = new Set(entrants.map((e) => e.id));
  for (const r of results) {
    if (r.kind === 'bye') ids.add(r.entrant);
    else for (const s of r.seats) ids.add(s.entrant);
  }
  return [...ids];
}

/**
 * Standings of a Swiss or a round robin, a pure function of the results (the server recomputes them from the
 * stored matches and compares). Points: per match the table score (the share of table-mates beaten, a tie half),
 * per bye `byePoints`. Tie-breaks, in order (README.md, "Standings"):
 * - Buchholz: per match, the mean final points of the table-mates, summed (two players: the opponents' points);
 * - Sonneborn–Berger: per match, Σ over table-mates of (what the entrant scored against that mate × the mate's
 *   final points) / (table size − 1) (two players: the points of the opponents beaten, half of those drawn);
 * - wins: matches won outright.
 * A bye adds nothing to either sum. Entrants equal on all of them share a rank and are listed by id.
 */
export function computeStandings(
  entrants: readonly Entrant[],
  results: readonly EventResult[],
  options: StandingsOptions,
): StandingRow[] {
  const ids = entrantIds(entrants, results);
  const tally = new Map<EntrantId, Tally>(
    ids.map((id) => [id, { points: 0, played: 0, wins: 0, byes: 0, forfeits: 0, botReplaced: 0, games: [] }]),
  );
  for (const r of results) {
    if (r.kind === 'bye') {
      const t = tally.get(r.entrant)!;
      t.points += options.byePoints;
      t.byes++;
      continue;
    }
    const scores = tableScores(r);
    r.seats.forEach((s, i) => {
      const t = tally.get(s.entrant)!;
      t.points += scores[i]!;
      t.played++;
      if (scores[i] === 1 && r.seats.length > 1) t.wins++;
      if (!present(s)) t.forfeits++;
      if (s.status === 'bot-replaced') t.botReplaced++;
      const mates: EntrantId[] = [];
      const against: number[] = [];
      r.seats.forEach((o, j) => {
        if (j === i) return;
        mates.push(o.entrant);
        against.push(pairwiseScore(s, o));
      });
      t.games.push({ mates, against });
    });
  }
  const final = (id: EntrantId): number => tally.get(id)!.points;
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const rows = ids.map((id) => {
    const t = tally.get(id)!;
    let buchholz = 0;
    let sb = 0;
    for (const g of t.games) {
      if (!g.mates.length) continue;
      buchholz += g.mates.reduce((s, m) => s + final(m), 0) / g.mates.length;
      sb += g.mates.reduce((s, m, k) => s + g.against[k]! * final(m), 0) / g.mates.length;
    }
    return {
      rank: 0,
      entrant: id,
      points: round6(t.points),
      played: t.played,
      wins: t.wins,
      byes: t.byes,
      forfeits: t.forfeits,
      botReplaced: t.botReplaced,
      bot: byId.get(id)?.bot ?? false,
      withdrawn: byId.get(id)?.withdrawn ?? false,
      buchholz: round6(buchholz),
      sonnebornBerger: round6(sb),
    };
  });
  const key = (r: StandingRow): number[] => [r.points, r.buchholz, r.sonnebornBerger, r.wins];
  const cmpKey = (a: StandingRow, b: StandingRow): number => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return 0;
  };
  rows.sort((a, b) => cmpKey(a, b) || (a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0));
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || cmpKey(rows[i - 1]!, r) !== 0) rank = i + 1;
    return { ...r, rank };
  });
}
