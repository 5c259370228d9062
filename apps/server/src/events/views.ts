import type { EventSummary, Pairing, PairingSeat, RoundInfo } from '@roundtable/protocol';
import { berserkAllowed } from './berserk.ts';
import { FILLER, seatScores } from './bridge.ts';
import type { EntrantRow, EventRow, PairingRow, RoundRow } from './store.ts';

/** An event as it is shown: its settings without the invitation code. */
export function summaryOf(row: EventRow, entrants: number, maxEntrants: number): EventSummary {
  const s = row.spec;
  const c = s.conditions;
  return {
    id: row.id,
    name: s.name,
    kind: row.kind,
    game: row.game,
    options: s.options ?? {},
    players: s.players,
    clock: s.clock,
    rated: s.rated,
    status: row.status,
    organiser: row.organiserName,
    createdAt: row.createdAt,
    startsAt: row.startsAt,
    startedAt: row.startedAt,
    endsAt: row.endsAt,
    rounds: row.rounds,
    minutes: s.minutes ?? null,
    round: row.round,
    entrants,
    maxEntrants: Math.min(maxEntrants, s.maxEntrants ?? maxEntrants),
    bots: s.bots,
    berserk: berserkAllowed(s),
    conditions: {
      ...(c?.minRating !== undefined ? { minRating: c.minRating } : {}),
      ...(c?.maxRating !== undefined ? { maxRating: c.maxRating } : {}),
      ...(c?.minRatedGames !== undefined ? { minRatedGames: c.minRatedGames } : {}),
      invitation: c?.inviteCode !== undefined,
    },
  };
}

export function pairingOf(row: EventRow, p: PairingRow, entrants: ReadonlyMap<string, EntrantRow>): Pairing {
  const scores = p.results ? seatScores(row, p) : null;
  const seats: PairingSeat[] = p.seats.map((id, i) => {
    const e = entrants.get(id);
    const r = p.results?.[i];
    return {
      entrant: id,
      name: e?.name ?? (id.startsWith(FILLER) ? 'bot' : id),
      bot: e?.bot ?? id.startsWith(FILLER),
      place: r?.place ?? null,
      status: r?.status ?? null,
      score: scores?.[i] ?? null,
      ...(r?.berserk ? { berserk: true } : {}),
    };
  });
  return { round: p.round, table: p.table, match: p.matchId, seats, status: p.status };
}

export function roundsOf(
  row: EventRow,
  rounds: readonly RoundRow[],
  pairings: readonly PairingRow[],
  entrants: ReadonlyMap<string, EntrantRow>,
): RoundInfo[] {
  return rounds.map((r) => ({
    number: r.round,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    pairings: pairings.filter((p) => p.round === r.round).map((p) => pairingOf(row, p, entrants)),
  }));
}
