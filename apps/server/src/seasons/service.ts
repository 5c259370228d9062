import { gameById, GAME_IDS } from '@roundtable/catalog';
import { err, ok, type Result } from '@roundtable/core';
import type { SeasonAnswer } from '@roundtable/protocol';
import { INITIAL } from '../accounts/ratings.ts';
import { buildLadder, type EventPointsRow, type Ladder } from './ladder.ts';
import { monthBounds, monthOf, monthsBefore, parseMonth, type Month } from './month.ts';
import type { SeasonStore } from './store.ts';

/** Points earned in the finished events of a game between two instants (the events store answers; none without it). */
export type EventPoints = (game: string, from: number, to: number) => Promise<EventPointsRow[]>;

/** A month that is over changes rarely (a late rating): its ladder is kept this long before it is read again. */
const PAST_TTL_MS = 10 * 60_000;
/** The month running is read again at most this often (its event points read every finished event's standings). */
const CURRENT_TTL_MS = 15_000;
const LADDER_LINES = 100;
const PAST_MONTHS = 12;

export class SeasonService {
  private readonly kept = new Map<string, { ladder: Ladder; until: number }>();
  /** Set once the events store is open (events/): the month's event points join the ladder. */
  eventPoints: EventPoints = async () => [];

  constructor(
    private readonly store: SeasonStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The month running, with the winners of the twelve before. */
  async current(game: string): Promise<Result<SeasonAnswer>> {
    if (!gameById(game)) return err({ code: 'UNKNOWN_GAME', game, known: GAME_IDS });
    const month = monthOf(this.now());
    const ladder = await this.ladder(game, month);
    const past = await Promise.all(
      monthsBefore(month, PAST_MONTHS).map(async (m) => ({ month: m, winner: (await this.ladder(game, m)).winner })),
    );
    return ok({ ...this.answer(game, ladder), past });
  }

  /** Any month up to the one running. */
  async month(game: string, text: string): Promise<Result<SeasonAnswer>> {
    if (!gameById(game)) return err({ code: 'UNKNOWN_GAME', game, known: GAME_IDS });
    const month = parseMonth(text);
    if (!month) return err({ code: 'BAD_MONTH', month: text.slice(0, 20) });
    if (monthBounds(month).from > this.now()) return err({ code: 'FUTURE_MONTH', month });
    return ok(this.answer(game, await this.ladder(game, month)));
  }

  private answer(game: string, ladder: Ladder): SeasonAnswer {
    const { to } = monthBounds(ladder.month);
    return { game, month: ladder.month, ends: to, over: to <= this.now(), winner: ladder.winner, lines: ladder.lines };
  }

  private async ladder(game: string, month: Month): Promise<Ladder> {
    const now = this.now();
    const { from, to } = monthBounds(month);
    const over = to <= now;
    const key = `${game}/${month}`;
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.ladder;
    const [ratings, points] = await Promise.all([
      this.store.monthRatings(game, from, to),
      this.eventPoints(game, from, to),
    ]);
    const ladder = buildLadder(month, ratings, points, INITIAL.rating, over, LADDER_LINES);
    this.kept.set(key, { ladder, until: now + (over ? PAST_TTL_MS : CURRENT_TTL_MS) });
    return ladder;
  }
}
