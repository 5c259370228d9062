/** The part of a game's outcome (`@roundtable/core` Outcome) that decides the places. */
export interface OutcomePlaces {
  readonly winners: readonly number[];
  readonly draw: boolean;
  readonly scores?: readonly number[];
}

/**
 * Places (1 = first, equal = tied) from a finished match's outcome, seat by seat: a draw ties everyone; the winners
 * share first place; the others follow, ranked by their scores when the game keeps scores (every catalog game's
 * score is better higher: tokens, captures, life), else all tied. Without scores this is the ratings'
 * `ranksFromWinners` (apps/server/src/accounts/ratings.ts); with them a table's losers are told apart too.
 */
export function placesFromOutcome(outcome: OutcomePlaces, players: number): number[] {
  if (outcome.draw) return Array.from({ length: players }, () => 1);
  const winners = new Set(outcome.winners);
  const losers = Array.from({ length: players }, (_, s) => s).filter((s) => !winners.has(s));
  const places = Array.from({ length: players }, () => 1);
  const score = (s: number): number => outcome.scores?.[s] ?? 0;
  for (const s of losers) {
    places[s] = winners.size + 1 + losers.filter((o) => score(o) > score(s)).length;
  }
  return places;
}
