import type { Seat } from '@roundtable/core';
import type { RatingChange, RatingsMessage } from '@roundtable/protocol';
import { INITIAL } from '../accounts/ratings.ts';
import type { AccountStore, RatingChangeRow } from '../accounts/store.ts';
import type { LiveMatch } from '../live-match.ts';

/**
 * A rated match's changes by seat, read from what is stored (the history rows the match wrote), so the figures
 * shown are the leaderboard's: none until the ratings are stored, none for a match that was not rated.
 */
export async function storedChanges(store: AccountStore, live: LiveMatch): Promise<RatingChange[]> {
  const rows = await store.ratingChanges({ match: live.id });
  if (rows.length === 0) return [];
  const holders = await store.matchSeats(live.id);
  const changes: RatingChange[] = [];
  for (const s of live.seats) {
    const holder = holders.find((h) => h.seat === s.seat);
    const row = holder && rows.find((r) => r.accountId === holder.accountId);
    if (row) changes.push(changeOf(s.seat, await accountName(store, row.accountId, s.name), row));
  }
  return changes;
}

/**
 * The name a change goes under: the account's (a seat handed to a bot after its player resigned keeps the
 * player's rating change, not the bot's name).
 */
export async function accountName(store: AccountStore, accountId: string, seatName: string | null): Promise<string> {
  return (await store.accountById(accountId))?.name ?? seatName ?? '';
}

export function changeOf(seat: Seat, name: string, row: Pick<RatingChangeRow, 'before' | 'after'>): RatingChange {
  return { seat, name, before: row.before ?? INITIAL.rating, after: row.after };
}

export function ratingsMessage(live: LiveMatch, changes: readonly RatingChange[]): RatingsMessage {
  return { t: 'ratings', match: live.id, game: live.game.id, changes };
}
