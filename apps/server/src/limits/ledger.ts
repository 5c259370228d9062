/**
 * Which matches were made for whom (`match_parties`): a row per party (an address or an account, parties.ts) and
 * match. A match counts against a party's cap while it is in play (`open` or `active`, read from the matches
 * table itself, so a match out of memory or ended by another process is seen as it is), or while its creation is
 * under way (admitted, not yet stored: for `PENDING_MS` at most, so a creation that died with its process frees
 * its place). An account that takes a seat of a match gets a row too (not counted): it is how one account is
 * kept to one seat, atomically, whichever process the joins go through.
 */
export interface Ledger {
  /**
   * Counts each party's matches in play; when every count is below its max, records `match` as made for all of
   * them, in one step no other creation (on any process) can split. Null when admitted, else the first party at
   * its cap and its count.
   */
  admit(
    match: string,
    caps: readonly { readonly party: string; readonly max: number }[],
    now: number,
  ): Promise<{ party: string; count: number; max: number } | null>;
  /** A party's matches in play now (play-now asks before its request waits). */
  inPlay(party: string, now: number): Promise<number>;
  /** The creation failed after `admit`: the match counts for nobody. */
  release(match: string): Promise<void>;
  /**
   * An account takes a seat of `match`: false when it is a party to the match already (it made the match, or
   * took a seat of it before), in one atomic insert.
   */
  seat(match: string, party: string, now: number): Promise<boolean>;
  /** The seat is given back (a join that failed, a seat left before the start): `at` null, whenever it was taken. */
  unseat(match: string, party: string, at: number | null): Promise<void>;
  /**
   * Housekeeping: forgets the windows that closed an hour ago or more, and creations admitted that never stored
   * their match (their process died), so neither table grows with what no longer counts.
   */
  sweep(now: number): Promise<void>;
  /** Every party recorded for a match (a rematch is made for the same people). */
  partiesOf(match: string): Promise<string[]>;
  close(): Promise<void>;
}

/** How long a match admitted but not yet stored counts for its parties. */
export const PENDING_MS = 60_000;
