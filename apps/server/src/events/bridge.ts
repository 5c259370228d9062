/**
 * The one place the server calls the pairing and standings code (pairing/): stored rows to its plain inputs, and
 * its answers to the protocol's shapes. Standings are never accumulated: they are recomputed from every stored
 * result each time, by the same function the event record's verifier uses.
 */
import type { Crosstable, EventKind, EventRecord, Standing } from '@roundtable/protocol';
import {
  arenaStandings,
  computeStandings,
  crosstable,
  defaultByePoints,
  makeEventRecord,
  pairArena,
  pairSwissRound,
  roundRobinSchedule,
  tableScores,
  type ArenaStandingRow,
  type Entrant,
  type EventRecord as PairingRecord,
  type EventResult,
  type MatchResult,
  type RoundPairing,
  type StandingRow,
  type TableSizes,
} from './pairing/index.ts';
import type { EntrantRow, EventRow, PairingRow } from './store.ts';

export type { TableSizes } from './pairing/index.ts';

/** A round to write: its tables (entrants in seat order) and byes. */
export interface PlannedRound {
  readonly tables: readonly { readonly seats: readonly string[] }[];
  readonly byes: readonly string[];
}

/** Seats filled by house bots (arena tables with too few people): not entrants, never in the standings. */
export const FILLER = 'bot:';

const recordKind = (k: EventKind): 'swiss' | 'arena' | 'round-robin' => (k === 'roundrobin' ? 'round-robin' : k);

export const SCORING: Record<EventKind, { points: string; tieBreaks: readonly string[] }> = {
  swiss: {
    points:
      'per match the share of table-mates beaten, a tie half (two players: win 1, draw 0.5, loss 0); a bye 1 for two players, 0.5 at tables; a no-show scores 0',
    tieBreaks: ['buchholz', 'sonneborn-berger', 'wins'],
  },
  roundrobin: {
    points:
      'per match the share of table-mates beaten, a tie half (two players: win 1, draw 0.5, loss 0); a no-show scores 0',
    tieBreaks: ['buchholz', 'sonneborn-berger', 'wins'],
  },
  arena: {
    points:
      'win 2, draw 1, loss 0 (at tables by the share of table-mates beaten); after two wins in a row each result counts double until a result that is not a win; a berserked win adds 1',
    tieBreaks: ['performance'],
  },
};

/** The seats an event's tables may have: the organiser's size preferred, 3 to 6 (as the game allows) to seat all. */
export function sizesOf(row: EventRow, game: { minPlayers: number; maxPlayers: number } | undefined): TableSizes {
  const players = row.spec.players;
  if (players <= 2) return { min: 2, max: 2, preferred: 2 };
  // A round robin seats everyone at the size asked (each table is one meeting of its entrants); an arena too (a
  // table waits for its players, or for bots where the organiser allows them: a game's length depends on its size).
  if (row.kind !== 'swiss') return { min: players, max: players, preferred: players };
  const min = Math.max(game?.minPlayers ?? 3, Math.min(3, players));
  const max = Math.min(game?.maxPlayers ?? players, Math.max(6, players));
  return { min, max, preferred: players };
}

const byePointsOf = (row: EventRow): number =>
  defaultByePoints(row.spec.players <= 2 ? { min: 2, max: 2, preferred: 2 } : { min: 3, max: 6, preferred: 3 });

function entrantsOf(entrants: readonly EntrantRow[], pairings: readonly PairingRow[]): Entrant[] {
  const out: Entrant[] = entrants.map((e) => ({
    id: e.accountId,
    rating: e.rating,
    ...(e.bot ? { bot: true } : {}),
    ...(e.withdrawn ? { withdrawn: true } : {}),
  }));
  // Bot fillers sat at tables: the table scores count them (they are there), the standings then leave them out.
  const fillers = new Set(pairings.flatMap((p) => p.seats.filter((s) => s.startsWith(FILLER))));
  for (const f of fillers) out.push({ id: f, bot: true, withdrawn: true });
  return out;
}

function matchResultOf(row: EventRow, p: PairingRow): MatchResult {
  return {
    kind: 'match',
    matchId: p.matchId!,
    // An arena's "round" orders each entrant's games: its tables are numbered in the order they were seated.
    round: row.kind === 'arena' ? p.table : p.round,
    seats: p.seats.map((entrant, i) => {
      const r = p.results![i]!;
      return { entrant, place: r.place, status: r.status, ...(r.berserk ? { berserk: true } : {}) };
    }),
  };
}

/** Every result stored so far: done tables and byes. */
export function resultsOf(row: EventRow, pairings: readonly PairingRow[]): EventResult[] {
  return pairings.flatMap((p): EventResult[] => {
    if (p.status === 'bye') return [{ kind: 'bye', round: p.round, entrant: p.seats[0]! }];
    if (p.status === 'done' && p.results && p.matchId) return [matchResultOf(row, p)];
    return [];
  });
}

/** What each seat of a done table scored: the share of table-mates it beat, a tie half; an absent seat 0. */
export function seatScores(row: EventRow, p: PairingRow): number[] {
  if (!p.results || !p.matchId) return p.seats.map(() => 0);
  return tableScores(matchResultOf(row, p));
}

/** The standings now, recomputed from every stored result. */
export function standingsFor(
  row: EventRow,
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
): Standing[] {
  const results = resultsOf(row, pairings);
  const all = entrantsOf(entrants, pairings);
  const byId = new Map(entrants.map((e) => [e.accountId, e]));
  const shown = (id: string): boolean => byId.has(id);
  if (row.kind === 'arena') {
    return rerank(
      arenaStandings(all, results)
        .filter((s) => shown(s.entrant))
        .map((s: ArenaStandingRow) => ({
          rank: s.rank,
          entrant: s.entrant,
          name: byId.get(s.entrant)!.name,
          bot: byId.get(s.entrant)!.bot,
          points: s.points,
          played: s.played,
          wins: s.wins,
          byes: 0,
          forfeits: s.forfeits,
          botReplaced: s.botReplaced,
          withdrawn: byId.get(s.entrant)!.withdrawn,
          tieBreaks: { performance: s.performance },
          onFire: s.onFire,
          ...(s.berserkWins > 0 ? { berserkWins: s.berserkWins } : {}),
        })),
    );
  }
  return rerank(
    computeStandings(all, results, { byePoints: byePointsOf(row) })
      .filter((s) => shown(s.entrant))
      .map((s: StandingRow) => ({
        rank: s.rank,
        entrant: s.entrant,
        name: byId.get(s.entrant)!.name,
        bot: s.bot,
        points: s.points,
        played: s.played,
        wins: s.wins,
        byes: s.byes,
        forfeits: s.forfeits,
        botReplaced: s.botReplaced,
        withdrawn: s.withdrawn,
        tieBreaks: { buchholz: s.buchholz, 'sonneborn-berger': s.sonnebornBerger, wins: s.wins },
      })),
  );
}

/** Ranks again without the bot fillers left out (1, 2, 2, 4… as the pairing code ranks). */
function rerank(rows: Standing[]): Standing[] {
  let rank = 0;
  return rows.map((s, i) => {
    const prev = rows[i - 1];
    if (!prev || prev.rank !== s.rank) rank = i + 1;
    return { ...s, rank };
  });
}

export function crosstableFor(
  row: EventRow,
  standings: readonly Standing[],
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
): Crosstable {
  const byId = new Map(entrantsOf(entrants, pairings).map((e) => [e.id, e]));
  const ordered = standings.map((s) => byId.get(s.entrant)!).filter((e) => e !== undefined);
  const t = crosstable(ordered, resultsOf(row, pairings));
  return {
    entrants: t.entrants,
    cells: t.cells.map((line) =>
      line.map((games) => games.map((g) => ({ match: g.matchId, round: g.round, score: g.score, first: g.first }))),
    ),
  };
}

/** Swiss: round `round`, by score groups (pairing/swiss.ts), from the event's seed. */
export function pairSwiss(
  row: EventRow,
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
  round: number,
  sizes: TableSizes,
): PlannedRound | null {
  const r = pairSwissRound({
    entrants: entrantsOf(entrants, []),
    results: resultsOf(row, pairings),
    round,
    sizes,
    seed: row.seed,
    byePoints: byePointsOf(row),
  });
  return r.ok ? planned(r.value) : null;
}

/** Round robin: every round at once (pairing/round-robin.ts), from the entrants at the start and the seed. */
export function roundRobin(row: EventRow, entrants: readonly EntrantRow[], sizes: TableSizes): PlannedRound[] {
  const r = roundRobinSchedule({ entrants: entrantsOf(entrants, []), sizes, seed: row.seed });
  return r.ok ? r.value.map(planned) : [];
}

/** Arena: those waiting now, in tables by score and rating (pairing/arena.ts); the rest wait for the next wave. */
export function pairArenaWave(
  row: EventRow,
  waiting: readonly { id: string; score: number; rating: number; lastOpponents: readonly string[]; since: number }[],
  sizes: TableSizes,
  wave: number,
): PlannedRound {
  const r = pairArena({
    waiting: waiting.map((w) => ({
      id: w.id,
      score: w.score,
      rating: w.rating,
      lastOpponents: w.lastOpponents,
      waitingSince: w.since,
    })),
    sizes,
    seed: `${row.seed}/${wave}`,
  });
  if (!r.ok) return { tables: [], byes: waiting.map((w) => w.id) };
  return { tables: r.value.tables.map((t) => ({ seats: t.seats })), byes: r.value.waiting };
}

function planned(r: RoundPairing): PlannedRound {
  return { tables: r.tables.map((t) => ({ seats: t.seats })), byes: r.byes };
}

/** The event's record (pairing/record.ts): verifiable with `verifyEventRecord` against the match records. */
export function recordOf(
  row: EventRow,
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
  sizes: TableSizes,
): EventRecord {
  const rounds = [...new Set(pairings.map((p) => p.round))].sort((a, b) => a - b);
  return makeEventRecord({
    event: {
      id: row.id,
      game: row.game,
      kind: recordKind(row.kind),
      name: row.spec.name,
      sizes,
      ...(row.rounds !== null ? { rounds: row.rounds } : {}),
      byePoints: byePointsOf(row),
      seed: row.seed,
      rated: row.spec.rated,
    },
    entrants: entrantsOf(entrants, pairings).map((e) => {
      const stored = entrants.find((x) => x.accountId === e.id);
      return { ...e, ...(stored ? { name: stored.name } : {}) };
    }),
    rounds: rounds.map((round) => ({
      round,
      tables: pairings
        .filter((p) => p.round === round && p.status !== 'bye')
        .map((p) => ({ table: p.table, seats: [...p.seats], matchId: p.matchId })),
      byes: pairings.filter((p) => p.round === round && p.status === 'bye').map((p) => p.seats[0]!),
    })),
    results: resultsOf(row, pairings) as PairingRecord['results'],
  }) as EventRecord;
}
