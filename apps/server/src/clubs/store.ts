/** A club: an account (its owner) that vouches for its members' rated games from one address (SECURITY.md). */
export interface ClubRow {
  readonly id: string;
  readonly name: string;
  /** `nameKey` of the name: two clubs may not have names that fold to the same key. */
  readonly nameKey: string;
  readonly ownerId: string;
  /** The invitation code: whoever has it may join (or sign up into) the club, within its limits. */
  readonly code: string;
  readonly createdAt: number;
}

export interface MemberRow {
  readonly accountId: string;
  readonly joinedAt: number;
}

/** A rated match whose seats from one address the club vouched for: shown on both players' pages. */
export interface VouchedRow {
  readonly matchId: string;
  readonly clubId: string;
  readonly game: string;
  /** The two accounts (the joiner and the seat holder at the same address). */
  readonly a: string;
  readonly b: string;
  readonly at: number;
}

/** Where clubs live: `clubs.db` beside the matches on SQLite, the matches' PostgreSQL otherwise (migration 045). */
export interface ClubStore {
  /** False when a club's name folds to the same key, or the owner owns one already. */
  create(club: ClubRow, now: number): Promise<boolean>;
  byId(id: string): Promise<ClubRow | null>;
  byCode(code: string): Promise<ClubRow | null>;
  byOwner(ownerId: string): Promise<ClubRow | null>;
  clubsOf(accountId: string): Promise<ClubRow[]>;
  members(clubId: string): Promise<MemberRow[]>;
  /**
   * Adds a member while the club has fewer than `max`, atomically (two joins at once never pass the cap):
   * 'added', 'member' (already), or 'full'.
   */
  addMember(clubId: string, accountId: string, max: number, now: number): Promise<'added' | 'member' | 'full'>;
  removeMember(clubId: string, accountId: string): Promise<void>;
  setCode(clubId: string, code: string): Promise<void>;
  /** An account signed up through the club's code: the club's ward while provisional (SECURITY.md). */
  addWard(accountId: string, clubId: string, now: number): Promise<void>;
  /** The club an account signed up through, if any. */
  wardOf(accountId: string): Promise<string | null>;
  /** Whether a match was vouched for (a rated rematch of it is vouched for again). */
  wasVouched(matchId: string): Promise<string | null>;
  vouch(row: VouchedRow): Promise<void>;
  /** The account's vouched matches, newest first. */
  vouched(accountId: string, limit: number): Promise<VouchedRow[]>;
  close(): Promise<void>;
}
