import { createRng, err, nextUint32, ok, type Result } from '@roundtable/core';
import { present, tableScores } from './scoring.ts';
import { findDuplicate } from './ranking.ts';
import { validSizes } from './scoring.ts';
import { planTables } from './table-sizes.ts';
import { SPREAD, seatTables } from './table-search.ts';
import type {
  ArenaPairInput,
  ArenaPairing,
  ArenaStandingRow,
  ArenaWaiting,
  Entrant,
  EntrantId,
  EventResult,
  MatchResult,
  PairingError,
} from './types.ts';

/** Arena points (README.md, "Arena"): as lichess's arena. */
export const ARENA_POINTS = { win: 2, draw: 1, loss: 0, berserkWin: 1 } as const;

/** How many rating points weigh as much as one arena point when tables are formed. */
const RATING_PER_POINT = 400;

/**
 * Pairs the players waiting now (README.md, "Arena"): the players are ordered by arena points then rating, the
 * most recent arrivals wait for the next wave when the count fits no table, and tables are formed among close
 * scores and ratings (score + rating/400 as the closeness) with nobody meeting their last match's table-mates
 * again where avoidable. Seat order by lot.
 */
export function pairArena(input: ArenaPairInput): Result<ArenaPairing, PairingError> {
  if (!validSizes(input.sizes)) return err({ code: 'BAD_TABLE_SIZES', sizes: input.sizes });
  const dup = findDuplicate(input.waiting);
  if (dup !== null) return err({ code: 'DUPLICATE_ENTRANT', entrant: dup });
  const seedText = typeof input.seed === 'number' ? `#${input.seed}` : input.seed;
  const rng = createRng(`${seedText}/arena`);
  const lot = new Map<EntrantId, number>();
  for (const w of [...input.waiting].sort((a, b) => (a.id < b.id ? -1 : 1))) lot.set(w.id, nextUint32(rng));
  const plan = planTables(input.waiting.length, input.sizes);
  // The latest arrivals wait (ties by lot): whoever waited longest plays first.
  const byArrival = [...input.waiting].sort(
    (a, b) => a.waitingSince - b.waitingSince || lot.get(a.id)! - lot.get(b.id)!,
  );
  const seatedSet = new Set(byArrival.slice(0, input.waiting.length - plan.byes).map((w) => w.id));
  const left = byArrival.slice(input.waiting.length - plan.byes).map((w) => w.id);
  const closeness = (w: ArenaWaiting): number => w.score + w.rating / RATING_PER_POINT;
  const seated = input.waiting
    .filter((w) => seatedSet.has(w.id))
    .sort((a, b) => closeness(b) - closeness(a) || lot.get(a.id)! - lot.get(b.id)!);
  const n = seated.length;
  const index = new Map(seated.map((w, i) => [w.id, i]));
  const met = new Uint16Array(n * n);
  seated.forEach((w, i) => {
    for (const o of w.lastOpponents) {
      const j = index.get(o);
      if (j === undefined) continue;
      met[i * n + j] = 1;
      met[j * n + i] = 1;
    }
  });
  const tables = seatTables({
    n,
    points: seated.map(closeness),
    met,
    seatCounts: seated.map(() => []),
    smallestTable: seated.map(() => Infinity),
    tableSizes: plan.tables,
    seed: `${seedText}/arena tables`,
    spreadWeight: SPREAD,
  });
  return ok({
    tables: tables.map((t, i) => ({
      table: i + 1,
      seats: t.map((k) => seated[k]!.id).sort((a, b) => lot.get(a)! - lot.get(b)!),
    })),
    waiting: left,
  });
}

/** A match's outcome for one seat, as the arena counts it: a sole first place wins, a sole last loses. */
export type ArenaOutcome = 'win' | 'draw' | 'loss';

/**
 * Two players: win, draw or loss. At a table the table score decides: 1 (beat everyone) is a win, 0 (beaten by
 * everyone, or absent) a loss, anything between a draw (README.md, "Arena").
 */
export function arenaOutcome(match: MatchResult, seat: number): ArenaOutcome {
  const s = tableScores(match)[seat] ?? 0;
  if (!present(match.seats[seat]!)) return 'loss';
  return s === 1 ? 'win' : s === 0 ? 'loss' : 'draw';
}

/**
 * Arena standings from the results, a pure function of them (README.md, "Arena"): win 2, draw 1, loss 0; after
 * two wins in a row the entrant is on fire and each result's points double until a result that is not a win;
 * a berserked win adds 1 (not doubled). Ranked by points, then performance (mean table score), then id.
 */
export function arenaStandings(entrants: readonly Entrant[], results: readonly EventResult[]): ArenaStandingRow[] {
  const matches = results
    .filter((r): r is MatchResult => r.kind === 'match')
    .sort((a, b) => a.round - b.round || (a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : 0));
  interface Tally {
    points: number;
    played: number;
    wins: number;
    berserkWins: number;
    streak: number;
    tableScore: number;
    forfeits: number;
    botReplaced: number;
  }
  const tally = new Map<EntrantId, Tally>();
  const get = (id: EntrantId): Tally => {
    let t = tally.get(id);
    if (!t) {
      t = { points: 0, played: 0, wins: 0, berserkWins: 0, streak: 0, tableScore: 0, forfeits: 0, botReplaced: 0 };
      tally.set(id, t);
    }
    return t;
  };
  for (const e of entrants) get(e.id);
  for (const m of matches) {
    const scores = tableScores(m);
    m.seats.forEach((s, i) => {
      const t = get(s.entrant);
      const outcome = arenaOutcome(m, i);
      const fire = t.streak >= 2 ? 2 : 1;
      t.points += ARENA_POINTS[outcome] * fire;
      if (outcome === 'win' && s.berserk) {
        t.points += ARENA_POINTS.berserkWin;
        t.berserkWins++;
      }
      t.streak = outcome === 'win' ? t.streak + 1 : 0;
      if (outcome === 'win') t.wins++;
      t.played++;
      t.tableScore += scores[i]!;
      if (!present(s)) t.forfeits++;
      if (s.status === 'bot-replaced') t.botReplaced++;
    });
  }
  const rows = [...tally.entries()].map(([entrant, t]) => ({
    rank: 0,
    entrant,
    points: t.points,
    played: t.played,
    wins: t.wins,
    berserkWins: t.berserkWins,
    onFire: t.streak >= 2,
    performance: t.played ? Math.round((t.tableScore / t.played) * 1e6) / 1e6 : 0,
    forfeits: t.forfeits,
    botReplaced: t.botReplaced,
  }));
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.performance - a.performance ||
      (a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0),
  );
  let rank = 0;
  return rows.map((r, i) => {
    const prev = rows[i - 1];
    if (!prev || prev.points !== r.points || prev.performance !== r.performance) rank = i + 1;
    return { ...r, rank };
  });
}
