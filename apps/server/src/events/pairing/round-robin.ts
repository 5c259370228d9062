import { createRng, err, nextUint32, ok, type Result } from '@roundtable/core';
import { readHistory } from './history.ts';
import { planTables } from './table-sizes.ts';
import { checkEntrants, seatEntrants } from './swiss.ts';
import type { Entrant, EntrantId, MatchResult, PairingError, RoundPairing, RoundRobinInput } from './types.ts';

/**
 * Every round of a round robin at once (a correspondence event starts them all together; README.md, "Round
 * robin"). Two players: the circle method, the first move alternating round by round. Tables: rounds seated by
 * the table search with no scores, until every pair has met at least once.
 */
export function roundRobinSchedule(input: RoundRobinInput): Result<RoundPairing[], PairingError> {
  const bad = checkEntrants(input.entrants, input.sizes);
  if (bad) return err(bad);
  const active = input.entrants.filter((e) => !e.withdrawn);
  if (active.length < input.sizes.min) {
    return err({ code: 'TOO_FEW_ENTRANTS', entrants: active.length, min: input.sizes.min });
  }
  const seedText = typeof input.seed === 'number' ? `#${input.seed}` : input.seed;
  const rng = createRng(`${seedText}/round robin`);
  const lot = new Map<EntrantId, number>();
  for (const e of [...active].sort((a, b) => (a.id < b.id ? -1 : 1))) lot.set(e.id, nextUint32(rng));
  const order = [...active].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || lot.get(a.id)! - lot.get(b.id)!);
  if (input.sizes.max === 2) {
    const single = circle(order.map((e) => e.id));
    if (!input.double) return ok(single);
    const back = single.map((r) => ({
      round: r.round + single.length,
      tables: r.tables.map((t) => ({ table: t.table, seats: [...t.seats].reverse() })),
      byes: r.byes,
    }));
    return ok([...single, ...back]);
  }
  return ok(tableSchedule(order, input, seedText));
}

/**
 * The circle method: the last entrant stays put, the others turn one place a round; with an odd count a ghost
 * stands in and its partner has the bye. Who plays first alternates from round to round for the entrant facing
 * the fixed one, and for the others by which side of the circle they stand on (Berger's tables).
 */
function circle(ids: readonly EntrantId[]): RoundPairing[] {
  const players: (EntrantId | null)[] = [...ids];
  if (players.length % 2 === 1) players.push(null);
  const n = players.length;
  const m = n - 1;
  const rounds: RoundPairing[] = [];
  for (let r = 0; r < m; r++) {
    const pairs: [EntrantId | null, EntrantId | null][] = [];
    const fixed = players[m]!;
    const facing = players[r]!;
    pairs.push(r % 2 === 0 ? [facing, fixed] : [fixed, facing]);
    for (let i = 1; i < n / 2; i++) {
      const a = players[(r + i) % m]!;
      const b = players[(r - i + m) % m]!;
      pairs.push(i % 2 === 1 ? [a, b] : [b, a]);
    }
    const byes: EntrantId[] = [];
    const tables: { table: number; seats: EntrantId[] }[] = [];
    for (const [a, b] of pairs) {
      if (a === null || b === null) {
        const real = a ?? b;
        if (real !== null) byes.push(real);
        continue;
      }
      tables.push({ table: tables.length + 1, seats: [a, b] });
    }
    rounds.push({ round: r + 1, tables, byes });
  }
  return rounds;
}

function tableSchedule(order: readonly Entrant[], input: RoundRobinInput, seedText: string): RoundPairing[] {
  const n = order.length;
  const pairsLeft = new Set<string>();
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairsLeft.add(`${i}/${j}`);
  const index = new Map(order.map((e, i) => [e.id, i]));
  const plan = planTables(n, input.sizes);
  const played: MatchResult[] = [];
  const rounds: RoundPairing[] = [];
  const maxRounds = 3 * Math.ceil((n - 1) / Math.max(1, Math.min(...plan.tables, n) - 1)) + 3;
  for (let round = 1; pairsLeft.size > 0 && round <= maxRounds; round++) {
    // Byes by turns: the entrants with the fewest byes so far, the later in the order first.
    const byeCount = new Map<EntrantId, number>();
    for (const r of rounds) for (const b of r.byes) byeCount.set(b, (byeCount.get(b) ?? 0) + 1);
    const byes = [...order]
      .reverse()
      .sort((a, b) => (byeCount.get(a.id) ?? 0) - (byeCount.get(b.id) ?? 0))
      .slice(0, plan.byes)
      .map((e) => e.id);
    const seated = order.filter((e) => !byes.includes(e.id));
    const history = readHistory(played, 0);
    const tables = seatEntrants(seated, history, plan.tables, `${seedText}/round ${round}`, 0);
    for (const t of tables) {
      played.push({
        kind: 'match',
        matchId: `${round}/${t.table}`,
        round,
        seats: t.seats.map((entrant) => ({ entrant, place: 1 })),
      });
      for (let a = 0; a < t.seats.length; a++) {
        for (let b = a + 1; b < t.seats.length; b++) {
          const i = index.get(t.seats[a]!)!;
          const j = index.get(t.seats[b]!)!;
          pairsLeft.delete(i < j ? `${i}/${j}` : `${j}/${i}`);
        }
      }
    }
    rounds.push({ round, tables, byes });
  }
  return rounds;
}
