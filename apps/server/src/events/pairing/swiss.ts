import { createRng, err, nextUint32, ok, type Result } from '@roundtable/core';
import { metMatrix, readHistory, type History } from './history.ts';
import { findDuplicate, pairingOrder } from './ranking.ts';
import { defaultByePoints, validSizes } from './scoring.ts';
import { pairDuelRound, type Float } from './swiss-duel.ts';
import { planTables } from './table-sizes.ts';
import { SPREAD, seatTables } from './table-search.ts';
import type {
  Entrant,
  EntrantId,
  EventResult,
  PairingError,
  PairingSeed,
  RoundPairing,
  SwissRoundInput,
  Table,
} from './types.ts';

function seedText(seed: PairingSeed): string {
  return typeof seed === 'number' ? `#${seed}` : seed;
}

/** Checks shared by every pairing entry: sizes, duplicates, enough entrants. */
export function checkEntrants(entrants: readonly Entrant[], sizes: SwissRoundInput['sizes']): PairingError | null {
  if (!validSizes(sizes)) return { code: 'BAD_TABLE_SIZES', sizes };
  const dup = findDuplicate(entrants);
  if (dup !== null) return { code: 'DUPLICATE_ENTRANT', entrant: dup };
  return null;
}

/**
 * Pairs one Swiss round (README.md, "Swiss for two" and "Swiss at tables"): two-player games by score group with
 * no rematch where avoidable and first moves alternating; larger games seated at tables of the allowed sizes by
 * score group, with seat positions balanced and as few repeated meetings as the search finds. Withdrawn entrants
 * are left out; the lowest-ranked without a bye yet sits out when nobody else can.
 */
export function pairSwissRound(input: SwissRoundInput): Result<RoundPairing, PairingError> {
  const bad = checkEntrants(input.entrants, input.sizes);
  if (bad) return err(bad);
  const active = input.entrants.filter((e) => !e.withdrawn);
  if (active.length < input.sizes.min) {
    return err({ code: 'TOO_FEW_ENTRANTS', entrants: active.length, min: input.sizes.min });
  }
  const history = readHistory(input.results, input.byePoints ?? defaultByePoints(input.sizes));
  const order = pairingOrder(active, history, input.seed, input.round);
  const lotRng = createRng(`${seedText(input.seed)}/round ${input.round}/lots`);
  if (input.sizes.max === 2) {
    const floats = lastFloats(input.results, input.byePoints ?? defaultByePoints(input.sizes));
    const { boards, bye } = pairDuelRound(order, history, floats, () => (nextUint32(lotRng) & 1) === 1);
    return ok({
      round: input.round,
      tables: boards.map(([a, b], i) => ({ table: i + 1, seats: [a.id, b.id] })),
      byes: bye ? [bye.id] : [],
    });
  }
  return ok(pairTablesRound(order, history, input));
}

function pairTablesRound(order: readonly Entrant[], history: History, input: SwissRoundInput): RoundPairing {
  const plan = planTables(order.length, input.sizes);
  // Byes to the lowest-ranked who have had the fewest.
  const byes = [...order]
    .map((e, rank) => ({ e, rank }))
    .sort((a, b) => (history.byes.get(a.e.id) ?? 0) - (history.byes.get(b.e.id) ?? 0) || b.rank - a.rank)
    .slice(0, plan.byes)
    .map((x) => x.e.id);
  const seated = order.filter((e) => !byes.includes(e.id));
  const tables = seatEntrants(seated, history, plan.tables, `${seedText(input.seed)}/round ${input.round}`, SPREAD);
  return { round: input.round, tables, byes };
}

/** Seats entrants (in pairing order) at tables of the given sizes, from their history (shared with round robins). */
export function seatEntrants(
  seated: readonly Entrant[],
  history: History,
  tableSizes: readonly number[],
  seed: string,
  spreadWeight: number,
): Table[] {
  const n = seated.length;
  const met = metMatrix(
    history,
    seated.map((e) => e.id),
  );
  const smallest = seated.map((e) => smallestTableOf(history, e.id));
  const tables = seatTables({
    n,
    points: seated.map((e) => history.points.get(e.id) ?? 0),
    met,
    seatCounts: seated.map((e) => history.seats.get(e.id) ?? []),
    smallestTable: smallest,
    tableSizes,
    seed,
    spreadWeight,
  });
  return tables.map((t, i) => ({ table: i + 1, seats: t.map((k) => seated[k]!.id) }));
}

function smallestTableOf(history: History, id: EntrantId): number {
  const s = history.tableSizes.get(id);
  return s === undefined ? Infinity : s;
}

/** Who floated down or up in the latest round of the results: met a lower or a higher score than their own. */
function lastFloats(results: readonly EventResult[], byePoints: number): Map<EntrantId, Float> {
  const floats = new Map<EntrantId, Float>();
  const last = results.reduce((m, r) => Math.max(m, r.round), -Infinity);
  if (!Number.isFinite(last)) return floats;
  const before = readHistory(
    results.filter((r) => r.round < last),
    byePoints,
  ).points;
  for (const r of results) {
    if (r.kind !== 'match' || r.round !== last || r.seats.length !== 2) continue;
    const [a, b] = [r.seats[0]!.entrant, r.seats[1]!.entrant];
    const pa = before.get(a) ?? 0;
    const pb = before.get(b) ?? 0;
    if (pa > pb) {
      floats.set(a, 'down');
      floats.set(b, 'up');
    } else if (pb > pa) {
      floats.set(b, 'down');
      floats.set(a, 'up');
    }
  }
  return floats;
}
