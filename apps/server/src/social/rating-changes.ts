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
  return live.seats.flatMap((s) => {
    const holder = holders.find((h) => h.seat === s.seat);
    const row = holder && rows.find((r) => r.accountId === holder.accountId);
    return row ? [changeOf(s.seat, s.name ?? '', row)] : [];
  });
}

export function changeOf(seat: Seat, name: string, row: Pick<RatingChangeRow, 'before' | 'after'>): RatingChange {
  return { seat, name, before: row.before ?? INITIAL.rating, after: row.after };
}

export function ratingsMessage(live: LiveMatch, changes: readonly RatingChange[]): RatingsMessage {
  return { t: 'ratings', match: live.id, game: live.game.id, changes };
}
