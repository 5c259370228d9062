import { createRng, err, nextUint32, ok, type Result } from '@roundtable/core';
import { pairKey, readHistory, type History } from './history.ts';
import { findDuplicate, pairingOrder } from './ranking.ts';
import { defaultByePoints, validSizes } from './scoring.ts';
import { pairDuelRound } from './swiss-duel.ts';
import { planTables } from './table-sizes.ts';
import { SPREAD, seatTables } from './table-search.ts';
import type { Entrant, EntrantId, PairingError, PairingSeed, RoundPairing, SwissRoundInput, Table } from './types.ts';

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
    const { boards, bye } = pairDuelRound(order, history, () => (nextUint32(lotRng) & 1) === 1);
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
  const met = new Uint16Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const m = history.met.get(pairKey(seated[i]!.id, seated[j]!.id)) ?? 0;
      met[i * n + j] = m;
      met[j * n + i] = m;
    }
  }
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
