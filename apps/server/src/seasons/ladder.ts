import type { Month } from './month.ts';

/** What the rating history says about one account over one month of one game (seasons/store.ts). */
export interface MonthRatingRow {
  readonly accountId: string;
  readonly name: string;
  readonly bot: boolean;
  /** Rated matches of that game the account finished in the month. */
  readonly games: number;
  /** Its rating before the month's first rated match: null when it had none before (it started at `INITIAL`). */
  readonly before: number | null;
  /** Its rating after its last rated match of the month. */
  readonly after: number;
}

/** Points an account earned in the month's finished events of that game (arena points, Swiss and round-robin scores). */
export interface EventPointsRow {
  readonly accountId: string;
  readonly name: string;
  readonly bot: boolean;
  readonly points: number;
  readonly events: number;
}

export interface LadderLine {
  readonly rank: number;
  readonly name: string;
  readonly bot: boolean;
  /** Rating gained (or lost) over the month, rounded to a tenth. */
  readonly gained: number;
  readonly rating: number | null;
  readonly games: number;
  readonly eventPoints: number;
  readonly events: number;
}

export interface Ladder {
  readonly month: Month;
  readonly lines: readonly LadderLine[];
  /** The first person of a month that is over (bots rank but never win a season); null while it runs or if empty. */
  readonly winner: string | null;
}

/**
 * [decision] A season ranks by event points first (what players earned in the month's events: arena points with
 * their streak bonuses, Swiss and round-robin scores), then by rating gained over the month, then by rated games
 * played: an active month that ends level with a quiet one ranks above it. Lines level on all three share a rank.
 * Everyone who played one rated match or one event in the month is on the ladder; the winner is the first person
 * (not a bot) once the month is over (of people level at the top, the first by name).
 */
export function buildLadder(
  month: Month,
  ratings: readonly MonthRatingRow[],
  points: readonly EventPointsRow[],
  initial: number,
  over: boolean,
  limit: number,
): Ladder {
  const by = new Map<
    string,
    {
      name: string;
      bot: boolean;
      gained: number;
      rating: number | null;
      games: number;
      eventPoints: number;
      events: number;
    }
  >();
  for (const r of ratings) {
    by.set(r.accountId, {
      name: r.name,
      bot: r.bot,
      gained: Math.round((r.after - (r.before ?? initial)) * 10) / 10,
      rating: Math.round(r.after),
      games: r.games,
      eventPoints: 0,
      events: 0,
    });
  }
  for (const p of points) {
    const line = by.get(p.accountId) ?? {
      name: p.name,
      bot: p.bot,
      gained: 0,
      rating: null,
      games: 0,
      eventPoints: 0,
      events: 0,
    };
    by.set(p.accountId, { ...line, eventPoints: line.eventPoints + p.points, events: line.events + p.events });
  }
  const sorted = [...by.values()].sort(
    (a, b) =>
      b.eventPoints - a.eventPoints ||
      b.gained - a.gained ||
      b.games - a.games ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  // Level on everything that ranks, two lines share a rank (1, 1, 3), as the leaderboards and standings do.
  let rank = 0;
  const lines = sorted.slice(0, limit).map((l, i) => {
    const before = sorted[i - 1];
    if (!before || before.eventPoints !== l.eventPoints || before.gained !== l.gained || before.games !== l.games)
      rank = i + 1;
    return { rank, ...l };
  });
  const winner = over ? (sorted.find((l) => !l.bot)?.name ?? null) : null;
  return { month, lines, winner };
}
