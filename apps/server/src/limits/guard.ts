import type pg from 'pg';
import { err, ok, type GameError, type Result } from '@roundtable/core';
import type { Limits } from '../config.ts';
import { HashQueue } from './hashing.ts';
import type { Ledger } from './ledger.ts';
import { accountParty, addressParty, partiesFromKeys, type Parties } from './parties.ts';
import { PostgresLedger } from './postgres.ts';
import { SqliteLimits } from './sqlite.ts';
import { Window, type WindowStore } from './windows.ts';

/** Something counted that may turn out not to count (a right password, a creation refused after all). */
export interface Ticket {
  giveBack(): Promise<void>;
}

/** Windows of the limits, in seconds (SECURITY.md gives them with their flags). */
export const WINDOWS = {
  login: 15 * 60,
  signup: 24 * 3600,
  chat: 10,
  offers: 60,
  ratedPair: 24 * 3600,
  imports: 3600,
  resets: 3600,
  clubJoins: 24 * 3600,
  clubRated: 24 * 3600,
} as const;

/** Password reset requests allowed per address asked for, and per client address, in an hour. */
export const RESET_LIMITS = { perEmail: 3, perClient: 10 } as const;

/**
 * Every limit a client meets past the HTTP and WebSocket rates, in one place: logins and sign-ups (counted before
 * the password is hashed, then hashed through a bounded queue), chat and offers per seat and per account, the
 * matches in play made for each address and account, one seat per account, one rematch per match, rated results
 * per pair of accounts, and imports. The counts live in storage (SQLite for one process, PostgreSQL when several
 * share it), so what one process counts, every other one sees; each count is taken atomically before the work.
 */
export class Guard {
  readonly hashing: HashQueue;
  private readonly sweeper: NodeJS.Timeout;
  private readonly loginName: Window;
  private readonly loginAddress: Window;
  private readonly signups: Window;
  private readonly chatSeat: Window;
  private readonly chatAccount: Window;
  private readonly offerSeat: Window;
  private readonly offerAccount: Window;
  private readonly rematches: Window;
  private readonly pairs: Window;
  private readonly imports: Window;
  private readonly resetEmail: Window;
  private readonly resetClient: Window;
  private readonly clubJoins: Window;
  private readonly clubPairs: Window;
  private readonly clubAccounts: Window;
  private readonly clubDays: Window;

  private constructor(
    readonly limits: Limits,
    store: WindowStore,
    private readonly ledger: Ledger,
  ) {
    this.hashing = new HashQueue(limits.hashQueue, limits.hashPerAddress);
    this.loginName = new Window(store, 'login-name', limits.loginsPerName, WINDOWS.login);
    this.loginAddress = new Window(store, 'login-address', limits.loginsPerAddress, WINDOWS.login);
    this.signups = new Window(store, 'signup', limits.signupsPerAddress, WINDOWS.signup);
    this.chatSeat = new Window(store, 'chat-seat', limits.chatLines, WINDOWS.chat);
    this.chatAccount = new Window(store, 'chat-account', limits.chatLines, WINDOWS.chat);
    this.offerSeat = new Window(store, 'offer-seat', limits.offers, WINDOWS.offers);
    this.offerAccount = new Window(store, 'offer-account', limits.offers, WINDOWS.offers);
    // Never closes: a finished match has one rematch, ever.
    this.rematches = new Window(store, 'rematch', 1, 0);
    this.pairs = new Window(store, 'rated-pair', limits.ratedPerPair, WINDOWS.ratedPair);
    this.imports = new Window(store, 'import', limits.importsPerAddress, WINDOWS.imports);
    this.resetEmail = new Window(store, 'reset-email', RESET_LIMITS.perEmail, WINDOWS.resets);
    this.resetClient = new Window(store, 'reset-client', RESET_LIMITS.perClient, WINDOWS.resets);
    this.clubJoins = new Window(store, 'club-joins', limits.clubJoinsPerDay, WINDOWS.clubJoins);
    this.clubPairs = new Window(store, 'club-pair', limits.clubRatedPerPair, WINDOWS.clubRated);
    this.clubAccounts = new Window(store, 'club-account', limits.clubRatedPerAccount, WINDOWS.clubRated);
    this.clubDays = new Window(store, 'club-rated', limits.clubRatedPerDay, WINDOWS.clubRated);
    this.sweeper = setInterval(() => void this.ledger.sweep(Date.now()).catch(() => undefined), 5 * 60_000);
    this.sweeper.unref();
  }

  /** One process on SQLite: `limits.db` in the data folder, reading the matches' file to count matches in play. */
  static sqlite(dataDir: string, matchesDb: string | null, limits: Limits): Guard {
    const ledger = new SqliteLimits(dataDir, matchesDb);
    return new Guard(limits, { kind: 'sqlite', db: ledger.db }, ledger);
  }

  /** PostgreSQL (one process or several): the tables of migration 010, on the match store's pool. */
  static postgres(pool: pg.Pool, limits: Limits): Guard {
    return new Guard(limits, { kind: 'postgres', pool }, new PostgresLedger(pool));
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return this.ledger.close();
  }

  // ------------------------------------------------------------------------------------------------------
  // Accounts

  /**
   * A login for `name` (its name key) from `address`: a place in both windows is taken before the password is
   * checked, so a burst of parallel tries gets no more checks than the windows hold. Once it is known, a right
   * password gives back the address's place and clears the name's; a wrong one keeps both.
   */
  async login(name: string, address: string): Promise<Result<{ right(): Promise<void>; unused(): Promise<void> }>> {
    const byName = await this.loginName.take(name);
    if (!byName.ok) return err({ code: 'LOGIN_RATE_LIMITED', retrySeconds: byName.retrySeconds });
    const byAddress = await this.loginAddress.take(address);
    if (!byAddress.ok) {
      await this.loginName.giveBack(name);
      return err({ code: 'LOGIN_RATE_LIMITED', retrySeconds: byAddress.retrySeconds });
    }
    return ok({
      right: async () => {
        await Promise.all([this.loginName.clear(name), this.loginAddress.giveBack(address)]);
      },
      unused: async () => {
        await Promise.all([this.loginName.giveBack(name), this.loginAddress.giveBack(address)]);
      },
    });
  }

  /** A sign-up from `address` takes a place of its day's; given back when no account was made after all. */
  async signup(address: string): Promise<Result<Ticket>> {
    const taken = await this.signups.take(address);
    if (!taken.ok)
      return err({ code: 'SIGNUP_RATE_LIMITED', max: this.limits.signupsPerAddress, retrySeconds: taken.retrySeconds });
    return ok({ giveBack: () => this.signups.giveBack(address) });
  }

  /** A new member of `club` (by its code, or signed up through it): the club's day of new members (CLUB_JOINS_LIMIT). */
  async clubJoin(club: string): Promise<Result<Ticket>> {
    const taken = await this.clubJoins.take(club);
    if (!taken.ok)
      return err({ code: 'CLUB_JOINS_LIMIT', max: this.limits.clubJoinsPerDay, retrySeconds: taken.retrySeconds });
    return ok({ giveBack: () => this.clubJoins.giveBack(club) });
  }

  /**
   * A rated seat between two members of `club` at one address (or with a ward of it), which the club vouches for:
   * a place of the pair's day in `game` (CLUB_PAIR_LIMIT), of each account's day (CLUB_ACCOUNT_LIMIT: what one
   * account, a farmer's included, gains from clubs in a day) and of the club's day (CLUB_RATED_LIMIT), all taken
   * when the seat is, so matches played at once count each; nothing is kept of a refusal.
   */
  async clubRated(club: string, game: string, a: string, b: string): Promise<Result<Ticket>> {
    const taken: [Window, string][] = [];
    const giveBack = async (): Promise<void> => {
      for (const [w, k] of taken.splice(0)) await w.giveBack(k);
    };
    const steps: [Window, string, GameError['code'], number][] = [
      [this.clubPairs, `${club}:${Guard.pairKey(game, a, b)}`, 'CLUB_PAIR_LIMIT', this.limits.clubRatedPerPair],
      [this.clubAccounts, a, 'CLUB_ACCOUNT_LIMIT', this.limits.clubRatedPerAccount],
      [this.clubAccounts, b, 'CLUB_ACCOUNT_LIMIT', this.limits.clubRatedPerAccount],
      [this.clubDays, club, 'CLUB_RATED_LIMIT', this.limits.clubRatedPerDay],
    ];
    for (const [window, key, code, max] of steps) {
      const t = await window.take(key);
      if (!t.ok) {
        await giveBack();
        return err({ code, max, retrySeconds: t.retrySeconds });
      }
      taken.push([window, key]);
    }
    return ok({ giveBack });
  }

  /**
   * A password reset asked for `email` (lower-cased) from `client`: counted whether or not the address is known,
   * so that the answer tells nobody which addresses have accounts.
   */
  async reset(email: string, client: string): Promise<Result<void>> {
    const byEmail = await this.resetEmail.take(email);
    if (!byEmail.ok) return err({ code: 'RESET_RATE_LIMITED', retrySeconds: byEmail.retrySeconds });
    const byClient = await this.resetClient.take(client);
    if (!byClient.ok) {
      await this.resetEmail.giveBack(email);
      return err({ code: 'RESET_RATE_LIMITED', retrySeconds: byClient.retrySeconds });
    }
    return ok(undefined);
  }

  // ------------------------------------------------------------------------------------------------------
  // The table

  /** A chat line of a seat (`match:seat`) and/or an account, counted for both over all their connections. */
  chat(seat: string | null, account: string | null): Promise<Result<Ticket>> {
    return this.both(this.chatSeat, seat, this.chatAccount, account, (retrySeconds) => ({
      code: 'CHAT_RATE_LIMITED',
      max: this.limits.chatLines,
      seconds: WINDOWS.chat,
      retrySeconds,
    }));
  }

  /** An offer (draw, takeback, rematch) of a seat and/or an account. */
  offer(seat: string | null, account: string | null): Promise<Result<Ticket>> {
    return this.both(this.offerSeat, seat, this.offerAccount, account, (retrySeconds) => ({
      code: 'OFFER_RATE_LIMITED',
      max: this.limits.offers,
      seconds: WINDOWS.offers,
      retrySeconds,
    }));
  }

  private async both(
    first: Window,
    a: string | null,
    second: Window,
    b: string | null,
    refusal: (retrySeconds: number) => GameError,
  ): Promise<Result<Ticket>> {
    if (a !== null) {
      const t = await first.take(a);
      if (!t.ok) return err(refusal(t.retrySeconds));
    }
    if (b !== null) {
      const t = await second.take(b);
      if (!t.ok) {
        if (a !== null) await first.giveBack(a);
        return err(refusal(t.retrySeconds));
      }
    }
    return ok({
      giveBack: async () => {
        await Promise.all([a !== null ? first.giveBack(a) : null, b !== null ? second.giveBack(b) : null]);
      },
    });
  }

  /** The one rematch of a finished match: refused once it was made (REMATCH_DONE). */
  async rematch(match: string): Promise<Result<Ticket>> {
    const taken = await this.rematches.take(match);
    if (!taken.ok) return err({ code: 'REMATCH_DONE' });
    return ok({ giveBack: () => this.rematches.giveBack(match) });
  }

  /** Whether a match already had its rematch (nothing is taken). */
  async rematched(match: string): Promise<boolean> {
    return !(await this.rematches.full(match)).ok;
  }

  // ------------------------------------------------------------------------------------------------------
  // Matches in play

  private caps(parties: Parties): { party: string; max: number; of: 'address' | 'account' }[] {
    return [
      ...parties.addresses.map((a) => ({
        party: addressParty(a),
        max: this.limits.matchesPerAddress,
        of: 'address' as const,
      })),
      ...parties.accounts.map((a) => ({
        party: accountParty(a),
        max: this.limits.matchesPerAccount,
        of: 'account' as const,
      })),
    ];
  }

  /**
   * A match comes into being for `parties`: refused (TOO_MANY_MATCHES) when one of them has its cap of matches in
   * play, else recorded as theirs before it is stored, so the next creation for any of them counts it.
   */
  async admit(match: string, parties: Parties, now = Date.now()): Promise<Result<void>> {
    const caps = this.caps(parties);
    if (caps.length === 0) return ok(undefined);
    const full = await this.ledger.admit(match, caps, now);
    if (!full) return ok(undefined);
    const of = caps.find((c) => c.party === full.party)?.of ?? 'address';
    return err({ code: 'TOO_MANY_MATCHES', count: full.count, max: full.max, of });
  }

  /** The same count without recording anything (play-now, before a request waits). */
  async check(parties: Parties, now = Date.now()): Promise<Result<void>> {
    for (const c of this.caps(parties)) {
      const count = await this.ledger.inPlay(c.party, now);
      if (count >= c.max) return err({ code: 'TOO_MANY_MATCHES', count, max: c.max, of: c.of });
    }
    return ok(undefined);
  }

  /** The creation failed after `admit`: the match counts for nobody. */
  release(match: string): Promise<void> {
    return this.ledger.release(match);
  }

  /** Everybody a match was made for, and every account that took a seat of it. */
  async partiesOf(match: string): Promise<Parties> {
    return partiesFromKeys(await this.ledger.partiesOf(match));
  }

  /**
   * An account takes a seat: refused (ALREADY_SEATED) when it is a party to the match already, atomically, so of
   * several joins at once (on any process) one gets a seat; the ticket gives the place back if the join fails.
   */
  async seat(match: string, account: string, now = Date.now()): Promise<Result<Ticket>> {
    const party = accountParty(account);
    if (!(await this.ledger.seat(match, party, now))) return err({ code: 'ALREADY_SEATED' });
    return ok({ giveBack: () => this.ledger.unseat(match, party, now) });
  }

  /** An account's seat was freed (it left before the start): it may take a seat of the match again. */
  unseat(match: string, account: string): Promise<void> {
    return this.ledger.unseat(match, accountParty(account), null);
  }

  /**
   * A seat of a rated match taken from `address`: refused (RATED_SAME_ADDRESS) when another seat of it was taken
   * from the same address (a puppet account beside its player), unless `--pair-same-address` lets one address
   * play itself (a server behind a proxy). Atomic like `seat`.
   */
  async ratedSeat(match: string, address: string, now = Date.now()): Promise<Result<Ticket>> {
    if (this.limits.pairSameAddress) return ok({ giveBack: async () => undefined });
    const party = addressParty(address);
    if (!(await this.ledger.seat(match, party, now))) return err({ code: 'RATED_SAME_ADDRESS' });
    return ok({ giveBack: () => this.ledger.unseat(match, party, now) });
  }

  /** A seat taken from `address` was freed: another account at that address may take one. */
  unseatAddress(match: string, address: string): Promise<void> {
    return this.ledger.unseat(match, addressParty(address), null);
  }

  /** An import from `address` (records are stored for good: counted per hour). */
  async imported(address: string): Promise<Result<void>> {
    const taken = await this.imports.take(address);
    return taken.ok
      ? ok(undefined)
      : err({ code: 'TOO_MANY_IMPORTS', max: this.limits.importsPerAddress, retrySeconds: taken.retrySeconds });
  }

  // ------------------------------------------------------------------------------------------------------
  // Ratings

  private static pairKey(game: string, a: string, b: string): string {
    return a < b ? `${game}:${a}:${b}` : `${game}:${b}:${a}`;
  }

  /** Whether accounts `a` and `b` already have today's rated results in `game` (nothing is taken). */
  async pairFull(game: string, a: string, b: string): Promise<Result<void>> {
    const full = await this.pairs.full(Guard.pairKey(game, a, b));
    return full.ok
      ? ok(undefined)
      : err({ code: 'RATED_PAIR_LIMIT', max: this.limits.ratedPerPair, retrySeconds: full.retrySeconds });
  }

  /** Takes a rated result for every pair of `accounts`; false (and nothing taken) when one pair has had its day's. */
  async ratePairs(game: string, accounts: readonly string[]): Promise<boolean> {
    const taken: string[] = [];
    for (let i = 0; i < accounts.length; i++) {
      for (let j = i + 1; j < accounts.length; j++) {
        const key = Guard.pairKey(game, accounts[i]!, accounts[j]!);
        if (!(await this.pairs.take(key)).ok) {
          for (const k of taken) await this.pairs.giveBack(k);
          return false;
        }
        taken.push(key);
      }
    }
    return true;
  }
}
