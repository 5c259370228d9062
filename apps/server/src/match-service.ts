import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  createRng,
  err,
  Match,
  ok,
  replay,
  seedCommitment,
  seedText,
  STRONG_SEED_PREFIX,
  type AnyGame,
  type Outcome,
  type Result,
  type Seat,
  type Seed,
} from '@roundtable/core';
import { BOT_LEVELS, botFor, newBotMemory, randomBot, type BotMemory } from '@roundtable/ai';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type {
  CreateMatchAnswer,
  CreateMatchRequest,
  ImportRequest,
  JoinAnswer,
  JoinRequest,
  MatchStatus,
  MatchSummary,
  ReplayInfo,
} from '@roundtable/protocol';
import { BotPool } from './bots/pool.ts';
import type { Limits } from './config.ts';
import { LiveMatch, summaryOf, type Listener } from './live-match.ts';
import { playNotation, replayFrom } from './rules.ts';
import type { MatchRow, SeatRow, Store, StoredMatch } from './storage/store.ts';
import type { ClusterLink } from './cluster/cluster.ts';
import type { ClockState } from './clocks/fischer.ts';
import { hashToken, newMatchId, newToken } from './tokens.ts';

export interface ServiceOptions {
  readonly botWorkers: number;
  readonly botMs: number | null;
  readonly idleMs: number;
  /** A snapshot every this many plies while a match is played (reloads replay at most this many moves). */
  readonly snapshotEvery?: number;
  readonly limits: Limits;
  /** How often the deadline index is read for clocks of matches not in memory (ms). */
  readonly deadlinePollMs?: number;
}

/** A seed nobody can guess: 128 bits from the OS CSPRNG, derived through SHA-256 by `createRng` (core). */
export function newSeed(): string {
  return `${STRONG_SEED_PREFIX}${randomBytes(16).toString('hex')}`;
}

/** Snapshots are written when an idle match leaves memory, if it is at least this long… */
const SNAPSHOT_MIN_PLY = 32;
/** …and every this many plies while it is played (by default), so reloading a long match replays at most that many. */
/** The most views one replay request returns (`replayViews`). */
export const REPLAY_RANGE = 200;
const SNAPSHOT_EVERY = 200;

const isOver = (s: MatchStatus): boolean => s === 'finished' || s === 'abandoned' || s === 'archived';

/**
 * The lobby and the authority over every match: one `LiveMatch` per match in memory, moves validated by the
 * engine, committed to the store, then acknowledged and broadcast. Bots and clocks live here too.
 */
export class MatchService {
  private readonly live = new Map<string, LiveMatch>();
  /**
   * Each live match's bot memory (packages/ai `BotMemory`), dropped with the match. A match that moves to another
   * process starts its bots' memory afresh there (it holds only what they read from the table).
   */
  private readonly botMemory = new WeakMap<LiveMatch, BotMemory>();
  private readonly loading = new Map<string, Promise<LiveMatch | null>>();
  private readonly bots: BotPool;
  private readonly sweeper: NodeJS.Timeout;
  private readonly poller: NodeJS.Timeout;
  private polling = false;
  private jobId = 0;
  private closing = false;
  /** The last creation under way per creator: the next one waits for it (see `create`). */
  private readonly creating = new Map<string, Promise<void>>();
  /** A clock brought back after a restart leaves every seat some time from here (see `LiveMatch.resumeDeadline`). */
  private readonly startedAt = Date.now();
  /** Set when several processes share the database (cluster/): which of them owns which match. */
  cluster: ClusterLink | null = null;
  /** Where the banks of Fischer clocks are kept (clocks/), so a reloaded match finds its seats' time. */
  clocks: { load(id: string): Promise<ClockState | null>; save(id: string, state: ClockState): Promise<void> } | null =
    null;
  /** Called once a match ends here, by its rules, a clock or `end` (social/: ratings, offers). */
  onEnded: ((live: LiveMatch) => void) | null = null;
  /**
   * Called here (on the match's owner) after each change that may bring seats to move: a move, a start, a take-back,
   * a reload. push/notices.ts calls back the seats to move that are connected nowhere (it knows a turn told once).
   */
  onTurn: ((live: LiveMatch) => void) | null = null;
  /** Called when the last open seat is taken and the match begins (push/notices.ts tells the absent seats). */
  onStarted: ((live: LiveMatch) => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly options: ServiceOptions,
  ) {
    this.bots = new BotPool(options.botWorkers, log);
    this.sweeper = setInterval(() => void this.sweep(), Math.max(1000, Math.min(options.idleMs / 4, 60_000)));
    this.sweeper.unref();
    this.poller = setInterval(() => void this.pollDeadlines(), options.deadlinePollMs ?? 1000);
    this.poller.unref();
  }

  get activeCount(): number {
    return this.live.size;
  }

  /**
   * After a start: brings back, one at a time, the matches in play with a bot seat or a clock, lets each bot
   * whose turn it is think, and unloads at once those that need nothing now (a clock fires from the deadline
   * index, see `pollDeadlines`). Resolves with the number of matches left in memory.
   */
  async resume(): Promise<number> {
    const ids = await this.store.listResumable();
    for (const id of ids) {
      const live = await this.get(id);
      if (live && !this.busy(live)) this.unload(live, false);
    }
    return this.live.size;
  }

  /** Matches being played (open or active), all creators together. */
  inPlay(): Promise<number> {
    return this.store.countInPlay();
  }

  // ------------------------------------------------------------------------------------------------------
  // Lobby

  /** A new match for `creator` (a hash of the client's address, see address.ts). */
  async create(req: CreateMatchRequest, creator: string | null = null): Promise<Result<CreateMatchAnswer>> {
    const game = gameById(req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: GAME_IDS });
    for (const level of [
      ...req.seats.flatMap((s) => (s.kind === 'bot' ? [s.level] : [])),
      ...(req.abandon ? [req.abandon.bot] : []),
    ]) {
      if (!botFor(level)) return err({ code: 'UNKNOWN_BOT', level, known: BOT_LEVELS.join(', ') });
    }
    // Whoever chooses the seed of a game with secrets knows every hand: fine when every human seat is theirs.
    if (req.seed !== undefined && !game.perfectInformation && req.seats.some((s) => s.kind === 'open')) {
      return err({ code: 'SEED_WITH_OPEN_SEAT', game: game.id });
    }
    const seed = req.seed ?? newSeed();
    const created = Match.create(game, { players: req.seats.length, options: req.options, seed });
    if (!created.ok) return created;
    if (creator === null) return this.insert(req, game, created.value, seed, creator);
    // One creation at a time per creator, so that a burst cannot slip past the count.
    const before = this.creating.get(creator) ?? Promise.resolve();
    const mine = before.then(async (): Promise<Result<CreateMatchAnswer>> => {
      const max = this.options.limits.matchesPerAddress;
      const count = await this.store.countInPlay(creator);
      if (count >= max) return err({ code: 'TOO_MANY_MATCHES', count, max });
      return this.insert(req, game, created.value, seed, creator);
    });
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.creating.set(creator, settled);
    void settled.then(() => {
      if (this.creating.get(creator) === settled) this.creating.delete(creator);
    });
    return mine;
  }

  private async insert(
    req: CreateMatchRequest,
    game: AnyGame,
    match: Match,
    seed: Seed,
    creator: string | null,
  ): Promise<Result<CreateMatchAnswer>> {
    if (!this.makeRoom()) return err({ code: 'SERVER_BUSY', max: this.options.limits.liveMatches });
    const tokens: { seat: Seat; token: string }[] = [];
    const seats: SeatRow[] = req.seats.map((s, seat) => {
      if (s.kind === 'human') {
        const token = newToken();
        tokens.push({ seat, token });
        return { seat, kind: 'human', name: s.name ?? null, level: null, tokenHash: hashToken(token) };
      }
      if (s.kind === 'bot') return { seat, kind: 'bot', name: null, level: s.level, tokenHash: null };
      return { seat, kind: 'open', name: null, level: null, tokenHash: null };
    });
    const status: MatchStatus = seats.some((s) => s.kind === 'open') ? 'open' : 'active';
    const row: MatchRow = {
      id: newMatchId(),
      game: game.id,
      players: match.players,
      options: match.options,
      seed,
      position: null,
      settings: {
        clock: req.clock ?? null,
        abandon: req.abandon ?? null,
        seeded: req.seed !== undefined,
        ...(req.rated ? { rated: true } : {}),
      },
      status,
      outcome: null,
      createdAt: Date.now(),
      creator,
    };
    await this.store.createMatch(row, seats);
    const live = new LiveMatch(game, row, seats, match.state, 0, status, null);
    await this.cluster?.adopt(live);
    this.live.set(row.id, live);
    this.afterChange(live);
    this.log.debug({ match: row.id, game: game.id }, 'match created');
    return ok({ match: live.summary(), tokens });
  }

  async join(id: string, req: JoinRequest): Promise<Result<JoinAnswer>> {
    const opened = await this.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    if (this.cluster?.isRemote(live)) return this.cluster.forwardCall<JoinAnswer>(live, 'join', [id, req]);
    if (req.seat !== undefined && req.seat >= live.seats.length)
      return err({ code: 'NO_SUCH_SEAT', seat: req.seat, seats: live.seats.length });
    const seat = req.seat ?? live.seats.find((s) => s.kind === 'open')?.seat;
    if (seat === undefined) return err({ code: 'NO_FREE_SEAT' });
    const row = live.seats[seat];
    if (!row || row.kind !== 'open') return err({ code: 'SEAT_TAKEN', seat });
    const token = newToken();
    const taken: SeatRow = { seat, kind: 'human', name: req.name ?? null, level: null, tokenHash: hashToken(token) };
    live.seats[seat] = taken;
    const starts = live.status === 'open' && !live.seats.some((s) => s.kind === 'open');
    if (starts) live.status = 'active';
    await Promise.all([
      this.store.updateSeat(id, taken),
      starts ? this.store.setStatus(id, { status: 'active', outcome: null }) : undefined,
    ]);
    live.broadcastSeats();
    if (starts) {
      // The clock starts now, and the tables learn it with the start (else not before the first move).
      live.updateDeadline(Date.now());
      live.broadcast(null);
      this.onStarted?.(live);
      this.afterChange(live);
    }
    this.cluster?.changed(live);
    return ok({ match: live.summary(), seat, token });
  }

  /**
   * Before the match starts, leaving frees the seat (its token dies). Once it started, the seat stays the
   * player's (come back with the token) unless the match hands abandoned seats to a bot: then the bot takes it.
   */
  async leave(id: string, token: string): Promise<Result<MatchSummary>> {
    const opened = await this.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    if (this.cluster?.isRemote(live)) return this.cluster.forwardCall<MatchSummary>(live, 'leave', [id, token]);
    const hash = hashToken(token);
    const row = live.seats.find((s) => s.tokenHash === hash);
    if (!row) return err({ code: 'BAD_TOKEN' });
    let next: SeatRow | null = null;
    if (live.status === 'open') next = { seat: row.seat, kind: 'open', name: null, level: null, tokenHash: null };
    else if (live.status === 'active' && live.row.settings.abandon) {
      next = { seat: row.seat, kind: 'bot', name: row.name, level: live.row.settings.abandon.bot, tokenHash: null };
    }
    if (next) {
      live.seats[row.seat] = next;
      await this.store.updateSeat(id, next);
    }
    // An open match nobody holds a seat of any more is called off (it no longer counts against its creator).
    if (live.status === 'open' && !live.seats.some((s) => s.kind === 'human')) {
      live.status = 'abandoned';
      live.outcome = { winners: [], draw: false, reason: 'cancelled' };
      await this.store.setStatus(id, { status: 'abandoned', outcome: live.outcome });
      live.broadcast(null);
    }
    for (const l of [...live.listeners]) {
      if (l.seat !== row.seat) continue;
      live.listeners.delete(l);
      l.send(JSON.stringify({ t: 'detached' }));
    }
    live.broadcastSeats();
    this.afterChange(live);
    this.cluster?.changed(live);
    return ok(live.summary());
  }

  /**
   * A new token for a person's seat, the old one dead: how a rematch reaches a seat that was connected nowhere when
   * it was agreed (the record of the rematch keeps the seat's number, never a token; the seat proves itself with
   * its token of the old match, then gets a fresh one of the new match).
   */
  async reissue(id: string, seat: Seat): Promise<Result<{ token: string }>> {
    const opened = await this.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    if (this.cluster?.isRemote(live)) return this.cluster.forwardCall<{ token: string }>(live, 'reissue', [id, seat]);
    const row = live.seats[seat];
    if (!row || row.kind !== 'human') return err({ code: 'NO_SUCH_SEAT', seat, seats: live.seats.length });
    const token = newToken();
    const next: SeatRow = { ...row, tokenHash: hashToken(token) };
    live.seats[seat] = next;
    await this.store.updateSeat(id, next);
    this.cluster?.changed(live);
    return ok({ token });
  }

  async summary(id: string): Promise<MatchSummary | null> {
    const live = this.live.get(id);
    if (live) return live.summary();
    const stored = await this.store.loadMatch(id);
    return stored ? summaryOf(stored.match, stored.seats, stored.match.status, stored.match.outcome) : null;
  }

  async list(query: {
    status?: 'open' | 'active' | 'finished';
    game?: string;
    limit?: number;
  }): Promise<MatchSummary[]> {
    const rows = await this.store.listMatches({ ...query, limit: query.limit ?? 50 });
    return rows.map(
      ({ match, seats }) => this.live.get(match.id)?.summary() ?? summaryOf(match, seats, match.status, match.outcome),
    );
  }

  // ------------------------------------------------------------------------------------------------------
  // Play

  /** Finds the match and seat of a token: in memory first, else in the store. */
  async resolveToken(token: string, matchId: string | undefined): Promise<Result<{ live: LiveMatch; seat: Seat }>> {
    const hash = hashToken(token);
    let id = matchId;
    if (id === undefined) {
      const found = await this.store.findToken(hash);
      if (!found) return err({ code: 'BAD_TOKEN' });
      id = found.matchId;
    }
    const opened = await this.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    const row = live.seats.find((s) => s.tokenHash === hash);
    if (!row) return err({ code: 'BAD_TOKEN' });
    return ok({ live, seat: row.seat });
  }

  attach(live: LiveMatch, listener: Listener, id: number | undefined): void {
    live.listeners.add(listener);
    live.lastActivity = Date.now();
    listener.send(live.attachedMessage(listener, id));
    if (listener.seat !== null) {
      live.broadcastSeats();
      this.cluster?.presence(live);
      listener.send(live.spectatorsText());
    } else live.broadcastSpectators();
  }

  detach(live: LiveMatch, listener: Listener): void {
    if (!live.listeners.delete(listener)) return;
    live.lastActivity = Date.now();
    if (listener.seat !== null) {
      live.broadcastSeats();
      this.cluster?.presence(live);
    } else live.broadcastSpectators();
  }

  /** Checks a move against the match's status, then the rules; on success it is stored, then acknowledged. */
  play(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void> {
    if (listener.seat === null) return err({ code: 'SPECTATOR' });
    // The match was reloaded (after a storage error) or the player left: attach again.
    if (this.live.get(live.id) !== live || !live.listeners.has(listener)) return err({ code: 'NOT_ATTACHED' });
    // A seat handed to a bot (its clock ran out, or its player left) is the bot's now.
    if (live.seats[listener.seat]?.kind !== 'human') return err({ code: 'SEAT_TAKEN', seat: listener.seat });
    if (this.cluster?.isRemote(live)) return this.cluster.forwardMove(live, listener, text, ack);
    return this.apply(live, listener.seat, text, { listener, ack });
  }

  /** A move forwarded by another process (cluster/) for a seat connected there; `mover` carries its answer back. */
  playAs(live: LiveMatch, seat: Seat, text: string, mover: Listener): Result<void> {
    if (this.live.get(live.id) !== live) return err({ code: 'NOT_ATTACHED' });
    if (live.seats[seat]?.kind !== 'human') return err({ code: 'SEAT_TAKEN', seat });
    return this.apply(live, seat, text, { listener: mover, ack: undefined });
  }

  /**
   * Ends an active match outside the moves (social/: a resignation, an agreed draw): stored, then broadcast.
   * Refused while a move is being stored, or when the match is played by another process.
   */
  async end(live: LiveMatch, outcome: Outcome): Promise<Result<void>> {
    if (this.closing) return err({ code: 'SHUTTING_DOWN' });
    if (this.cluster?.isRemote(live)) return err({ code: 'OWNER_UNAVAILABLE', seconds: 1 });
    if (live.status !== 'active')
      return err({ code: live.status === 'open' ? 'NOT_STARTED' : 'MATCH_CLOSED', status: live.status });
    if (live.pendingWrites > 0) return err({ code: 'MOVE_PENDING' });
    live.status = 'finished';
    live.outcome = outcome;
    live.deadline = null;
    await this.store.setStatus(live.id, { status: 'finished', outcome });
    live.broadcast(null);
    this.afterChange(live);
    this.cluster?.changed(live);
    this.onEnded?.(live);
    return ok(undefined);
  }

  /**
   * Hands seats to a bot (social/: a player who resigns a game of three or more): stored, then the seats are
   * broadcast and the bot plays if it is to move.
   */
  async handToBot(live: LiveMatch, seats: readonly Seat[], level: string): Promise<void> {
    for (const seat of seats) {
      const next: SeatRow = { ...live.seats[seat]!, kind: 'bot', level };
      live.seats[seat] = next;
      await this.store.updateSeat(live.id, next);
    }
    for (const l of [...live.listeners]) {
      if (l.seat === null || !seats.includes(l.seat)) continue;
      live.listeners.delete(l);
      l.send(JSON.stringify({ t: 'detached' }));
    }
    live.broadcastSeats();
    this.afterChange(live);
    this.cluster?.changed(live);
  }

  /**
   * Takes back the moves from the last one `seat` played on (social/: a takeback every player agreed to): the
   * stored log shrinks, the state is replayed from what is left, and every listener gets its new view.
   * Games without secrets only (the caller checks); refused while a move is stored or a bot thinks.
   */
  async takeBack(live: LiveMatch, seat: Seat): Promise<Result<{ ply: number }>> {
    if (this.closing) return err({ code: 'SHUTTING_DOWN' });
    if (this.cluster?.isRemote(live)) return err({ code: 'OWNER_UNAVAILABLE', seconds: 1 });
    if (live.status !== 'active') return err({ code: 'MATCH_CLOSED', status: live.status });
    if (live.pendingWrites > 0 || live.thinking.size > 0 || !this.store.takeBack) return err({ code: 'MOVE_PENDING' });
    const ply = live.ply;
    const stored = await this.store.loadMatch(live.id);
    if (!stored || stored.moves.length !== ply) return err({ code: 'MOVE_PENDING' });
    let from = ply - 1;
    while (from >= 0 && stored.moves[from]!.seat !== seat) from--;
    if (from < 0) return err({ code: 'NOTHING_TO_TAKE_BACK' });
    const m = live.row;
    const start = Match.create(live.game, {
      players: m.players,
      options: m.options,
      seed: m.seed,
      position: m.position ?? undefined,
    });
    if (!start.ok) return start;
    const state = replayFrom(live.game, start.value.state, stored.moves, 0, from);
    if (!state.ok) return state;
    // Checked again after the awaits: a move may have come in meanwhile.
    if (live.ply !== ply || live.pendingWrites > 0 || live.status !== 'active') return err({ code: 'MOVE_PENDING' });
    live.pendingWrites++;
    try {
      await this.store.takeBack(live.id, from);
    } finally {
      live.pendingWrites--;
    }
    live.state = state.value;
    live.ply = from;
    live.committed = { state: state.value, ply: from };
    live.lastActivity = Date.now();
    live.deadline = null;
    live.updateDeadline(Date.now());
    this.persistDeadline(live);
    live.broadcast(null);
    this.afterChange(live);
    this.cluster?.changed(live);
    return ok({ ply: from });
  }

  /** Renames a seat (social/: a guest seat claimed by an account shows the account's name). */
  async renameSeat(live: LiveMatch, seat: Seat, name: string): Promise<void> {
    const row = live.seats[seat];
    if (!row || row.name === name) return;
    const next: SeatRow = { ...row, name };
    live.seats[seat] = next;
    await this.store.updateSeat(live.id, next);
    live.broadcastSeats();
    this.cluster?.changed(live);
  }

  /** The match if it is in memory here. */
  peek(id: string): LiveMatch | undefined {
    return this.live.get(id);
  }

  legal(live: LiveMatch, seat: Seat | null): string[] {
    if (seat === null || live.status !== 'active') return [];
    const state = live.state;
    return live.game.legalMoves(state, seat).map((m) => live.game.formatMove(state, m));
  }

  private apply(
    live: LiveMatch,
    seat: Seat,
    text: string,
    mover?: { listener: Listener; ack: number | undefined },
  ): Result<void> {
    if (this.closing) return err({ code: 'SHUTTING_DOWN' });
    if (this.cluster?.isRemote(live)) return err({ code: 'OWNER_UNAVAILABLE', seconds: 1 });
    if (live.status === 'open') return err({ code: 'NOT_STARTED' });
    if (isOver(live.status)) return err({ code: 'MATCH_CLOSED', status: live.status });
    const played = playNotation(live.game, live.state, seat, text);
    if (!played.ok) return played;
    const { state, notation } = played.value;
    const ply = live.ply;
    const outcome: Outcome | null = live.game.outcome(state);
    live.state = state;
    live.ply = ply + 1;
    live.lastActivity = Date.now();
    if (outcome) {
      live.status = 'finished';
      live.outcome = outcome;
    }
    live.pendingWrites++;
    const statusChange = outcome ? { status: 'finished' as const, outcome } : undefined;
    this.store.appendMove({ matchId: live.id, ply, seat, move: notation, at: live.lastActivity }, statusChange).then(
      () => {
        live.pendingWrites--;
        live.committed = { state, ply: ply + 1 };
        if ((ply + 1) % (this.options.snapshotEvery ?? SNAPSHOT_EVERY) === 0 && !outcome)
          this.snapshot(live, state, ply + 1);
        live.updateDeadline(Date.now());
        this.persistDeadline(live);
        live.broadcast({ seat, move: notation }, mover);
        this.cluster?.committed(live, { ply, seat, move: notation, outcome }, mover);
        if (live.pendingWrites === 0) this.afterChange(live);
        if (outcome) this.onEnded?.(live);
      },
      (e: unknown) => {
        live.pendingWrites--;
        this.log.error({ err: e, match: live.id, ply }, 'could not store a move; reloading the match from storage');
        if (mover)
          mover.listener.send(
            JSON.stringify({
              t: 'error',
              ...(mover.ack !== undefined ? { id: mover.ack } : {}),
              code: 'STORAGE',
              message: 'The move could not be saved.',
            }),
          );
        this.unload(live, false);
      },
    );
    return ok(undefined);
  }

  // ------------------------------------------------------------------------------------------------------
  // Bots and clocks

  /** After a committed change: start bots whose seat may act, and re-arm the clock. */
  private afterChange(live: LiveMatch): void {
    if (this.closing || this.cluster?.isRemote(live)) return;
    this.armClock(live);
    if (live.status !== 'active' || live.pendingWrites > 0) return;
    this.onTurn?.(live);
    for (const seat of live.game.toMove(live.state)) {
      const row = live.seats[seat];
      if (row?.kind === 'bot' && row.level && !live.thinking.has(seat)) this.think(live, seat, row.level);
    }
  }

  private think(live: LiveMatch, seat: Seat, level: string): void {
    live.thinking.add(seat);
    const ply = live.ply;
    const view = live.game.view(live.state, seat);
    // Keyed by the secret seed, not the public match id: nobody can foresee a bot's random choices.
    const rng = createRng(`${seedText(live.row.seed)}:bot:${ply}:${seat}`);
    // What the match's bots remember travels to the bot thread and back; it goes when the match does.
    const memory = this.botMemory.get(live) ?? newBotMemory();
    void this.bots
      .choose({ id: ++this.jobId, game: live.game.id, level, seat, view, rng, budgetMs: this.options.botMs, memory })
      .then((answer) => {
        live.thinking.delete(seat);
        if (answer.memory) this.botMemory.set(live, answer.memory);
        if (this.closing || this.live.get(live.id) !== live || live.status !== 'active') return;
        const played = answer.move !== null ? this.apply(live, seat, answer.move) : null;
        if (!played?.ok) {
          // The bot failed or its thread was stuck: a random move keeps the match going.
          if (played)
            this.log.warn({ match: live.id, seat, move: answer.move, error: played.error }, 'bot move refused');
          if (!live.game.toMove(live.state).includes(seat)) return this.afterChange(live);
          const move = randomBot.choose({ game: live.game, view: live.game.view(live.state, seat), seat, rng });
          if (move !== null) this.apply(live, seat, move);
        }
        if (live.pendingWrites === 0) this.afterChange(live);
      });
  }

  private armClock(live: LiveMatch): void {
    if (live.clockTimer) clearTimeout(live.clockTimer);
    live.clockTimer = null;
    if (live.status !== 'active' || !live.row.settings.clock) return this.persistDeadline(live);
    if (live.deadline === null) live.updateDeadline(Date.now());
    this.persistDeadline(live);
    if (live.deadline === null) return;
    live.clockTimer = setTimeout(() => void this.timeout(live), Math.max(0, live.deadline - Date.now()));
    live.clockTimer.unref();
  }

  /** A seat's clock ran out: a bot takes the seat if the match says so, else the match is abandoned. */
  private async timeout(live: LiveMatch): Promise<void> {
    live.clockTimer = null;
    if (live.status !== 'active' || live.pendingWrites > 0 || this.closing) return this.armClock(live);
    const late = live.game.toMove(live.state).filter((s) => live.seats[s]?.kind === 'human');
    if (late.length === 0) {
      // Only bots are to move (one may think longer than the move time): nobody is flagged; the clock starts
      // afresh rather than firing again at once, over and over, until the bot has moved.
      live.deadline = null;
      live.updateDeadline(Date.now());
      return this.armClock(live);
    }
    const abandon = live.row.settings.abandon;
    if (abandon) {
      for (const seat of late) {
        const next: SeatRow = { ...live.seats[seat]!, kind: 'bot', level: abandon.bot };
        live.seats[seat] = next;
        await this.store.updateSeat(live.id, next);
      }
      this.log.info({ match: live.id, seats: late }, 'seats timed out: bots take over');
      live.broadcastSeats();
    } else {
      const winners = live.seats.map((s) => s.seat).filter((s) => !late.includes(s));
      live.status = 'abandoned';
      live.outcome = { winners, draw: false, reason: 'timeout' };
      await this.store.setStatus(live.id, { status: 'abandoned', outcome: live.outcome });
      this.log.info({ match: live.id, seats: late }, 'seats timed out: match abandoned');
      live.deadline = null;
      live.broadcast(null);
      this.onEnded?.(live);
    }
    live.deadline = null;
    live.updateDeadline(Date.now());
    this.persistDeadline(live);
    this.afterChange(live);
    this.cluster?.changed(live);
  }

  /** The banks of a Fischer clock as last stored (a clock never stored starts afresh). */
  private async restoreClock(live: LiveMatch): Promise<void> {
    if (!live.fischer || !this.clocks) return;
    const saved = await this.clocks.load(live.id).catch((e: unknown) => {
      this.log.warn({ err: e, match: live.id }, 'could not read a clock');
      return null;
    });
    if (saved) live.fischer.restore(saved);
  }

  /** Writes the match's deadline to the index when it changed, so the clock runs on if the match leaves memory. */
  private persistDeadline(live: LiveMatch): void {
    if (live.deadline === live.storedDeadline || this.cluster?.isRemote(live)) return;
    const at = live.deadline;
    live.storedDeadline = at;
    if (live.fischer && this.clocks) {
      this.clocks
        .save(live.id, live.fischer.state())
        .catch((e: unknown) => this.log.warn({ err: e, match: live.id }, 'could not store a clock'));
    }
    this.store
      .setDeadline(live.id, at)
      .catch((e: unknown) => this.log.warn({ err: e, match: live.id }, 'could not store a deadline'));
  }

  /**
   * Clocks of matches that are not in memory: the deadline index says which ran out; each is loaded (its own
   * timer then fires at once, as it would have) and leaves memory again once nothing needs it.
   */
  private async pollDeadlines(): Promise<void> {
    if (this.polling || this.closing) return;
    this.polling = true;
    try {
      const due = await this.store.dueDeadlines(Date.now(), 100);
      for (const { id } of due) {
        if (this.closing) break;
        if (this.live.has(id) || this.loading.has(id)) continue;
        const opened = await this.open(id);
        if (!opened.ok)
          this.log.warn({ match: id, error: opened.error }, 'a clock ran out but the match could not be loaded');
      }
    } catch (e) {
      this.log.warn({ err: e }, 'could not read the deadline index');
    } finally {
      this.polling = false;
    }
  }

  // ------------------------------------------------------------------------------------------------------
  // Memory: load on demand, unload when idle

  /** The match in memory (loaded if need be), or why it cannot be: NO_SUCH_MATCH, or SERVER_BUSY at the cap. */
  async open(id: string): Promise<Result<LiveMatch>> {
    if (!this.live.has(id) && !this.loading.has(id) && !this.makeRoom())
      return err({ code: 'SERVER_BUSY', max: this.options.limits.liveMatches });
    const live = await this.get(id);
    return live ? ok(live) : err({ code: 'NO_SUCH_MATCH', match: id });
  }

  /** The match in memory, loaded if need be (no cap: `open` checks it). */
  async get(id: string): Promise<LiveMatch | null> {
    const live = this.live.get(id);
    if (live) return live;
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async load(id: string): Promise<LiveMatch | null> {
    const stored = await this.store.loadMatch(id);
    if (!stored) return null;
    const game = gameById(stored.match.game);
    if (!game) {
      this.log.error({ match: id, game: stored.match.game }, 'stored match of a game this server does not have');
      return null;
    }
    const state = this.rebuild(game, stored);
    if (!state.ok) {
      this.log.error({ match: id, error: state.error }, 'stored match does not replay');
      return null;
    }
    const seats = stored.seats.map((s) => ({ ...s }));
    const live = new LiveMatch(
      game,
      stored.match,
      seats,
      state.value,
      stored.moves.length,
      stored.match.status,
      stored.match.outcome,
    );
    live.storedDeadline = stored.deadline ?? null;
    await this.restoreClock(live);
    live.resumeDeadline(stored.deadline ?? null, stored.lastMoveAt, Date.now(), this.startedAt);
    await this.cluster?.adopt(live);
    this.persistDeadline(live);
    this.live.set(id, live);
    this.afterChange(live);
    return live;
  }

  /**
   * Brings a match in memory up to what storage holds, in place, so its listeners keep it (cluster/: after a
   * takeover, or an update from the owner that was missed), then lets its bots and clock run if it is ours.
   */
  async resync(live: LiveMatch): Promise<boolean> {
    const stored = await this.store.loadMatch(live.id);
    if (!stored || this.live.get(live.id) !== live) return false;
    const state = this.rebuild(live.game, stored);
    if (!state.ok) return false;
    live.state = state.value;
    live.ply = stored.moves.length;
    live.committed = { state: state.value, ply: live.ply };
    live.status = stored.match.status;
    live.outcome = stored.match.outcome;
    stored.seats.forEach((s, i) => (live.seats[i] = { ...s }));
    live.storedDeadline = stored.deadline ?? null;
    live.deadline = null;
    await this.restoreClock(live);
    live.resumeDeadline(stored.deadline ?? null, stored.lastMoveAt, Date.now(), this.startedAt);
    live.broadcastSeats();
    live.broadcast(null);
    this.afterChange(live);
    return true;
  }

  /** The current state: from the snapshot if there is a good one, else from the start; then the moves since. */
  private rebuild(game: AnyGame, stored: StoredMatch): Result<unknown> {
    const m = stored.match;
    if (stored.snapshot && stored.snapshot.ply <= stored.moves.length) {
      const snap = game.deserialize(stored.snapshot.data);
      if (snap.ok) {
        const state = replayFrom(game, snap.value, stored.moves, stored.snapshot.ply);
        if (state.ok) return state;
      }
      this.log.warn({ match: m.id }, 'snapshot unusable; replaying from the start');
    }
    const start = Match.create(game, {
      players: m.players,
      options: m.options,
      seed: m.seed,
      position: m.position ?? undefined,
    });
    if (!start.ok) return start;
    return replayFrom(game, start.value.state, stored.moves);
  }

  private unload(live: LiveMatch, snapshot: boolean): void {
    if (this.live.get(live.id) !== live) return;
    this.live.delete(live.id);
    this.cluster?.unloaded(live);
    if (live.clockTimer) clearTimeout(live.clockTimer);
    if (snapshot && live.ply >= SNAPSHOT_MIN_PLY) this.snapshot(live, live.state, live.ply);
    for (const l of live.listeners) l.send(JSON.stringify({ t: 'detached' }));
    live.listeners.clear();
  }

  /** Stores the state after `ply` moves, if it reads back to the same state (else it is not worth keeping). */
  private snapshot(live: LiveMatch, state: unknown, ply: number): void {
    const data = live.game.serialize(state);
    const back = live.game.deserialize(data);
    if (back.ok && JSON.stringify(live.game.serialize(back.value)) === JSON.stringify(data)) {
      void this.store
        .saveSnapshot(live.id, ply, data)
        .catch((e: unknown) => this.log.warn({ err: e }, 'snapshot failed'));
    } else {
      this.log.warn({ match: live.id, game: live.game.id, ply }, 'state does not read back: no snapshot');
    }
  }

  /**
   * Whether a match needs memory now: someone follows it, a move is being stored, or a bot is thinking. A bot
   * seat waiting for an absent human does not count, nor does a clock: it fires from the deadline index.
   */
  private busy(live: LiveMatch): boolean {
    return live.listeners.size > 0 || live.pendingWrites > 0 || live.thinking.size > 0;
  }

  private sweep(): void {
    const now = Date.now();
    for (const live of this.live.values()) {
      if (!this.busy(live) && now - live.lastActivity > this.options.idleMs) this.unload(live, true);
    }
  }

  /**
   * Room for one more match in memory: true below the cap; at the cap, the longest-idle matches nobody needs
   * now leave memory first (whatever their idle time); false if every match in memory is in use.
   */
  private makeRoom(): boolean {
    const max = this.options.limits.liveMatches;
    if (this.live.size + this.loading.size < max) return true;
    const idle = [...this.live.values()].filter((l) => !this.busy(l)).sort((a, b) => a.lastActivity - b.lastActivity);
    for (const live of idle) {
      if (this.live.size + this.loading.size < max) break;
      this.unload(live, true);
    }
    return this.live.size + this.loading.size < max;
  }

  // ------------------------------------------------------------------------------------------------------
  // Records and replays

  /** The record of a finished match, or of any match of a game without secrets. */
  async record(id: string): Promise<Result<ImportRequest & { id: string; status: MatchStatus; commitment: string }>> {
    const stored = await this.store.loadMatch(id);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: id });
    const game = gameById(stored.match.game);
    if (!isOver(stored.match.status) && !game?.perfectInformation) return err({ code: 'NOT_FINISHED' });
    const m = stored.match;
    return ok({
      id: m.id,
      status: m.status,
      game: m.game,
      players: m.players,
      options: { ...m.options },
      seed: m.seed,
      commitment: seedCommitment(m.seed),
      ...(m.position !== null ? { position: m.position } : {}),
      moves: stored.moves.map((x) => ({ ...x })),
    });
  }

  async import(record: ImportRequest): Promise<Result<MatchSummary>> {
    const game = gameById(record.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: record.game, known: GAME_IDS });
    if (record.commitment !== undefined && record.commitment !== seedCommitment(record.seed)) {
      return err({ code: 'BAD_COMMITMENT', commitment: record.commitment, expected: seedCommitment(record.seed) });
    }
    const { commitment: _commitment, ...rest } = record;
    const replayed = replay(game, rest);
    if (!replayed.ok) return replayed;
    const match = replayed.value;
    const row: MatchRow = {
      id: newMatchId(),
      game: game.id,
      players: match.players,
      options: match.options,
      seed: match.seed,
      position: match.startPosition ?? null,
      settings: { clock: null, abandon: null, seeded: true },
      status: 'archived',
      outcome: match.outcome(),
      createdAt: Date.now(),
      creator: null,
    };
    const seats: SeatRow[] = Array.from({ length: match.players }, (_, seat) => ({
      seat,
      kind: 'human',
      name: null,
      level: null,
      tokenHash: null,
    }));
    await this.store.createMatch(row, seats);
    await Promise.all(
      match.history.map((m, ply) =>
        this.store.appendMove({ matchId: row.id, ply, seat: m.seat, move: m.move, at: row.createdAt }),
      ),
    );
    return ok(summaryOf(row, seats, 'archived', row.outcome));
  }

  async replayInfo(id: string): Promise<Result<ReplayInfo>> {
    const stored = await this.store.loadMatch(id);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: id });
    if (!isOver(stored.match.status)) return err({ code: 'NOT_FINISHED' });
    const seed = stored.match.seed;
    return ok({
      match: id,
      game: stored.match.game,
      plies: stored.moves.length,
      outcome: stored.match.outcome,
      seed,
      commitment: seedCommitment(seed),
    });
  }

  /** The position after `ply` moves of a finished match: the public view, or a player's own (token). */
  async replayAt(
    id: string,
    ply: number,
    token: string | undefined,
  ): Promise<Result<{ ply: number; seat: Seat | null; view: unknown; last: { seat: Seat; move: string } | null }>> {
    const range = await this.replayViews(id, ply, ply, token);
    if (!range.ok) return range;
    const at = range.value.views[0]!;
    return ok({ ply, seat: range.value.seat, view: at.view, last: at.last });
  }

  /**
   * The views of a finished match after plies `from` to `to` (`to` cut at the last ply, and at REPLAY_RANGE views),
   * for the seat whose token is given (its own hand) or a spectator, from one replay of its moves: a screen
   * tells a long card game's log again in a few requests, not one (and one replay from the start) per ply.
   */
  async replayViews(
    id: string,
    from: number,
    to: number,
    token: string | undefined,
  ): Promise<
    Result<{
      plies: number;
      seat: Seat | null;
      from: number;
      to: number;
      views: { ply: number; view: unknown; last: { seat: Seat; move: string } | null }[];
    }>
  > {
    const stored = await this.store.loadMatch(id);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: id });
    if (!isOver(stored.match.status)) return err({ code: 'NOT_FINISHED' });
    const plies = stored.moves.length;
    if (!Number.isInteger(from) || from < 0 || from > plies) return err({ code: 'BAD_PLY', ply: from, max: plies });
    if (!Number.isInteger(to) || to < from) return err({ code: 'BAD_PLY', ply: to, max: plies });
    // Past the end, or more than a request returns: cut.
    to = Math.min(to, plies, from + REPLAY_RANGE - 1);
    let seat: Seat | null = null;
    if (token !== undefined) {
      const hash = hashToken(token);
      const row = stored.seats.find((s) => s.tokenHash === hash);
      if (!row) return err({ code: 'BAD_TOKEN' });
      seat = row.seat;
    }
    const game = gameById(stored.match.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: stored.match.game, known: GAME_IDS });
    const m = stored.match;
    const start = Match.create(game, {
      players: m.players,
      options: m.options,
      seed: m.seed,
      position: m.position ?? undefined,
    });
    if (!start.ok) return start;
    const reached = replayFrom(game, start.value.state, stored.moves, 0, from);
    if (!reached.ok) return reached;
    let state = reached.value;
    const views: { ply: number; view: unknown; last: { seat: Seat; move: string } | null }[] = [];
    for (let ply = from; ; ply++) {
      const last = ply > 0 ? stored.moves[ply - 1]! : null;
      // In a game with secrets the notation may say who answered a window: only its author sees it.
      const shown =
        last && (game.perfectInformation || last.seat === seat) ? { seat: last.seat, move: last.move } : null;
      // (Games are pure: the next moves make new states, so a view taken here stays as it is.)
      views.push({ ply, view: game.view(state, seat ?? 'spectator'), last: shown });
      if (ply === to) break;
      const next = replayFrom(game, state, stored.moves, ply, ply + 1);
      if (!next.ok) return next;
      state = next.value;
    }
    return ok({ plies, seat, from, to, views });
  }

  // ------------------------------------------------------------------------------------------------------

  /** Stops taking moves, lets bots go, and waits for every move already taken to be stored. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    clearInterval(this.poller);
    for (const live of this.live.values()) if (live.clockTimer) clearTimeout(live.clockTimer);
    await this.bots.close();
    const deadline = Date.now() + 10_000;
    while ([...this.live.values()].some((l) => l.pendingWrites > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}
