import { z } from 'zod';
import { arenaStandings } from './arena.ts';
import { computeStandings, TIE_BREAKS } from './standings.ts';
import type { ArenaStandingRow, EventResult, MatchResult, StandingRow, TieBreakName } from './types.ts';

/** The version of the event record's JSON shape; a reader refuses any other. */
export const EVENT_RECORD_VERSION = 1;

export type EventKind = 'swiss' | 'arena' | 'round-robin';

const seatResult = z.object({
  entrant: z.string().min(1),
  place: z.number().int().min(1),
  status: z.enum(['played', 'forfeit', 'bot-replaced']).optional(),
  berserk: z.boolean().optional(),
});

export const matchResultSchema = z.object({
  kind: z.literal('match'),
  matchId: z.string().min(1),
  round: z.number().int().min(0),
  seats: z.array(seatResult).min(1),
});

const byeResult = z.object({ kind: z.literal('bye'), round: z.number().int().min(0), entrant: z.string().min(1) });

const standingRow = z.object({
  rank: z.number().int().min(1),
  entrant: z.string(),
  points: z.number(),
  played: z.number().int(),
  wins: z.number().int(),
  byes: z.number().int(),
  forfeits: z.number().int(),
  botReplaced: z.number().int(),
  bot: z.boolean(),
  withdrawn: z.boolean(),
  buchholz: z.number(),
  sonnebornBerger: z.number(),
});

const arenaRow = z.object({
  rank: z.number().int().min(1),
  entrant: z.string(),
  points: z.number(),
  played: z.number().int(),
  wins: z.number().int(),
  berserkWins: z.number().int(),
  onFire: z.boolean(),
  performance: z.number(),
  forfeits: z.number().int(),
  botReplaced: z.number().int(),
});

/** The event record's schema: what `GET /api/events/:id/record` exports and a verifier reads back. */
export const eventRecordSchema = z.object({
  version: z.literal(EVENT_RECORD_VERSION),
  event: z.object({
    id: z.string().min(1),
    game: z.string().min(1),
    kind: z.enum(['swiss', 'arena', 'round-robin']),
    name: z.string(),
    sizes: z.object({ min: z.number().int(), max: z.number().int(), preferred: z.number().int() }),
    rounds: z.number().int().min(0).optional(),
    byePoints: z.number().min(0).max(1),
    seed: z.union([z.string().min(1), z.number().int()]),
    rated: z.boolean(),
  }),
  entrants: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().optional(),
      rating: z.number().optional(),
      bot: z.boolean().optional(),
      withdrawn: z.boolean().optional(),
    }),
  ),
  rounds: z.array(
    z.object({
      round: z.number().int().min(0),
      tables: z.array(
        z.object({
          table: z.number().int().min(1),
          seats: z.array(z.string().min(1)).min(1),
          matchId: z.string().min(1).nullable(),
        }),
      ),
      byes: z.array(z.string().min(1)),
    }),
  ),
  results: z.array(z.discriminatedUnion('kind', [matchResultSchema, byeResult])),
  tieBreaks: z.array(z.enum(['buchholz', 'sonneborn-berger', 'wins'])),
  standings: z.union([z.array(standingRow), z.array(arenaRow)]),
});

export type EventRecord = z.infer<typeof eventRecordSchema>;

/** One difference a verification found, with what the record says and what the matches give. */
export type RecordDifference =
  | { readonly code: 'MATCH_MISSING'; readonly matchId: string }
  | { readonly code: 'MATCH_NOT_IN_RECORD'; readonly matchId: string }
  | { readonly code: 'RESULT_DIFFERS'; readonly matchId: string; readonly recorded: unknown; readonly actual: unknown }
  | {
      readonly code: 'PAIRING_DIFFERS';
      readonly matchId: string;
      readonly paired: readonly string[];
      readonly played: readonly string[];
    }
  | { readonly code: 'STANDINGS_DIFFER'; readonly rank: number; readonly recorded: unknown; readonly computed: unknown }
  | {
      readonly code: 'TIE_BREAKS_DIFFER';
      readonly recorded: readonly string[];
      readonly expected: readonly TieBreakName[];
    };

export interface Verification {
  readonly ok: boolean;
  readonly differences: readonly RecordDifference[];
}

/** Standings of an event of this kind from results: the one function both the server and the verifier use. */
export function standingsFor(
  kind: EventKind,
  entrants: EventRecord['entrants'],
  results: readonly EventResult[],
  byePoints: number,
): StandingRow[] | ArenaStandingRow[] {
  return kind === 'arena' ? arenaStandings(entrants, results) : computeStandings(entrants, results, { byePoints });
}

/** The tie-breaks an event of this kind records (an arena ranks by performance, README.md). */
export function tieBreaksFor(kind: EventKind): TieBreakName[] {
  return kind === 'arena' ? [] : [...TIE_BREAKS];
}

/** Field by field, whatever the key order the record's JSON came in. */
function sameRow(a: object | undefined, b: object | undefined): boolean {
  if (!a || !b) return a === b;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * An event record from what the server stored: the standings and tie-breaks computed here, so that a record made
 * by the server always verifies against its own matches.
 */
export function makeEventRecord(parts: Omit<EventRecord, 'version' | 'standings' | 'tieBreaks'>): EventRecord {
  return {
    version: EVENT_RECORD_VERSION,
    ...parts,
    tieBreaks: tieBreaksFor(parts.event.kind),
    standings: standingsFor(parts.event.kind, parts.entrants, parts.results, parts.event.byePoints),
  };
}

function sameResult(a: MatchResult, b: MatchResult): boolean {
  return (
    a.round === b.round &&
    a.seats.length === b.seats.length &&
    a.seats.every((s, i) => {
      const t = b.seats[i]!;
      const st = s.status ?? 'played';
      return (
        s.entrant === t.entrant &&
        st === (t.status ?? 'played') &&
        (st !== 'played' || s.place === t.place) &&
        (s.berserk ?? false) === (t.berserk ?? false)
      );
    })
  );
}

/**
 * Checks an event record against the match outcomes read from the match records (each an ordinary match: its
 * seats, places and statuses as its own record gives them): every recorded match result must be the match's,
 * every paired table must be the match's seats in order, and the standings recomputed from those outcomes (with
 * the record's byes) must equal the record's, row by row.
 */
export function verifyEventRecord(record: EventRecord, matchResults: readonly MatchResult[]): Verification {
  const differences: RecordDifference[] = [];
  const actual = new Map(matchResults.map((m) => [m.matchId, m]));
  const recorded = new Map<string, MatchResult>();
  for (const r of record.results) if (r.kind === 'match') recorded.set(r.matchId, r);
  for (const [id, r] of recorded) {
    const a = actual.get(id);
    if (!a) differences.push({ code: 'MATCH_MISSING', matchId: id });
    else if (!sameResult(r, a)) differences.push({ code: 'RESULT_DIFFERS', matchId: id, recorded: r, actual: a });
  }
  for (const id of actual.keys()) if (!recorded.has(id)) differences.push({ code: 'MATCH_NOT_IN_RECORD', matchId: id });
  for (const round of record.rounds) {
    for (const t of round.tables) {
      if (t.matchId === null) continue;
      const a = actual.get(t.matchId);
      if (!a) continue;
      const played = a.seats.map((s) => s.entrant);
      if (played.length !== t.seats.length || played.some((p, i) => p !== t.seats[i])) {
        differences.push({ code: 'PAIRING_DIFFERS', matchId: t.matchId, paired: t.seats, played });
      }
    }
  }
  const expectedTieBreaks = tieBreaksFor(record.event.kind);
  if (expectedTieBreaks.join() !== record.tieBreaks.join()) {
    differences.push({ code: 'TIE_BREAKS_DIFFER', recorded: record.tieBreaks, expected: expectedTieBreaks });
  }
  const byes = record.results.filter((r) => r.kind === 'bye');
  const computed = standingsFor(record.event.kind, record.entrants, [...byes, ...matchResults], record.event.byePoints);
  const rows = Math.max(computed.length, record.standings.length);
  for (let i = 0; i < rows; i++) {
    const c = computed[i];
    const r = record.standings[i];
    if (!sameRow(c, r)) {
      differences.push({ code: 'STANDINGS_DIFFER', rank: i + 1, recorded: r ?? null, computed: c ?? null });
    }
  }
  return { ok: differences.length === 0, differences };
}
