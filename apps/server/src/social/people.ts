import type { FastifyRequest } from 'fastify';
import { err, ok, type Result, type Seat } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type {
  CreateMatchAnswer,
  CreateMatchRequest,
  JoinAnswer,
  JoinRequest,
  MatchSummary,
  MyMatch,
  RatingInfo,
} from '@roundtable/protocol';
import { currentAccount } from '../accounts/routes.ts';
import { nameKey } from '../accounts/names.ts';
import { INITIAL, rateMultiplayer, rateTwoPlayers, ranksFromWinners, type Rating } from '../accounts/ratings.ts';
import type { AccountService, Me } from '../accounts/service.ts';
import type { BoardKind } from '../accounts/store.ts';
import type { LiveMatch } from '../live-match.ts';
import { encode } from '../outgoing.ts';
import { accountName, changeOf, ratingsMessage } from './rating-changes.ts';
import type { MatchService } from '../match-service.ts';
import type { Logger } from 'pino';
import { isFischer } from '../clocks/fischer.ts';
import { creatorOf } from '../address.ts';
import type { Guard } from '../limits/guard.ts';
import type { Parties } from '../limits/parties.ts';
import type { ClubHooks } from '../clubs/hooks.ts';

/**
 * Accounts at the table: a match created or joined with a session belongs to that account (its seats are
 * recorded, and named after it), guests' seats can be claimed, rated matches are kept between accounts and rate
 * their players at the end. The HTTP routes (`routes.ts`) and the match service call in here.
 */
export class People {
  /** Clubs (clubs/): a club vouches for rated seats of its members at one address; set by the server. */
  clubs: ClubHooks | null = null;

  constructor(
    readonly accounts: AccountService,
    private readonly service: MatchService,
    private readonly log: Logger,
    private readonly guard: Guard,
  ) {}

  /** Whom a request's match is made for: its address (hashed) and its account. */
  static parties(req: FastifyRequest, me: Me | null): Parties {
    return { addresses: [creatorOf(req.socket.remoteAddress)], accounts: me ? [me.id] : [] };
  }

  /** Rated games of a game an account plays before it is on that game's leaderboard. */
  get provisionalGames(): number {
    return this.guard.limits.provisionalGames;
  }

  /** A bot account (bot-accounts/): it does nothing a person does. */
  async isBot(me: Me): Promise<boolean> {
    return (await this.accounts.store.bot(me.id)) !== null;
  }

  me(req: FastifyRequest): Promise<Me | null> {
    return currentAccount(this.accounts, req);
  }

  /**
   * A guest may name a seat anything except a name an account holds (without regard to case and look-alikes),
   * so a name shown at a table that is an account's name is that account.
   */
  async nameFree(name: string | undefined, me: Me | null): Promise<Result<void>> {
    if (name === undefined) return ok(undefined);
    const owner = await this.accounts.store.accountByKey(nameKey(name));
    if (owner && owner.id !== me?.id) return err({ code: 'NAME_TAKEN', name });
    return ok(undefined);
  }

  async create(
    req: FastifyRequest,
    body: CreateMatchRequest,
  ): Promise<
    Result<{
      body: CreateMatchRequest;
      parties: Parties;
      done(answer: CreateMatchAnswer): Promise<Partial<CreateMatchAnswer> | void>;
    }>
  > {
    const me = await this.me(req);
    // A bot account plays the challenges it accepts, nothing else (bot-accounts/).
    if (me && (await this.accounts.store.bot(me.id))) return err({ code: 'PEOPLE_ONLY' });
    if (body.rated) {
      if (!me) return err({ code: 'RATED_NEEDS_ACCOUNT' });
      const humans = body.seats.filter((s) => s.kind === 'human').length;
      const open = body.seats.filter((s) => s.kind === 'open').length;
      if (
        humans !== 1 ||
        open !== body.seats.length - 1 ||
        open < 1 ||
        body.seed !== undefined ||
        body.abandon !== undefined
      )
        return err({ code: 'RATED_SEATS' });
    }
    if (isFischer(body.clock) && !gameById(body.game)?.perfectInformation)
      return err({ code: 'FISCHER_WITH_SECRETS', game: body.game });
    let named = false;
    const seats = [];
    for (const s of body.seats) {
      if (s.kind !== 'human') {
        seats.push(s);
        continue;
      }
      // The creator's own seat (the first human one) shows the account's name; the others (hot-seat) theirs.
      if (me && !named) {
        named = true;
        seats.push({ ...s, name: me.name });
        continue;
      }
      const free = await this.nameFree(s.name, me);
      if (!free.ok) return free;
      seats.push(s);
    }
    return ok({
      body: { ...body, seats },
      parties: People.parties(req, me),
      done: async (answer) => {
        if (!me) return;
        for (const t of answer.tokens) await this.accounts.store.addSeat(me.id, answer.match.id, t.seat, Date.now());
        // The host of a rated match is told before anyone is refused what a second seat from its address meets.
        if (body.rated && this.clubs) return { sameAddress: await this.clubs.sameAddressRule(me.id) };
      },
    });
  }

  async join(
    req: FastifyRequest,
    id: string,
    body: JoinRequest,
  ): Promise<Result<{ body: JoinRequest; done(answer: JoinAnswer): Promise<void>; undo(): Promise<void> }>> {
    const me = await this.me(req);
    // Open seats are for people: an engine comes to a table only through a challenge it accepted.
    if (me && (await this.accounts.store.bot(me.id))) return err({ code: 'PEOPLE_ONLY' });
    const summary = await this.service.summary(id);
    if (summary?.rated && !me) return err({ code: 'RATED_NEEDS_ACCOUNT' });
    if (!me) {
      const free = await this.nameFree(body.name, null);
      if (!free.ok) return free;
      return ok({ body, done: async () => undefined, undo: async () => undefined });
    }
    // One account, one seat: the ledger takes the account's place at the match atomically (two joins at once,
    // through one process or two, get one seat; its creator has its place from the creation).
    const place = await this.guard.seat(id, me.id);
    if (!place.ok) return place;
    // (Matches made before the ledger: their seats are in account_seats only.)
    const holders = summary ? await this.accounts.store.matchSeats(id) : [];
    if (holders.some((h) => h.accountId === me.id && summary?.seats[h.seat]?.kind === 'human')) {
      await place.value.giveBack();
      return err({ code: 'ALREADY_SEATED' });
    }
    const tickets = [place.value];
    const undo = async (): Promise<void> => {
      for (const t of tickets) await t.giveBack();
    };
    let vouched: (() => Promise<void>) | null = null;
    if (summary?.rated) {
      // A rated match seats an address once (a player's puppet account at the same address is refused), unless a
      // club all of them belong to vouches for it (clubs/, within the club's limits).
      const from = await this.guard.ratedSeat(id, creatorOf(req.socket.remoteAddress));
      if (from.ok) tickets.push(from.value);
      const others = [...new Set(holders.map((h) => h.accountId))].filter((a) => a !== me.id);
      const club = this.clubs ? await this.clubs.ratedSeat(summary.game, id, me.id, others, !from.ok) : null;
      if (club && !club.ok) {
        await undo();
        // The refused joiner is offered the same match unrated when its host is the only one seated (clubs/unrated.ts).
        return !from.ok && others.length === 1 && summary.status === 'open'
          ? err({ ...club.error, offer: `/api/matches/${id}/unrated` })
          : club;
      }
      if (!from.ok && !club?.value) {
        await undo();
        return from;
      }
      if (club?.value) {
        tickets.push(club.value.ticket);
        vouched = club.value.done;
      }
      for (const other of new Set(holders.map((h) => h.accountId))) {
        if (other === me.id) continue;
        const pair = await this.guard.pairFull(summary.game, me.id, other);
        if (!pair.ok) {
          await undo();
          return pair;
        }
      }
    }
    return ok({
      body: { ...body, name: me.name },
      done: async (answer) => {
        await this.accounts.store.addSeat(me.id, answer.match.id, answer.seat, Date.now());
        await vouched?.();
      },
      undo,
    });
  }

  /**
   * After a leave: the seats the signed-in account held there that are free again (it left before the start) are
   * no longer its, and it may take a seat of that match again.
   */
  async left(req: FastifyRequest, id: string, after: MatchSummary): Promise<void> {
    const me = await this.me(req);
    if (!me) return;
    const freed = (await this.accounts.store.matchSeats(id)).filter(
      (h) => h.accountId === me.id && after.seats[h.seat]?.kind === 'open',
    );
    if (freed.length === 0) return;
    for (const h of freed) await this.accounts.store.removeSeat(me.id, id, h.seat);
    await this.guard.unseat(id, me.id);
    if (after.rated) await this.guard.unseatAddress(id, creatorOf(req.socket.remoteAddress));
  }

  /**
   * Seats a guest took (the tokens the browser kept) become the account's: listed in its matches and named
   * after it. A token that does not open a seat is counted in `unknown`; a seat another account holds stays
   * that account's.
   */
  async claim(
    me: Me,
    tokens: readonly string[],
  ): Promise<{ claimed: { match: string; seat: Seat }[]; unknown: number }> {
    const claimed: { match: string; seat: Seat }[] = [];
    let unknown = 0;
    for (const token of tokens) {
      const found = await this.service.resolveToken(token, undefined);
      if (!found.ok) {
        unknown++;
        continue;
      }
      const { live, seat } = found.value;
      const holders = await this.accounts.store.matchSeats(live.id);
      if (holders.some((h) => h.seat === seat && h.accountId !== me.id)) {
        unknown++;
        continue;
      }
      await this.accounts.store.addSeat(me.id, live.id, seat, Date.now());
      if (!this.service.follows(live)) await this.service.renameSeat(live, seat, me.name);
      claimed.push({ match: live.id, seat });
    }
    return { claimed, unknown };
  }

  /**
   * The seat an account holds in a match, for a connection that attaches with the match and no token (another
   * device: tokens are stored hashed, so the server cannot hand them out). Of several seats (a hot-seat match
   * the account created), the first one to move, else the first; null when it holds none (a spectator).
   */
  async seatOf(me: Me, live: LiveMatch): Promise<Seat | null> {
    const mine = (await this.accounts.store.matchSeats(live.id))
      .filter((h) => h.accountId === me.id)
      .map((h) => h.seat);
    if (mine.length === 0) return null;
    const toMove = live.toMove();
    return mine.find((s) => toMove.includes(s)) ?? mine[0]!;
  }

  /** The account's matches, newest first, with whose turn it is (matches in play are loaded to know). */
  async matches(me: Me, limit: number): Promise<MyMatch[]> {
    const out: MyMatch[] = [];
    // The account's own changes, one read for the whole list.
    const changes = new Map(
      (await this.accounts.store.ratingChanges({ account: me.id })).map((r) => [r.matchId, changeOf(0, '', r)]),
    );
    for (const { matchId, seat } of await this.accounts.store.seats(me.id, limit)) {
      const summary = await this.service.summary(matchId);
      if (!summary) continue;
      let yourTurn = false;
      if (summary.status === 'active') {
        const live =
          this.service.peek(matchId) ?? (await this.service.open(matchId).then((r) => (r.ok ? r.value : null)));
        yourTurn = live?.toMove().includes(seat) ?? false;
      }
      const change = changes.get(matchId);
      out.push({
        match: summary,
        seat,
        yourTurn,
        ...(change ? { rating: { before: change.before, after: change.after } } : {}),
      });
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------------------
  // Ratings

  /**
   * At the end of a rated match (by the rules, a resignation, an agreed draw or a clock), every seat's account
   * is rated: Glicko-2 for two players, OpenSkill for more. A match called off before its start is not rated.
   */
  /**
   * Rates a finished match. Rating updates run one after another on this process: two matches of one account that
   * end at the same moment would otherwise both start from its old rating, and one update would be lost.
   */
  rate(live: LiveMatch): Promise<void> {
    const run = this.rating.then(() => this.rateNow(live));
    this.rating = run.catch(() => undefined);
    return run;
  }

  private rating: Promise<void> = Promise.resolve();

  private async rateNow(live: LiveMatch): Promise<void> {
    if (!live.row.settings.rated || !live.outcome || live.outcome.reason === 'cancelled') return;
    const holders = await this.accounts.store.matchSeats(live.id);
    const bySeat = live.seats.map((s) => holders.find((h) => h.seat === s.seat)?.accountId);
    if (bySeat.some((a) => a === undefined) || new Set(bySeat).size !== bySeat.length) {
      this.log.warn({ match: live.id }, 'rated match whose seats are not all distinct accounts: not rated');
      return;
    }
    const accounts = bySeat as string[];
    const game = live.game.id;
    // Once per match, even if it ends twice in the eyes of two processes.
    for (const a of accounts) if ((await this.accounts.store.history(a, game, 1))[0]?.matchId === live.id) return;
    // Two accounts feeding each other results (a player and a puppet) count a few times a day, then no more.
    if (!(await this.guard.ratePairs(game, accounts))) {
      this.log.info({ match: live.id, game }, 'rated match between a pair past its results of the day: not rated');
      return;
    }
    const before: Rating[] = await Promise.all(
      accounts.map(async (a) => (await this.accounts.store.rating(a, game)) ?? INITIAL),
    );
    const { winners, draw } = live.outcome;
    let after: Rating[];
    if (accounts.length === 2) {
      const score = draw || winners.length !== 1 ? 0.5 : winners[0] === 0 ? 1 : 0;
      after = rateTwoPlayers(before[0]!, before[1]!, score);
    } else {
      // A player who resigned (a bot took the seat) ranks last, whatever the bot did after.
      const ranks = (draw ? accounts.map(() => 1) : ranksFromWinners(accounts.length, winners)).map((r, seat) =>
        live.seats[seat]?.kind === 'bot' ? 3 : r,
      );
      after = rateMultiplayer(before, ranks);
    }
    await this.accounts.store.saveRatings(
      live.id,
      after.map((r, seat) => ({ ...r, accountId: accounts[seat]!, game })),
      Date.now(),
      this.service.fence(live),
    );
    // Stored: everyone at the table (on every process) sees each seat's change; a later attach reads it back.
    const changes = await Promise.all(
      live.seats.map(async (s) =>
        changeOf(s.seat, await accountName(this.accounts.store, accounts[s.seat]!, s.name), {
          before: before[s.seat]!.rating,
          after: after[s.seat]!.rating,
        }),
      ),
    );
    const text = encode(ratingsMessage(live, changes));
    for (const l of live.listeners) l.send(text);
    this.service.tell(live, text, { everyone: true });
  }

  /** The game's leaderboard: provisional accounts (fewer rated games than `provisionalGames`) are not on it. */
  async leaderboard(game: string, limit: number, kind: BoardKind = 'all'): Promise<Result<RatingInfo[]>> {
    if (!gameById(game)) return err({ code: 'UNKNOWN_GAME', game, known: GAME_IDS });
    const rows = await this.accounts.store.leaderboard(game, limit, this.guard.limits.provisionalGames, kind);
    return ok(
      rows.map((r) => ({
        name: r.name,
        game,
        rating: r.rating,
        deviation: r.deviation,
        games: r.games,
        ...(r.bot ? { bot: true } : {}),
      })),
    );
  }

  async player(name: string): Promise<
    Result<{
      name: string;
      bot: boolean;
      ratings: (RatingInfo & { history: { match: string; rating: number; deviation: number; at: number }[] })[];
    }>
  > {
    const account = await this.accounts.store.accountByKey(nameKey(name.normalize('NFKC').trim()));
    if (!account) return err({ code: 'NO_SUCH_PLAYER', name });
    const ratings = [];
    for (const game of GAME_IDS) {
      const r = await this.accounts.store.rating(account.id, game);
      if (!r) continue;
      const history = (await this.accounts.store.history(account.id, game, 100)).map((h) => ({
        match: h.matchId,
        rating: h.rating,
        deviation: h.deviation,
        at: h.at,
      }));
      ratings.push({
        name: account.name,
        game,
        rating: r.rating,
        deviation: r.deviation,
        games: r.games,
        provisional: r.games < this.guard.limits.provisionalGames,
        history,
      });
    }
    return ok({ name: account.name, bot: (await this.accounts.store.bot(account.id)) !== null, ratings });
  }
}
