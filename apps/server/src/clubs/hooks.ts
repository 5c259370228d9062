import type { Result } from '@roundtable/core';
import type { SameAddressRule } from '@roundtable/protocol';
import type { Ticket } from '../limits/guard.ts';

/**
 * What accounts at the table (social/people.ts) ask of clubs: whether a club vouches for a rated seat refused
 * because another seat of the match is at the same address, and what a host of a rated match is told of it.
 */
export interface ClubHooks {
  /**
   * A rated seat taken beside `holders`; `sameAddress`: the address already holds a seat of the match. Ok(null):
   * clubs have nothing to say; a refusal (RATED_SAME_ADDRESS, CLUB_WARD, a club's limit of the day) stands.
   */
  ratedSeat(
    game: string,
    match: string,
    joiner: string,
    holders: readonly string[],
    sameAddress: boolean,
  ): Promise<Result<{ ticket: Ticket; done(): Promise<void> } | null>>;
  /** A rated rematch of `from` between `accounts`: vouched for again when `from` was. */
  rematch(
    from: string,
    game: string,
    accounts: readonly string[],
  ): Promise<Result<{ ticket: Ticket; done(next: string): Promise<void> } | null>>;
  /** A play-now request: a ward is refused rated pairings with strangers. */
  playNow(account: string, rated: boolean): Promise<Result<void>>;
  /** The rule a rated match's creator (`account`) is told before anyone is refused. */
  sameAddressRule(account: string): Promise<SameAddressRule>;
}
