/**
 * The one place the server calls the pairing and standings code (pairing/, events-pairing's): from stored rows
 * to its plain inputs, and from its answers to the protocol's shapes.
 *
 * INTERIM: until pairing/ lands on this branch, the functions below do the simplest correct thing (score order,
 * chunks of tables, summed table scores, Buchholz); they are replaced by calls into pairing/ at the merge.
 */
import type { Crosstable, CrossGame, EventKind, Standing } from '@roundtable/protocol';
import type { EntrantRow, EventRow, PairingRow } from './store.ts';

/** Seats per table: the organiser's size, and what the game allows to seat everyone. */
export interface TableSizes {
  readonly min: number;
  readonly max: number;
  readonly preferred: number;
}

export interface PlannedTable {
  readonly seats: readonly string[];
}

export interface PlannedRound {
  readonly tables: readonly PlannedTable[];
  readonly byes: readonly string[];
}

export const SCORING: Record<EventKind, { points: string; tieBreaks: readonly string[] }> = {
  swiss: {
    points:
      'per match, the share of table-mates beaten (a tie half): two players win 1, draw 0.5, loss 0; a bye 1 (two players) or 0.5 (tables); a no-show scores 0',
    tieBreaks: ['buchholz', 'sonneborn-berger', 'wins'],
  },
  roundrobin: {
    points:
      'per match, the share of table-mates beaten (a tie half): two players win 1, draw 0.5, loss 0; a no-show scores 0',
    tieBreaks: ['sonneborn-berger', 'wins'],
  },
  arena: {
    points:
      'win 2, draw 1, loss 0 (at tables: 2 for first, 1 for a share of first or a top half); after two wins in a row each result counts double until a non-win; a no-show scores 0',
    tieBreaks: ['performance'],
  },
};

/** What each seat of a done table scored: the share of table-mates it beat, a tie half; an absent seat 0. */
export function seatScores(p: PairingRow): number[] {
  const r = p.results;
  if (!r) return p.seats.map(() => 0);
  const n = r.length;
  if (n < 2) return r.map(() => 0);
  const present = (i: number): boolean => r[i]!.status === 'played';
  return r.map((a, i) => {
    if (!present(i)) return 0;
    let sum = 0;
    r.forEach((b, j) => {
      if (i === j) return;
      if (!present(j)) sum += 1;
      else sum += a.place < b.place ? 1 : a.place === b.place ? 0.5 : 0;
    });
    return sum / (n - 1);
  });
}

const byePoints = (players: number): number => (players <= 2 ? 1 : 0.5);

/** The standings now, from every stored pairing (recomputed, never accumulated: a recomputation equals them). */
export function standingsFor(
  event: EventRow,
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
): Standing[] {
  const rows = new Map(
    entrants.map((e) => [
      e.accountId,
      {
        e,
        points: 0,
        played: 0,
        wins: 0,
        byes: 0,
        forfeits: 0,
        botReplaced: 0,
        streak: 0,
        scores: [] as number[],
        opponents: [] as { id: string; score: number }[],
      },
    ]),
  );
  const ordered = [...pairings].sort((a, b) => a.round - b.round || a.createdAt - b.createdAt || a.table - b.table);
  for (const p of ordered) {
    if (p.status === 'bye') {
      const r = rows.get(p.seats[0]!);
      if (r) {
        r.points += event.kind === 'arena' ? 0 : byePoints(event.spec.players);
        r.byes++;
      }
      continue;
    }
    if (p.status !== 'done' || !p.results) continue;
    const scores = seatScores(p);
    p.seats.forEach((id, i) => {
      const r = rows.get(id);
      const res = p.results![i]!;
      if (!r) return;
      r.played++;
      const won = res.status === 'played' && scores[i] === 1;
      if (won) r.wins++;
      if (res.status !== 'played') r.forfeits++;
      if (res.status === 'bot-replaced') r.botReplaced++;
      r.scores.push(scores[i]!);
      if (event.kind === 'arena') {
        const base = won ? 2 : scores[i]! >= 0.5 && res.status === 'played' ? 1 : 0;
        r.points += r.streak >= 2 ? base * 2 : base;
        r.streak = won ? r.streak + 1 : 0;
      } else r.points += scores[i]!;
      p.seats.forEach((other, j) => {
        if (j !== i) r.opponents.push({ id: other, score: scores[i]! });
      });
    });
  }
  const pointsOf = (id: string): number => rows.get(id)?.points ?? 0;
  const list = [...rows.values()].map((r) => {
    const buchholz = r.opponents.reduce((s, o) => s + pointsOf(o.id), 0);
    const sb = r.opponents.reduce((s, o) => s + o.score * pointsOf(o.id), 0);
    const performance = r.scores.length ? r.scores.reduce((a, b) => a + b, 0) / r.scores.length : 0;
    const tieBreaks: Record<string, number> =
      event.kind === 'arena'
        ? { performance }
        : event.kind === 'swiss'
          ? { buchholz, 'sonneborn-berger': sb, wins: r.wins }
          : { 'sonneborn-berger': sb, wins: r.wins };
    return { r, tieBreaks };
  });
  const key = (x: (typeof list)[number]): number[] => [x.r.points, ...Object.values(x.tieBreaks)];
  list.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return a.r.e.joinedAt - b.r.e.joinedAt;
  });
  let rank = 0;
  return list.map((x, i) => {
    const prev = list[i - 1];
    if (!prev || key(prev).join() !== key(x).join()) rank = i + 1;
    const { e } = x.r;
    return {
      rank,
      entrant: e.accountId,
      name: e.name,
      bot: e.bot,
      points: x.r.points,
      played: x.r.played,
      wins: x.r.wins,
      byes: x.r.byes,
      forfeits: x.r.forfeits,
      botReplaced: x.r.botReplaced,
      withdrawn: e.withdrawn,
      tieBreaks: x.tieBreaks,
      ...(event.kind === 'arena' ? { onFire: x.r.streak >= 2 } : {}),
    };
  });
}

export function crosstableFor(standings: readonly Standing[], pairings: readonly PairingRow[]): Crosstable {
  const ids = standings.map((s) => s.entrant);
  const index = new Map(ids.map((id, i) => [id, i]));
  const cells: CrossGame[][][] = ids.map(() => ids.map(() => []));
  for (const p of pairings) {
    if (p.status !== 'done' || !p.results || !p.matchId) continue;
    const r = p.results;
    p.seats.forEach((a, i) => {
      p.seats.forEach((b, j) => {
        if (i === j) return;
        const ia = index.get(a);
        const ib = index.get(b);
        if (ia === undefined || ib === undefined) return;
        const pa = r[i]!;
        const pb = r[j]!;
        const score =
          pa.status !== 'played'
            ? 0
            : pb.status !== 'played'
              ? 1
              : pa.place < pb.place
                ? 1
                : pa.place === pb.place
                  ? 0.5
                  : 0;
        cells[ia]![ib]!.push({ match: p.matchId!, round: p.round, score, first: i < j });
      });
    });
  }
  return { entrants: ids, cells };
}

/** Swiss: the next round by score order (leaders first), in tables of `sizes.preferred`; the rest sit out. */
export function pairSwiss(
  entrants: readonly EntrantRow[],
  standings: readonly Standing[],
  sizes: TableSizes,
): PlannedRound {
  const active = new Set(entrants.filter((e) => !e.withdrawn).map((e) => e.accountId));
  const order = standings.map((s) => s.entrant).filter((id) => active.has(id));
  return chunk(order, sizes);
}

/** Round robin: every round at once (the circle method for two players; tables chunked in rotation otherwise). */
export function roundRobin(entrants: readonly EntrantRow[], sizes: TableSizes): PlannedRound[] {
  const ids = entrants.filter((e) => !e.withdrawn).map((e) => e.accountId);
  if (sizes.preferred === 2) {
    const list = ids.length % 2 === 1 ? [...ids, ''] : [...ids];
    const n = list.length;
    const rounds: PlannedRound[] = [];
    for (let r = 0; r < n - 1; r++) {
      const tables: PlannedTable[] = [];
      const byes: string[] = [];
      for (let i = 0; i < n / 2; i++) {
        const a = list[i]!;
        const b = list[n - 1 - i]!;
        if (a === '' || b === '') byes.push(a || b);
        else tables.push({ seats: r % 2 === 0 ? [a, b] : [b, a] });
      }
      rounds.push({ tables, byes });
      list.splice(1, 0, list.pop()!);
    }
    return rounds;
  }
  // Tables: each entrant meets the others once at one table, where the entrants fit at one table.
  return [chunk(ids, { ...sizes, preferred: Math.max(sizes.preferred, Math.min(ids.length, sizes.max)) })];
}

/** Arena: waiting players by score then rating, in tables; those left over wait for the next wave. */
export function pairArena(
  waiting: readonly { id: string; score: number; rating: number }[],
  sizes: TableSizes,
): PlannedRound {
  const order = [...waiting].sort((a, b) => b.score - a.score || b.rating - a.rating).map((w) => w.id);
  const tables: PlannedTable[] = [];
  let i = 0;
  while (order.length - i >= sizes.preferred) {
    tables.push({ seats: order.slice(i, i + sizes.preferred) });
    i += sizes.preferred;
  }
  return { tables, byes: order.slice(i) };
}

function chunk(order: readonly string[], sizes: TableSizes): PlannedRound {
  const tables: PlannedTable[] = [];
  let i = 0;
  while (order.length - i >= sizes.preferred) {
    tables.push({ seats: order.slice(i, i + sizes.preferred) });
    i += sizes.preferred;
  }
  const rest = order.slice(i);
  if (rest.length >= sizes.min) return { tables: [...tables, { seats: rest }], byes: [] };
  return { tables, byes: rest };
}
