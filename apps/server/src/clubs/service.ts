import { randomBytes, randomInt } from 'node:crypto';
import { err, ok, type Result } from '@roundtable/core';
import { GAME_IDS } from '@roundtable/catalog';
import { checkName, nameKey } from '../accounts/names.ts';
import type { AccountService, Me } from '../accounts/service.ts';
import type { Limits } from '../config.ts';
import type { Guard, Ticket } from '../limits/guard.ts';
import type { SameAddressRule } from '@roundtable/protocol';
import type { ClubHooks } from './hooks.ts';
import type { ClubRow, ClubStore } from './store.ts';

/** Clubs one account may belong to at once (its own included): a puppet is not lent to many farmers' clubs. */
export const CLUBS_PER_ACCOUNT = 3;

const DAY_MS = 86_400_000;

/** A club as its members and the public see it; `code` only for its owner. */
export interface ClubView {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly members: readonly { readonly name: string; readonly joinedAt: number }[];
  readonly code?: string;
  readonly limits: {
    readonly members: number;
    readonly joinsPerDay: number;
    readonly ratedPerPair: number;
    readonly ratedPerAccount: number;
    readonly ratedPerDay: number;
  };
}

/** What a player page shows of clubs: the player's clubs and the rated games a club vouched for. */
export interface PlayerClubs {
  readonly clubs: readonly { readonly id: string; readonly name: string }[];
  readonly vouched: readonly {
    readonly match: string;
    readonly game: string;
    readonly club: string;
    readonly opponent: string;
    readonly at: number;
  }[];
}

/**
 * Clubs: an established account founds one and vouches for its members; two members of one club may play rated
 * from one address (a household, a club evening behind one router), within the club's own limits, and a sign-up
 * through the club's code counts against the club's day of new members instead of the address's. SECURITY.md,
 * "Clubs and households", says what farming this permits and why that is acceptable.
 */
export class Clubs implements ClubHooks {
  constructor(
    readonly store: ClubStore,
    private readonly accounts: AccountService,
    private readonly guard: Guard,
  ) {}

  private get limits(): Limits {
    return this.guard.limits;
  }

  private async ratedGames(accountId: string): Promise<number> {
    let n = 0;
    for (const game of GAME_IDS) n += (await this.accounts.store.rating(accountId, game))?.games ?? 0;
    return n;
  }

  /** Founds a club owned by `me`: only an established account (rated games and age), one club per owner. */
  async create(me: Me, rawName: string, now = Date.now()): Promise<Result<ClubView>> {
    if ((await this.accounts.store.bot(me.id)) !== null) return err({ code: 'PEOPLE_ONLY' });
    const games = await this.ratedGames(me.id);
    const days = Math.floor((now - me.createdAt) / DAY_MS);
    if (games < this.limits.clubFounderGames || days < this.limits.clubFounderDays)
      return err({
        code: 'CLUB_FOUNDER',
        games: this.limits.clubFounderGames,
        days: this.limits.clubFounderDays,
        hasGames: games,
        hasDays: days,
      });
    const name = checkName(rawName);
    if (!name.ok) return name;
    if (await this.store.byOwner(me.id)) return err({ code: 'CLUB_OWNED' });
    if ((await this.store.clubsOf(me.id)).length >= CLUBS_PER_ACCOUNT)
      return err({ code: 'TOO_MANY_CLUBS', max: CLUBS_PER_ACCOUNT });
    const row: ClubRow = {
      id: randomBytes(6).toString('base64url'),
      name: name.value,
      nameKey: nameKey(name.value),
      ownerId: me.id,
      code: newCode(),
      createdAt: now,
    };
    if (!(await this.store.create(row, now)))
      return (await this.store.byOwner(me.id))
        ? err({ code: 'CLUB_OWNED' })
        : err({ code: 'CLUB_NAME_TAKEN', name: name.value });
    return ok(await this.view(row, me));
  }

  /** The club of an invitation code, or NO_SUCH_CLUB. */
  async byCode(code: string): Promise<Result<ClubRow>> {
    const club = await this.store.byCode(code);
    return club ? ok(club) : err({ code: 'NO_SUCH_CLUB' });
  }

  /**
   * `me` joins the club of `code`: within its members, its day of new members, and the account's clubs. The day's
   * place is taken first and given back when the join fails after all.
   */
  async join(me: Me, code: string, now = Date.now()): Promise<Result<ClubView>> {
    if ((await this.accounts.store.bot(me.id)) !== null) return err({ code: 'PEOPLE_ONLY' });
    const found = await this.byCode(code);
    if (!found.ok) return found;
    const club = found.value;
    const mine = await this.store.clubsOf(me.id);
    if (mine.some((c) => c.id === club.id)) return err({ code: 'ALREADY_MEMBER' });
    if (mine.length >= CLUBS_PER_ACCOUNT) return err({ code: 'TOO_MANY_CLUBS', max: CLUBS_PER_ACCOUNT });
    const place = await this.guard.clubJoin(club.id);
    if (!place.ok) return place;
    const added = await this.addMember(club, me.id, now);
    if (!added.ok) {
      await place.value.giveBack();
      return added;
    }
    return ok(await this.view(club, me));
  }

  /** Adds an account to a club within its cap of members (the day's place is the caller's). */
  async addMember(club: ClubRow, accountId: string, now = Date.now()): Promise<Result<void>> {
    const added = await this.store.addMember(club.id, accountId, this.limits.clubMembers, now);
    if (added === 'full') return err({ code: 'CLUB_FULL', max: this.limits.clubMembers });
    if (added === 'member') return err({ code: 'ALREADY_MEMBER' });
    return ok(undefined);
  }

  /**
   * Sign-up through a club's code: the account counts against the club's day of new members, not the address's
   * five, and is a member at once. A club that is full refuses before any password is hashed.
   */
  async signUp(
    name: string,
    password: string,
    address: string,
    code: string,
    now = Date.now(),
  ): Promise<Result<{ me: Me; token: string; club: ClubView }>> {
    const found = await this.byCode(code);
    if (!found.ok) return found;
    const club = found.value;
    if ((await this.store.members(club.id)).length >= this.limits.clubMembers)
      return err({ code: 'CLUB_FULL', max: this.limits.clubMembers });
    const made = await this.accounts.signUp(name, password, address, now, () => this.guard.clubJoin(club.id));
    if (!made.ok) return made;
    // Filled meanwhile: the account stays (its place of the club's day was spent), without the club.
    await this.store.addWard(made.value.me.id, club.id, now);
    const added = await this.addMember(club, made.value.me.id, now);
    if (!added.ok) return added;
    return ok({ ...made.value, club: await this.view(club, made.value.me) });
  }

  /** A member leaves, or the owner removes one (`who`); the owner cannot leave its own club. */
  async remove(me: Me, clubId: string, who: string): Promise<Result<ClubView>> {
    const club = await this.store.byId(clubId);
    if (!club) return err({ code: 'NO_SUCH_CLUB' });
    const target = await this.accounts.store.accountByKey(nameKey(who.normalize('NFKC').trim()));
    if (!target) return err({ code: 'NO_SUCH_PLAYER', name: who });
    if (target.id !== me.id && club.ownerId !== me.id) return err({ code: 'NOT_CLUB_OWNER' });
    if (target.id === club.ownerId) return err({ code: 'NOT_CLUB_OWNER' });
    await this.store.removeMember(club.id, target.id);
    return ok(await this.view(club, me));
  }

  /** A new invitation code (the old one stops working): the owner's way to close the door after an evening. */
  async newCode(me: Me, clubId: string): Promise<Result<ClubView>> {
    const club = await this.store.byId(clubId);
    if (!club) return err({ code: 'NO_SUCH_CLUB' });
    if (club.ownerId !== me.id) return err({ code: 'NOT_CLUB_OWNER' });
    const code = newCode();
    await this.store.setCode(club.id, code);
    return ok(await this.view({ ...club, code }, me));
  }

  async view(club: ClubRow, me: Me | null): Promise<ClubView> {
    const members = [];
    for (const m of await this.store.members(club.id)) {
      const a = await this.accounts.store.accountById(m.accountId);
      if (a) members.push({ name: a.name, joinedAt: m.joinedAt });
    }
    const owner = (await this.accounts.store.accountById(club.ownerId))?.name ?? '';
    return {
      id: club.id,
      name: club.name,
      owner,
      members,
      ...(me?.id === club.ownerId ? { code: club.code } : {}),
      limits: {
        members: this.limits.clubMembers,
        joinsPerDay: this.limits.clubJoinsPerDay,
        ratedPerPair: this.limits.clubRatedPerPair,
        ratedPerAccount: this.limits.clubRatedPerAccount,
        ratedPerDay: this.limits.clubRatedPerDay,
      },
    };
  }

  async mine(me: Me): Promise<ClubView[]> {
    return Promise.all((await this.store.clubsOf(me.id)).map((c) => this.view(c, me)));
  }

  /**
   * A rated seat of `match` taken by `joiner` beside `holders`. Clubs have a say when the seat is at the address of
   * another seat (`sameAddress`: refused unless a club all of them belong to vouches for it) or when one of them
   * is a ward (signed up through a club's code and still provisional: it plays rated only with that club's
   * members, whatever the address). Either way the game takes a place of the club's limits for the pair and the
   * day; `done` records it for both players' pages once the seat is taken. Ok(null): clubs have nothing to say.
   */
  async ratedSeat(
    game: string,
    match: string,
    joiner: string,
    holders: readonly string[],
    sameAddress: boolean,
  ): Promise<Result<{ ticket: Ticket; done(): Promise<void> } | null>> {
    const everyone = [joiner, ...holders];
    const wardClubs = new Set<string>();
    for (const a of everyone) {
      const club = await this.store.wardOf(a);
      if (club !== null && (await this.ratedGames(a)) < this.limits.provisionalGames) wardClubs.add(club);
    }
    if (!sameAddress && wardClubs.size === 0) return ok(null);
    const memberOf = await Promise.all(
      everyone.map(async (a) => new Set((await this.store.clubsOf(a)).map((c) => c.id))),
    );
    const shared = [...memberOf[0]!].filter((id) => memberOf.every((m) => m.has(id)));
    let club: string | undefined;
    if (wardClubs.size > 0) {
      club = wardClubs.size === 1 ? [...wardClubs][0] : undefined;
      if (club === undefined || !shared.includes(club))
        return err({ code: 'CLUB_WARD', games: this.limits.provisionalGames });
    } else club = shared.sort()[0];
    if (club === undefined) return err({ code: 'RATED_SAME_ADDRESS' });
    return this.take(club, game, match, joiner, holders);
  }

  private async take(
    club: string,
    game: string,
    match: string,
    joiner: string,
    holders: readonly string[],
  ): Promise<Result<{ ticket: Ticket; done(): Promise<void> }>> {
    const tickets: Ticket[] = [];
    for (const h of holders) {
      const t = await this.guard.clubRated(club, game, joiner, h);
      if (!t.ok) {
        for (const x of tickets) await x.giveBack();
        return t;
      }
      tickets.push(t.value);
    }
    return ok({
      ticket: {
        giveBack: async () => {
          for (const x of tickets) await x.giveBack();
        },
      },
      done: async () => {
        const at = Date.now();
        for (const h of holders) await this.store.vouch({ matchId: match, clubId: club, game, a: joiner, b: h, at });
      },
    });
  }

  /**
   * A rated rematch of `from` (for the same accounts): a match the club vouched for is vouched for again, within
   * the club's limits, so a rematch is no way around them. Ok(null): `from` was not vouched for.
   */
  async rematch(
    from: string,
    game: string,
    accounts: readonly string[],
  ): Promise<Result<{ ticket: Ticket; done(next: string): Promise<void> } | null>> {
    const club = await this.store.wasVouched(from);
    if (club === null || accounts.length < 2) return ok(null);
    const taken = await this.take(club, game, from, accounts[0]!, accounts.slice(1));
    if (!taken.ok) return taken;
    return ok({
      ticket: taken.value.ticket,
      done: async (next) => {
        const at = Date.now();
        for (const b of accounts.slice(1))
          await this.store.vouch({ matchId: next, clubId: club, game, a: accounts[0]!, b, at });
      },
    });
  }

  /** Play-now's rated pairings are with strangers: a ward (see `ratedSeat`) is refused them. */
  async playNow(account: string, rated: boolean): Promise<Result<void>> {
    if (!rated) return ok(undefined);
    const club = await this.store.wardOf(account);
    if (club !== null && (await this.ratedGames(account)) < this.limits.provisionalGames)
      return err({ code: 'CLUB_WARD', games: this.limits.provisionalGames });
    return ok(undefined);
  }

  async sameAddressRule(account: string): Promise<SameAddressRule> {
    if (this.limits.pairSameAddress) return { rule: 'allowed', clubs: [] };
    return { rule: 'refused', clubs: (await this.store.clubsOf(account)).map((c) => c.name) };
  }

  /** A player page's clubs: the clubs of `accountId`, and the rated games from one address its clubs vouched for. */
  async player(accountId: string): Promise<PlayerClubs> {
    const clubs = (await this.store.clubsOf(accountId)).map((c) => ({ id: c.id, name: c.name }));
    const names = new Map<string, string>();
    const nameOf = async (id: string, get: () => Promise<string | undefined>): Promise<string> => {
      if (!names.has(id)) names.set(id, (await get()) ?? '');
      return names.get(id)!;
    };
    const vouched = [];
    for (const v of await this.store.vouched(accountId, 50)) {
      const other = v.a === accountId ? v.b : v.a;
      vouched.push({
        match: v.matchId,
        game: v.game,
        club: await nameOf(`c:${v.clubId}`, async () => (await this.store.byId(v.clubId))?.name),
        opponent: await nameOf(`a:${other}`, async () => (await this.accounts.store.accountById(other))?.name),
        at: v.at,
      });
    }
    return { clubs, vouched };
  }
}

/** An invitation code: 10 characters of base32 without look-alikes (read aloud across a room). */
export function newCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 10; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
