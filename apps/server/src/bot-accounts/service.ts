import { randomBytes, randomInt } from 'node:crypto';
import { err, Match, ok, type Result, type Seat } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type { Challenge, ChallengeRequest, ClockRequest, DeclineReason, MatchSummary } from '@roundtable/protocol';
import { nameKey } from '../accounts/names.ts';
import type { AccountService, Me } from '../accounts/service.ts';
import type { BotRow, ChallengeRow } from '../accounts/store.ts';
import { isFischer } from '../clocks/fischer.ts';
import type { Guard } from '../limits/guard.ts';
import { lapseHours, lapsesAt } from './lapse.ts';
import type { MatchService } from '../match-service.ts';
import { hashToken, newToken } from '../tokens.ts';

/** What a challenge asks for, kept with it as JSON (checked when it was made). */
interface Spec {
  readonly options: Readonly<Record<string, unknown>>;
  readonly clock: ClockRequest | null;
  readonly rated: boolean;
  /** The challenger's seat. */
  readonly seat: 0 | 1;
}

const inPlay = (m: MatchSummary): boolean => m.status === 'open' || m.status === 'active';

/**
 * Our own levels as bot accounts (the ladder of engines): seeded at start, their seats played by the server's bot
 * workers. A stored password hash that no password matches: nobody logs in to them.
 */
export const HOUSE_BOTS: readonly { readonly level: string; readonly name: string }[] = [
  { level: 'easy', name: 'Round Table easy' },
  { level: 'medium', name: 'Round Table medium' },
  { level: 'strong', name: 'Round Table strong' },
];
const NO_PASSWORD = '!';

/**
 * Bot accounts (issue 38, as lichess's Bot API): an account that never played becomes, for ever, an account an
 * engine plays. Its program authenticates with a bot token (shown once, stored hashed), is sent the challenges
 * people make it, accepts or declines them, and plays the matches it accepted through the WebSocket like any
 * seat, seeing its seat's view only. A bot account does nothing a person does: no match of its own, no joining,
 * no play-now, no chat outside its seat.
 */
export class BotAccounts {
  constructor(
    private readonly accounts: AccountService,
    private readonly service: MatchService,
    private readonly guard: Guard,
  ) {}

  private get store() {
    return this.accounts.store;
  }

  /**
   * Makes the house bots' accounts if they are missing (every process at start; the storage keeps one of each). A
   * name a person took first stays theirs: that level then has no account.
   */
  async seedHouse(now = Date.now()): Promise<string[]> {
    const skipped: string[] = [];
    for (const { level, name } of HOUSE_BOTS) {
      const id = `house-${level}`;
      await this.store.createAccount({ id, name, nameKey: nameKey(name), passwordHash: NO_PASSWORD, createdAt: now });
      if ((await this.store.accountByKey(nameKey(name)))?.id !== id) {
        skipped.push(name);
        continue;
      }
      await this.store.makeBot({ accountId: id, tokenHash: null, since: now, level });
    }
    return skipped;
  }

  /** The bot row of an account, or null for a person. */
  botOf(accountId: string): Promise<BotRow | null> {
    return this.store.bot(accountId);
  }

  /** Refused to a bot account: what only people do (create, join, play now). */
  async person(me: Me | null): Promise<Result<void>> {
    if (me && (await this.store.bot(me.id))) return err({ code: 'PEOPLE_ONLY' });
    return ok(undefined);
  }

  /**
   * Makes the signed-in account a bot account, and its first bot token. Refused to an account that holds any seat
   * (it played, or plays, as a person: its results were a person's), as lichess refuses accounts that played.
   */
  async become(me: Me, now = Date.now()): Promise<Result<{ name: string; token: string }>> {
    if (await this.store.bot(me.id)) return err({ code: 'ALREADY_BOT' });
    const seats = await this.store.seats(me.id, 200);
    if (seats.length > 0) return err({ code: 'BOT_HAS_PLAYED', matches: seats.length });
    const token = newToken();
    if (!(await this.store.makeBot({ accountId: me.id, tokenHash: hashToken(token), since: now, level: null })))
      return err({ code: 'ALREADY_BOT' });
    return ok({ name: me.name, token });
  }

  /** A new bot token (the old one stops working at once): for a token lost or leaked. */
  async renewToken(me: Me): Promise<Result<{ name: string; token: string }>> {
    const bot = await this.store.bot(me.id);
    if (!bot || bot.level !== null) return err({ code: 'NOT_A_BOT', name: me.name });
    const token = newToken();
    await this.store.setBotToken(me.id, hashToken(token));
    return ok({ name: me.name, token });
  }

  /** The bot account of a bot token, or null. */
  async whoIs(token: string | undefined): Promise<Me | null> {
    if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const bot = await this.store.botByToken(hashToken(token));
    if (!bot) return null;
    const account = await this.store.accountById(bot.accountId);
    return account ? { id: account.id, name: account.name, createdAt: account.createdAt } : null;
  }

  // ------------------------------------------------------------------------------------------------------
  // Challenges

  /** A signed-in person challenges a bot account to a two-player match. */
  async challenge(me: Me, req: ChallengeRequest, now = Date.now()): Promise<Result<Challenge>> {
    const person = await this.person(me);
    if (!person.ok) return person;
    const target = await this.store.accountByKey(nameKey(req.to.normalize('NFKC').trim()));
    if (!target) return err({ code: 'NO_SUCH_PLAYER', name: req.to.slice(0, 40) });
    const targetBot = await this.store.bot(target.id);
    if (!targetBot) return err({ code: 'NOT_A_BOT', name: target.name });
    const game = gameById(req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: GAME_IDS });
    // The options and the number of players are the game's to check, now rather than when the bot accepts.
    const tried = Match.create(game, { players: 2, options: req.options ?? {}, seed: 'challenge' });
    if (!tried.ok) return tried;
    if (req.rated && !req.clock) return err({ code: 'RATED_NEEDS_CLOCK' });
    if (isFischer(req.clock) && !game.perfectInformation) return err({ code: 'FISCHER_WITH_SECRETS', game: game.id });
    const max = this.guard.limits.challengesPending;
    // A lapsed challenge waits for nothing: it no longer counts.
    const waiting = await Promise.all(
      (await this.store.challenges('from', me.id, 'pending', max)).map((r) => this.fresh(r)),
    );
    if (waiting.filter((r) => r.status === 'pending').length >= max) return err({ code: 'TOO_MANY_CHALLENGES', max });
    const spec: Spec = {
      options: tried.value.options,
      clock: req.clock ?? null,
      rated: req.rated ?? false,
      seat: req.seat ?? (randomInt(2) as 0 | 1),
    };
    const row: ChallengeRow = {
      id: randomBytes(9).toString('base64url'),
      fromAccount: me.id,
      toAccount: target.id,
      game: game.id,
      spec: JSON.stringify(spec),
      status: 'pending',
      reason: null,
      matchId: null,
      createdAt: now,
    };
    await this.store.createChallenge(row);
    // The server's own levels answer at once: they accept every challenge they can play.
    if (targetBot.level !== null) {
      const made = await this.accept(row.id, { id: target.id, name: target.name, createdAt: target.createdAt });
      if (!made.ok) {
        await this.store.settleChallenge(row.id, 'declined', 'generic', null);
        return made;
      }
      return ok(made.value.challenge);
    }
    return ok(await this.shown(row));
  }

  /** A challenge as its two sides see it; null for anybody else. */
  async get(id: string, me: Me): Promise<Result<Challenge>> {
    const row = await this.store.challenge(id);
    if (!row || (row.fromAccount !== me.id && row.toAccount !== me.id)) return err({ code: 'NO_SUCH_CHALLENGE' });
    return ok(await this.shown(await this.fresh(row)));
  }

  /** The challenges sent to a bot (`to`, pending ones) or by a person (`from`, any status), newest first. */
  async list(me: Me, side: 'to' | 'from'): Promise<Challenge[]> {
    const rows = await Promise.all(
      (await this.store.challenges(side, me.id, side === 'to' ? 'pending' : null, 50)).map((r) => this.fresh(r)),
    );
    // A bot is asked only what it may still answer.
    return Promise.all(rows.filter((r) => side === 'from' || r.status === 'pending').map((r) => this.shown(r)));
  }

  /** The challenger takes a challenge back before the bot answered. */
  async cancel(id: string, me: Me): Promise<Result<Challenge>> {
    const row = await this.store.challenge(id);
    if (!row || row.fromAccount !== me.id) return err({ code: 'NO_SUCH_CHALLENGE' });
    if ((await this.fresh(row)).status === 'lapsed') return this.settled(id);
    if (!(await this.store.settleChallenge(id, 'cancelled', null, null))) return this.settled(id);
    return this.get(id, me);
  }

  async decline(id: string, bot: Me, reason: DeclineReason = 'generic'): Promise<Result<Challenge>> {
    const row = await this.store.challenge(id);
    if (!row || row.toAccount !== bot.id) return err({ code: 'NO_SUCH_CHALLENGE' });
    if ((await this.fresh(row)).status === 'lapsed') return this.settled(id);
    if (!(await this.store.settleChallenge(id, 'declined', reason, null))) return this.settled(id);
    return this.get(id, bot);
  }

  /**
   * The bot accepts: the match is made, one seat for each account (recorded as theirs, the bot's marked), rated if
   * the person asked. The bot then attaches to it with its bot token, the person with their session.
   */
  async accept(id: string, bot: Me): Promise<Result<{ challenge: Challenge; match: MatchSummary }>> {
    const row = await this.store.challenge(id);
    if (!row || row.toAccount !== bot.id) return err({ code: 'NO_SUCH_CHALLENGE' });
    if ((await this.fresh(row)).status !== 'pending') return this.settled(id);
    const house = (await this.store.bot(bot.id))?.level ?? null;
    // An outside engine plays so many at once; the house bots play on the server's own workers, as any bot seat.
    const max = this.guard.limits.botMatches;
    const count = house === null ? await this.matchesInPlay(bot.id) : 0;
    if (count >= max) return err({ code: 'BOT_TOO_MANY_MATCHES', max, count });
    const spec = JSON.parse(row.spec) as Spec;
    if (spec.rated) {
      const pair = await this.guard.pairFull(row.game, row.fromAccount, row.toAccount);
      if (!pair.ok) return pair;
    }
    // Taken first (atomically): of two answers at once, one makes the match.
    if (!(await this.store.settleChallenge(id, 'accepted', null, null))) return this.settled(id);
    const person = await this.store.accountById(row.fromAccount);
    const botSeat = (1 - spec.seat) as Seat;
    const personSeat = { kind: 'human' as const, ...(person ? { name: person.name } : {}) };
    const botSeatRequest =
      house !== null ? { kind: 'bot' as const, level: house } : { kind: 'human' as const, name: bot.name };
    const created = await this.service.create(
      {
        game: row.game,
        options: { ...spec.options },
        seats: spec.seat === 0 ? [personSeat, botSeatRequest] : [botSeatRequest, personSeat],
        ...(spec.clock ? { clock: spec.clock } : {}),
        ...(spec.rated ? { rated: true } : {}),
      },
      // A house bot plays for everyone at once: its matches count against the person's cap only.
      { addresses: [], accounts: house === null ? [row.fromAccount, row.toAccount] : [row.fromAccount] },
      'create',
      { seats: [botSeat], names: { [botSeat]: bot.name } },
    );
    if (!created.ok) {
      await this.store.settleChallenge(id, 'pending', null, null, 'accepted');
      return created;
    }
    const match = created.value.match;
    const at = Date.now();
    await this.store.addSeat(row.fromAccount, match.id, spec.seat, at);
    await this.store.addSeat(row.toAccount, match.id, botSeat, at);
    await this.store.settleChallenge(id, 'accepted', null, match.id, 'accepted');
    const shown = await this.get(id, bot);
    return shown.ok ? ok({ challenge: shown.value, match }) : shown;
  }

  /** The matches in play of an account (open or active), newest first. */
  async matches(accountId: string): Promise<{ match: MatchSummary; seat: Seat }[]> {
    const out: { match: MatchSummary; seat: Seat }[] = [];
    for (const { matchId, seat } of await this.store.seats(accountId, 200)) {
      const summary = await this.service.summary(matchId);
      if (summary && inPlay(summary)) out.push({ match: summary, seat });
    }
    return out;
  }

  private async matchesInPlay(accountId: string): Promise<number> {
    return (await this.matches(accountId)).length;
  }

  private async settled(id: string): Promise<Result<never>> {
    const now = await this.store.challenge(id);
    if (now?.status === 'lapsed') {
      const at = lapsesAt(now.createdAt, (JSON.parse(now.spec) as Spec).clock, this.guard.limits.challengeLapseMs);
      return err({ code: 'CHALLENGE_LAPSED', hours: lapseHours(now.createdAt, at) });
    }
    return err({ code: 'CHALLENGE_SETTLED', status: now?.status ?? 'cancelled' });
  }

  /**
   * The row as it stands now: a pending challenge past its time is settled as lapsed first (when it is read, not by
   * a timer: nothing runs for a challenge nobody looks at, and whichever process reads it first settles it once).
   */
  private async fresh(row: ChallengeRow, now = Date.now()): Promise<ChallengeRow> {
    if (row.status !== 'pending') return row;
    if (now < lapsesAt(row.createdAt, (JSON.parse(row.spec) as Spec).clock, this.guard.limits.challengeLapseMs))
      return row;
    if (await this.store.settleChallenge(row.id, 'lapsed', null, null)) return { ...row, status: 'lapsed' };
    return (await this.store.challenge(row.id)) ?? row;
  }

  private async shown(row: ChallengeRow): Promise<Challenge> {
    const spec = JSON.parse(row.spec) as Spec;
    const [from, to] = await Promise.all([
      this.store.accountById(row.fromAccount),
      this.store.accountById(row.toAccount),
    ]);
    return {
      id: row.id,
      from: from?.name ?? '?',
      to: to?.name ?? '?',
      game: row.game,
      options: spec.options,
      clock: spec.clock,
      rated: spec.rated,
      seat: spec.seat,
      status: row.status,
      reason: (row.reason as DeclineReason | null) ?? null,
      match: row.matchId,
      createdAt: row.createdAt,
    };
  }
}
