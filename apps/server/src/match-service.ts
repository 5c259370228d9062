import type { Logger } from 'pino';
import { err, ok, type GameError, type Outcome, type Result, type Seat } from '@roundtable/core';
import type {
  ConditionalLine,
  CreateMatchAnswer,
  CreateMatchRequest,
  ImportRequest,
  JoinAnswer,
  JoinRequest,
  MatchStatus,
  MatchSummary,
  ReplayInfo,
} from '@roundtable/protocol';
import { BotDriver } from './bots/driver.ts';
import { ClockKeeper, type ClockHost } from './clocks/keeper.ts';
import { toStored } from './clocks/timing.ts';
import { berserkTiming } from './clocks/berserk.ts';
import type { Limits } from './config.ts';
import { errorBody } from './errors.ts';
import { LiveMatch, summaryOf, type Listener } from './live-match.ts';
import type { Audience, CallAnswer, Cluster, ClusterHost, OwnerCall, TableAnswer, TableCall } from './match/cluster.ts';
import { Creation, type Admission, type BotSeats, type Origin } from './match/creation.ts';
import type { Parties } from './limits/parties.ts';
import { MatchMemory } from './match/memory.ts';
import { snapshotOf, startOf } from './match/rebuild.ts';
import { Replays } from './match/replays.ts';
import { OwnerWrites, refusal } from './match/writes.ts';
import { encode, type Outgoing } from './outgoing.ts';
import { playNotation, replayFrom } from './rules.ts';
import { PlyTaken } from './storage/errors.ts';
import type { Fence, MatchWrite, SeatRow, Store } from './storage/store.ts';
import { hashToken, newToken } from './tokens.ts';

export { newSeed } from './match/creation.ts';
export { REPLAY_RANGE } from './match/replays.ts';
export type { Admission, Origin } from './match/creation.ts';

export interface ServiceOptions {
  readonly botWorkers: number;
  readonly botMs: number | null;
  readonly idleMs: number;
  /** A snapshot every this many plies while a match is played (reloads replay at most this many moves). */
  readonly snapshotEvery?: number;
  readonly limits: Limits;
  /** How often the deadline index is read for clocks of matches not in memory (ms). */
  readonly deadlinePollMs?: number;
  /** How long a lease runs (ms): how long a client is told to wait when the owner cannot be reached. */
  readonly leaseMs?: number;
  /**
   * Whether this process owns the match `id` when it is not in memory (`serve --processes`: the matches of its
   * shard): only those are brought back at start and when their clock runs out. By default, every match.
   */
  readonly mine?: (id: string) => boolean;
}

/** A move checked against the match as it was (`on`): the state it leads to, and its notation. */
interface Checked {
  readonly on: unknown;
  readonly state: unknown;
  readonly notation: string;
}

/** A move as stored: move `ply` of the match, played by `seat`, in the game's notation. */
export interface PlayedMove {
  readonly ply: number;
  readonly seat: Seat;
  readonly move: string;
}

/** Plays a move for a seat as the bots do (checked, stored, fenced, clocked, broadcast like any other). */
export type PlayAs = (seat: Seat, text: string) => Result<void>;

/** Runs a table message where the match is owned (social/table.ts). */
export type TableHandler = (live: LiveMatch, seat: Seat | null, msg: TableCall) => Promise<Result<TableAnswer>>;

/** Snapshots are written when an idle match leaves memory, if it is at least this long… */
const SNAPSHOT_MIN_PLY = 32;
/** …and every this many plies while it is played (by default), so reloading a long match replays at most that many. */
const SNAPSHOT_EVERY = 200;

const isOver = (s: MatchStatus): boolean => s === 'finished' || s === 'abandoned' || s === 'archived';

/**
 * The lobby and the authority over every match this process owns. A move is checked by the engine, stored (with
 * the clock it leads to, fenced by the owner's lease), and only then kept, acknowledged and broadcast. The parts:
 * memory (match/memory.ts), the one path by which matches come into being (match/creation.ts), the owner's
 * fenced writes (match/writes.ts), clocks (clocks/keeper.ts), bots (bots/driver.ts), records and replays
 * (match/replays.ts), and the cluster interface it owns (match/cluster.ts), local or PostgreSQL + Redis.
 */
export class MatchService implements ClusterHost {
  readonly memory: MatchMemory;
  private readonly writes: OwnerWrites;
  private readonly creation: Creation;
  private readonly replays: Replays;
  private readonly clocks: ClockKeeper;
  private readonly bots: BotDriver;
  private readonly sweeper: NodeJS.Timeout;
  /** ServiceOptions.mine: whether a match out of memory is this process's to bring back (every match by default). */
  private readonly mine: (id: string) => boolean;
  private closing = false;
  /** Called once a match ends here, by its rules, a clock or `end` (social/: ratings, offers). */
  onEnded: (live: LiveMatch) => void = () => undefined;
  /** Called once an imported record is stored (as archived, it never ends here): the game database indexes it. */
  onImported: (matchId: string) => void = () => undefined;
  /**
   * Called here (on the match's owner) after each change that may bring seats to move: a move, a start, a take-back,
   * a reload. push/notices.ts calls back the seats to move that are connected nowhere (it knows a turn told once).
   */
  onTurn: ((live: LiveMatch) => void) | null = null;
  /** Called when the last open seat is taken and the match begins (push/notices.ts tells the absent seats). */
  onStarted: ((live: LiveMatch) => void) | null = null;
  /**
   * Called here (on the match's owner) after each move is stored and kept, with a way to play a seat's move at
   * once (conditional/: an answer left in advance).
   */
  readonly moveListeners: ((live: LiveMatch, move: PlayedMove, play: PlayAs) => void)[] = [];
  /** Sets a seat's conditional moves on the match's owner (conditional/ sets it; `conditional` owner calls). */
  conditionalSetter:
    ((live: LiveMatch, seat: Seat, tree: readonly ConditionalLine[]) => Promise<Result<unknown>>) | null = null;
  /** Seats whose clock is stopped, asked when a clock runs out (vacation/ sets it; clocks/keeper.ts `pauses`). */
  clockPauses: ClockHost['pauses'] | null = null;
  /** The level of a bot that holds late seats for their person (absence/ sets it; clocks/keeper.ts `holder`). */
  seatHolder: ClockHost['holder'] | null = null;
  /** Called here after a seat's connection attached (absence/: a person back at a seat a bot held). */
  onAttached: ((live: LiveMatch, seat: Seat) => void) | null = null;
  /** Runs the table messages of the matches owned here (social/table.ts sets it). */
  onTableCall: TableHandler = async () => err({ code: 'BAD_MESSAGE', reason: 'this server has no table' });

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly options: ServiceOptions,
    private readonly cluster: Cluster,
  ) {
    this.mine = options.mine ?? (() => true);
    this.memory = new MatchMemory(store, cluster, log, options, {
      ready: async (live, clock, adoption) => {
        await this.clocks.resume(live, clock, adoption);
        this.afterChange(live);
      },
      leaving: (live, snapshot) => this.leaving(live, snapshot),
    });
    this.writes = new OwnerWrites(store, cluster, log);
    this.creation = new Creation(store, this.memory, log, options.limits);
    this.replays = new Replays(store);
    this.clocks = new ClockKeeper(
      store,
      this.memory,
      cluster,
      this.writes,
      log,
      {
        clockChanged: (live) => {
          live.broadcast(null);
          this.cluster.changed(live);
        },
        flagged: (live, ended) => {
          live.broadcastSeats();
          live.broadcast(null);
          this.cluster.changed(live);
          this.afterChange(live);
          if (ended) this.onEnded(live);
        },
        pauses: (live, late) => this.clockPauses?.(live, late) ?? Promise.resolve(new Map()),
        holder: (live, late) => this.seatHolder?.(live, late) ?? Promise.resolve(null),
      },
      Date.now(),
      options.deadlinePollMs ?? 1000,
      this.mine,
    );
    this.bots = new BotDriver(
      options.botWorkers,
      options.botMs,
      cluster,
      log,
      (live, seat, text) => this.submit(live, seat, text, undefined, true),
      (live) => this.memory.current(live),
    );
    this.sweeper = setInterval(() => this.memory.sweep(), Math.max(1000, Math.min(options.idleMs / 4, 60_000)));
    this.sweeper.unref();
  }

  get activeCount(): number {
    return this.memory.size;
  }

  /** The caps every new match is counted against, whatever its origin (match/creation.ts); null: none. */
  get admission(): Admission | null {
    return this.creation.admission;
  }

  set admission(check: Admission | null) {
    this.creation.admission = check;
  }

  /**
   * After a start: brings back, one at a time, the matches in play with a bot seat or a clock, lets each bot
   * whose turn it is think, and unloads at once those that need nothing now (a clock fires from the deadline
   * index). Resolves with the number of matches left in memory.
   */
  async resume(): Promise<number> {
    const ids = (await this.store.listResumable()).filter(this.mine);
    for (const id of ids) {
      const live = await this.memory.get(id);
      if (live && !live.busy()) this.memory.unload(live, false);
    }
    return this.memory.size;
  }

  /** Matches being played (open or active), all creators together. */
  inPlay(): Promise<number> {
    return this.store.countInPlay();
  }

  /** What is wrong with this process now (/healthz): storage, the cluster. */
  problems(): string[] {
    const stored = this.store.problem();
    return [...(stored ? [stored] : []), ...this.cluster.problems()];
  }

  /** Writes this process did not make for lack of its lease, and writes the database refused as another owner's. */
  fencing(): { refused: number; notHeld: number; fenced: number } {
    const { notHeld, fenced } = this.writes.refused;
    return { refused: notHeld + fenced, notHeld, fenced };
  }

  /** The storage has been unreachable for `ms` and is back, or Redis: the clocks get that time back. */
  credit(ms: number, why: string): void {
    this.clocks.credit(ms, why);
  }

  // ------------------------------------------------------------------------------------------------------
  // Lobby

  /**
   * A new match, made for `parties` (the addresses, hashed as in address.ts, and accounts it serves), by the one
   * path of creation: every way a match comes into being counts against their caps.
   */
  create(
    req: CreateMatchRequest,
    parties: Parties | null = null,
    origin: Exclude<Origin, 'import'> = 'create',
    bots?: BotSeats,
    id?: string,
  ): Promise<Result<CreateMatchAnswer>> {
    return this.creation.create(req, parties, origin, bots, id);
  }

  /** A record imported from `parties`' addresses (checked and stored as archived: it is never in play). */
  async import(record: ImportRequest, parties: Parties | null = null): Promise<Result<MatchSummary>> {
    const imported = await this.creation.import(record, parties);
    if (imported.ok) this.onImported(imported.value.id);
    return imported;
  }

  async join(id: string, req: JoinRequest): Promise<Result<JoinAnswer>> {
    const opened = await this.memory.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    if (this.cluster.follows(live))
      return this.cluster.forwardCall(live, { k: 'join', request: req }) as Promise<Result<JoinAnswer>>;
    return this.joinHere(live, req);
  }

  private joinHere(live: LiveMatch, req: JoinRequest): Promise<Result<JoinAnswer>> {
    return this.owned(live, async () => {
      if (req.seat !== undefined && req.seat >= live.seats.length)
        return err({ code: 'NO_SUCH_SEAT', seat: req.seat, seats: live.seats.length });
      const seat = req.seat ?? live.seats.find((s) => s.kind === 'open')?.seat;
      if (seat === undefined) return err({ code: 'NO_FREE_SEAT' });
      const row = live.seats[seat];
      if (!row || row.kind !== 'open') return err({ code: 'SEAT_TAKEN', seat });
      const token = newToken();
      const taken: SeatRow = { seat, kind: 'human', name: req.name ?? null, level: null, tokenHash: hashToken(token) };
      const seats = live.seats.map((s) => (s.seat === seat ? taken : s));
      const starts = live.status === 'open' && !seats.some((s) => s.kind === 'open');
      // The clock starts now, and the tables learn it with the start (else not before the first move).
      const timing = starts
        ? this.clocks.after(live, { state: live.state, ply: live.ply, active: true, seats }, Date.now())
        : null;
      await this.writes.commit(live, {
        match: live.id,
        seats: [taken],
        ...(starts ? { status: { status: 'active', outcome: null } } : {}),
        ...(timing && live.row.settings.clock ? { clock: toStored(timing) } : {}),
      });
      live.seats[seat] = taken;
      if (starts && timing) {
        live.status = 'active';
        live.timing = timing;
        this.clocks.paid(live);
      }
      live.broadcastSeats();
      if (starts) {
        live.broadcast(null);
        this.onStarted?.(live);
        this.afterChange(live);
      }
      this.cluster.changed(live);
      return ok({ match: live.summary(), seat, token });
    });
  }

  /**
   * Before the match starts, leaving frees the seat (its token dies). Once it started, the seat stays the
   * player's (come back with the token) unless the match hands abandoned seats to a bot: then the bot takes it.
   */
  async leave(id: string, token: string): Promise<Result<MatchSummary>> {
    const opened = await this.memory.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    if (this.cluster.follows(live))
      return this.cluster.forwardCall(live, { k: 'leave', token }) as Promise<Result<MatchSummary>>;
    return this.leaveHere(live, token);
  }

  private leaveHere(live: LiveMatch, token: string): Promise<Result<MatchSummary>> {
    return this.owned(live, async () => {
      const hash = hashToken(token);
      const row = live.seats.find((s) => s.tokenHash === hash);
      if (!row) return err({ code: 'BAD_TOKEN' });
      let next: SeatRow | null = null;
      if (live.status === 'open') next = { seat: row.seat, kind: 'open', name: null, level: null, tokenHash: null };
      else if (live.status === 'active' && live.row.settings.abandon) {
        next = { seat: row.seat, kind: 'bot', name: row.name, level: live.row.settings.abandon.bot, tokenHash: null };
      }
      const seats = live.seats.map((s) => (next && s.seat === next.seat ? next : s));
      // An open match nobody holds a seat of any more is called off (it no longer counts against its creator).
      const outcome: Outcome | null =
        live.status === 'open' && !seats.some((s) => s.kind === 'human')
          ? { winners: [], draw: false, reason: 'cancelled' }
          : null;
      if (next || outcome) {
        await this.writes.commit(live, {
          match: live.id,
          ...(next ? { seats: [next] } : {}),
          ...(outcome ? { status: { status: 'abandoned', outcome } } : {}),
        });
      }
      if (next) live.seats[next.seat] = next;
      if (outcome) {
        live.status = 'abandoned';
        live.outcome = outcome;
        live.broadcast(null);
      }
      this.letGo(live, [row.seat]);
      live.broadcastSeats();
      this.afterChange(live);
      this.cluster.changed(live);
      return ok(live.summary());
    });
  }

  /**
   * A new token for a person's seat, the old one dead: how a rematch reaches a seat that was connected nowhere when
   * it was agreed (the record of the rematch keeps the seat's number, never a token; the seat proves itself with
   * its token of the old match, then gets a fresh one of the new match).
   */
  async reissue(id: string, seat: Seat): Promise<Result<{ token: string }>> {
    const opened = await this.memory.open(id);
    if (!opened.ok) return opened;
    const live = opened.value;
    if (this.cluster.follows(live))
      return this.cluster.forwardCall(live, { k: 'reissue', seat }) as Promise<Result<{ token: string }>>;
    return this.reissueHere(live, seat);
  }

  private reissueHere(live: LiveMatch, seat: Seat): Promise<Result<{ token: string }>> {
    return this.owned(live, async () => {
      const row = live.seats[seat];
      if (!row || row.kind !== 'human') return err({ code: 'NO_SUCH_SEAT', seat, seats: live.seats.length });
      const token = newToken();
      const next: SeatRow = { ...row, tokenHash: hashToken(token) };
      await this.writes.commit(live, { match: live.id, seats: [next] });
      live.seats[seat] = next;
      this.cluster.changed(live);
      return ok({ token });
    });
  }

  async summary(id: string): Promise<MatchSummary | null> {
    const live = this.memory.peek(id);
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
      ({ match, seats }) =>
        this.memory.peek(match.id)?.summary() ?? summaryOf(match, seats, match.status, match.outcome),
    );
  }

  // ------------------------------------------------------------------------------------------------------
  // Play

  /** The match in memory (loaded if need be), or why it cannot be: NO_SUCH_MATCH, or SERVER_BUSY at the cap. */
  open(id: string): Promise<Result<LiveMatch>> {
    return this.memory.open(id);
  }

  /** The match in memory, loaded if need be. */
  get(id: string): Promise<LiveMatch | null> {
    return this.memory.get(id);
  }

  /** The match if it is in memory here. */
  peek(id: string): LiveMatch | undefined {
    return this.memory.peek(id);
  }

  /** Whether `live` is a copy following another process's match (its table messages go there). */
  follows(live: LiveMatch): boolean {
    return this.cluster.follows(live);
  }

  /** What the owner's writes for `live` carry (social/: chat lines, ratings, records kept with the match). */
  fence(live: LiveMatch): Fence {
    return this.cluster.fence(live);
  }

  /** A table message for a match another process owns, run there. */
  forwardTable(live: LiveMatch, seat: Seat | null, msg: TableCall): Promise<Result<TableAnswer>> {
    return this.cluster.forwardCall(live, { k: 'table', seat, msg }) as Promise<Result<TableAnswer>>;
  }

  /** On the owner: `text` for the listeners of the other processes that `to` lets read it. */
  tell(live: LiveMatch, text: Outgoing, to: Audience): void {
    this.cluster.tell(live, text, to);
  }

  /** Finds the match and seat of a token: in memory first, else in the store. */
  async resolveToken(token: string, matchId: string | undefined): Promise<Result<{ live: LiveMatch; seat: Seat }>> {
    const hash = hashToken(token);
    let id = matchId;
    if (id === undefined) {
      const found = await this.store.findToken(hash);
      if (!found) return err({ code: 'BAD_TOKEN' });
      id = found.matchId;
    }
    const opened = await this.memory.open(id);
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
      this.cluster.presence(live);
      listener.send(live.spectatorsText());
      this.onAttached?.(live, listener.seat);
    } else live.broadcastSpectators();
  }

  detach(live: LiveMatch, listener: Listener): void {
    if (!live.listeners.delete(listener)) return;
    live.lastActivity = Date.now();
    if (listener.seat !== null) {
      live.broadcastSeats();
      this.cluster.presence(live);
    } else live.broadcastSpectators();
  }

  legal(live: LiveMatch, seat: Seat | null): string[] {
    if (seat === null || live.status !== 'active') return [];
    const state = live.state;
    return live.game.legalMoves(state, seat).map((m) => live.game.formatMove(state, m));
  }

  /** Checks a move against the match's status, then the rules; on success it is stored, then acknowledged. */
  play(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void> {
    if (listener.seat === null) return err({ code: 'SPECTATOR' });
    // The match left memory (or was replaced), or the player left: attach again.
    if (!this.memory.current(live) || !live.listeners.has(listener)) return err({ code: 'NOT_ATTACHED' });
    // A seat handed to a bot (its clock ran out, or its player left) is the bot's now.
    if (live.seats[listener.seat]?.kind !== 'human') return err({ code: 'SEAT_TAKEN', seat: listener.seat });
    if (this.cluster.follows(live)) return this.cluster.forwardMove(live, listener, text, ack);
    return this.submit(live, listener.seat, text, { listener, ack });
  }

  /** A move forwarded (cluster/) for a seat connected elsewhere, or left unanswered by an owner that went away. */
  playAs(live: LiveMatch, seat: Seat, text: string, mover: Listener, ack?: number): Result<void> {
    if (!this.memory.current(live)) return err({ code: 'NOT_ATTACHED' });
    if (live.seats[seat]?.kind !== 'human') return err({ code: 'SEAT_TAKEN', seat });
    return this.submit(live, seat, text, { listener: mover, ack });
  }

  /**
   * A move for `seat`: refused at once when it cannot be played now (checked against the match as stored when no
   * other write of the match is under way); else it is stored once the writes before it are, then kept,
   * acknowledged and broadcast. A refusal after the check goes to `mover` as an error. `byBot`: the move of the
   * bot holding the seat, dropped if the seat is no longer a bot's when its turn to be stored comes (its person
   * took it back meanwhile).
   */
  private submit(
    live: LiveMatch,
    seat: Seat,
    text: string,
    mover?: { listener: Listener; ack: number | undefined },
    byBot = false,
  ): Result<void> {
    if (byBot && live.seats[seat]?.kind !== 'bot') return err({ code: 'SEAT_TAKEN', seat });
    if (this.closing) return err({ code: 'SHUTTING_DOWN' });
    if (!this.cluster.holds(live)) {
      this.writes.refused.notHeld++;
      return err({ code: 'OWNER_UNAVAILABLE', seconds: this.leaseSeconds() });
    }
    if (live.status === 'open') return err({ code: 'NOT_STARTED' });
    if (isOver(live.status)) return err({ code: 'MATCH_CLOSED', status: live.status });
    // Checked now when nothing is queued for the match (the answer is then immediate, and the check is not made
    // twice: `store1` takes it while the match is still as it was).
    let checked: Checked | null = null;
    if (live.queued === 0) {
      const played = playNotation(live.game, live.state, seat, text);
      if (!played.ok) return played;
      checked = { on: live.state, ...played.value };
    }
    void live
      .serial(() =>
        byBot && live.seats[seat]?.kind !== 'bot' ? Promise.resolve() : this.store1(live, seat, text, mover, checked),
      )
      .catch((e: unknown) => {
        this.log.error({ err: e, match: live.id }, 'a move could not be handled');
      });
    return ok(undefined);
  }

  /** Stores one move (the match as the writes before it left it), then keeps it and tells everyone. */
  private async store1(
    live: LiveMatch,
    seat: Seat,
    text: string,
    mover: { listener: Listener; ack: number | undefined } | undefined,
    checked: Checked | null,
  ): Promise<void> {
    const refuse = (error: GameError): void => {
      if (mover) mover.listener.send(this.errorFor(live, mover.listener, error, mover.ack));
    };
    if (!this.memory.current(live)) return refuse({ code: 'NOT_ATTACHED' });
    if (live.status !== 'active') return refuse({ code: 'MATCH_CLOSED', status: live.status });
    let state: unknown;
    let notation: string;
    if (checked !== null && checked.on === live.state) ({ state, notation } = checked);
    else {
      const played = playNotation(live.game, live.state, seat, text);
      if (!played.ok) return refuse(played.error);
      ({ state, notation } = played.value);
    }
    const ply = live.ply;
    const outcome: Outcome | null = live.game.outcome(state);
    const now = Date.now();
    const timing = this.clocks.after(live, { state, ply: ply + 1, active: !outcome, seats: live.seats }, now);
    const every = this.options.snapshotEvery ?? SNAPSHOT_EVERY;
    const snapshot = (ply + 1) % every === 0 && !outcome ? snapshotOf(live.game, state) : undefined;
    const write: MatchWrite = {
      match: live.id,
      move: { matchId: live.id, ply, seat, move: notation, at: now },
      ...(outcome ? { status: { status: 'finished', outcome } } : {}),
      ...(live.row.settings.clock ? { clock: toStored(timing) } : {}),
      ...(snapshot !== undefined ? { snapshot: { ply: ply + 1, data: snapshot } } : {}),
    };
    try {
      await this.writes.commit(live, write);
    } catch (e) {
      const error = refusal(e, this.leaseSeconds());
      this.log.warn({ err: (e as Error)?.message, match: live.id, ply, code: error.code }, 'a move was not stored');
      refuse(error);
      // Storage is ahead of this copy (another writer was first): read it again.
      if (e instanceof PlyTaken) void this.memory.resync(live).catch(() => undefined);
      return;
    }
    live.state = state;
    live.ply = ply + 1;
    live.lastActivity = now;
    live.timing = timing;
    this.clocks.paid(live);
    if (outcome) {
      live.status = 'finished';
      live.outcome = outcome;
    }
    live.broadcast({ seat, move: notation }, mover);
    this.cluster.committed(live, { ply, seat, move: notation, outcome }, mover?.listener);
    for (const l of this.moveListeners) l(live, { ply, seat, move: notation }, (s, t) => this.submit(live, s, t));
    this.afterChange(live);
    if (outcome) this.onEnded(live);
  }

  /**
   * Ends an active match outside the moves (social/: a resignation, an agreed draw): stored, then broadcast.
   * Refused when the match is played by another process.
   */
  end(live: LiveMatch, outcome: Outcome): Promise<Result<void>> {
    return this.owned(live, async () => {
      if (live.status !== 'active')
        return err({ code: live.status === 'open' ? 'NOT_STARTED' : 'MATCH_CLOSED', status: live.status });
      const timing = this.clocks.after(
        live,
        { state: live.state, ply: live.ply, active: false, seats: live.seats },
        Date.now(),
      );
      await this.writes.commit(live, {
        match: live.id,
        status: { status: 'finished', outcome },
        ...(live.row.settings.clock ? { clock: toStored(timing) } : {}),
      });
      live.status = 'finished';
      live.outcome = outcome;
      live.timing = timing;
      this.clocks.paid(live);
      live.broadcast(null);
      this.afterChange(live);
      this.cluster.changed(live);
      this.onEnded(live);
      return ok(undefined);
    });
  }

  /**
   * Hands seats to a bot (social/: a player who resigns a game of three or more): stored, then the seats are
   * broadcast and the bot plays if it is to move.
   */
  handToBot(live: LiveMatch, seats: readonly Seat[], level: string): Promise<Result<void>> {
    return this.owned(live, async () => {
      const next = live.seats.map((s) => (seats.includes(s.seat) ? { ...s, kind: 'bot' as const, level } : s));
      const active = live.status === 'active';
      const timing = this.clocks.after(live, { state: live.state, ply: live.ply, active, seats: next }, Date.now());
      await this.writes.commit(live, {
        match: live.id,
        seats: next.filter((s) => seats.includes(s.seat)),
        ...(live.row.settings.clock ? { clock: toStored(timing) } : {}),
      });
      next.forEach((s, i) => (live.seats[i] = s));
      live.timing = timing;
      this.clocks.paid(live);
      this.letGo(live, seats);
      live.broadcastSeats();
      this.afterChange(live);
      this.cluster.changed(live);
      return ok(undefined);
    });
  }

  /**
   * A seat a bot holds is its person's again (absence/: they came back): stored, then the seats are broadcast.
   * Their token is the one they had (it was kept while the bot played).
   */
  giveBack(live: LiveMatch, seat: Seat): Promise<Result<{ ply: number }>> {
    // The person may attach on any process: the owner alone changes seats.
    if (this.cluster.follows(live))
      return this.cluster.forwardCall(live, { k: 'give-back', seat }) as Promise<Result<{ ply: number }>>;
    return this.giveBackHere(live, seat);
  }

  private giveBackHere(live: LiveMatch, seat: Seat): Promise<Result<{ ply: number }>> {
    return this.owned(live, async () => {
      const row = live.seats[seat];
      if (live.status !== 'active') return err({ code: 'MATCH_CLOSED', status: live.status });
      if (!row || row.kind !== 'bot' || row.tokenHash === null) return err({ code: 'SEAT_TAKEN', seat });
      // A move the bot is thinking of is dropped when it comes (`submit`, byBot): the seat is its person's now,
      // even in a turn of many plies the bot would otherwise play to the end.
      const next: SeatRow = { ...row, kind: 'human', level: null };
      const seats = live.seats.map((s) => (s.seat === seat ? next : s));
      const active = live.status === 'active';
      // The person's move time starts afresh now (as for a seat newly to move).
      const timing = this.clocks.after(live, { state: live.state, ply: live.ply, active, seats }, Date.now(), true);
      await this.writes.commit(live, {
        match: live.id,
        seats: [next],
        ...(live.row.settings.clock ? { clock: toStored(timing) } : {}),
      });
      live.seats[seat] = next;
      live.timing = timing;
      this.clocks.paid(live);
      live.broadcastSeats();
      live.broadcast(null);
      this.afterChange(live);
      this.cluster.changed(live);
      return ok({ ply: live.ply });
    });
  }

  /**
   * Sets the deadline of a running per-move clock (vacation/: a clock stopped for a player away, and run again):
   * stored, then told and armed. Fischer clocks and stopped matches are left as they are.
   */
  moveDeadline(live: LiveMatch, deadline: number): Promise<Result<void>> {
    // The vacation may be taken through any process: the owner alone runs and stores the clock.
    if (this.cluster.follows(live))
      return this.cluster.forwardCall(live, { k: 'deadline', ply: live.ply, deadline }) as Promise<Result<void>>;
    return this.moveDeadlineHere(live, live.ply, deadline);
  }

  /** `ply`: the position the deadline was reckoned on; a move since started another turn, whose clock stays. */
  private moveDeadlineHere(live: LiveMatch, ply: number, deadline: number): Promise<Result<void>> {
    return this.owned(live, async () => {
      const clock = live.row.settings.clock;
      if (!clock || 'baseSeconds' in clock || live.status !== 'active' || live.timing.deadline === null)
        return ok(undefined);
      if (live.ply !== ply) return ok(undefined);
      const next = { ...live.timing, deadline };
      await this.writes.commit(live, { match: live.id, clock: toStored(next) });
      live.timing = next;
      live.broadcast(null);
      this.afterChange(live);
      this.cluster.changed(live);
      return ok(undefined);
    });
  }

  /**
   * A seat berserks before its first move (events/: arenas): its bank halved, no increment (clocks/berserk.ts),
   * stored, then told and armed. The owner alone changes the clock.
   */
  berserk(live: LiveMatch, seat: Seat): Promise<Result<void>> {
    if (this.cluster.follows(live))
      return this.cluster.forwardCall(live, { k: 'berserk', seat }) as Promise<Result<void>>;
    return this.berserkHere(live, seat);
  }

  private berserkHere(live: LiveMatch, seat: Seat): Promise<Result<void>> {
    return this.owned(live, async () => {
      if (live.status !== 'active') return err({ code: 'MATCH_CLOSED', status: live.status });
      const stored = await this.store.loadMatch(live.id);
      if (!stored || stored.moves.length !== live.ply) return err({ code: 'MOVE_PENDING' });
      if (stored.moves.some((m) => m.seat === seat)) return err({ code: 'BERSERK_AFTER_MOVE' });
      const next = berserkTiming(live.row.settings.clock, live.timing, seat, Date.now(), live.isHuman);
      if (!next.ok) return next;
      await this.writes.commit(live, { match: live.id, clock: toStored(next.value) });
      live.timing = next.value;
      live.broadcast(null);
      this.afterChange(live);
      this.cluster.changed(live);
      return ok(undefined);
    });
  }

  /**
   * Takes back the moves from the last one `seat` played on (social/: a takeback every player agreed to): the
   * stored log shrinks, the state is replayed from what is left, and every listener gets its new view.
   * Games without secrets only (the caller checks); refused while a bot thinks.
   */
  takeBack(live: LiveMatch, seat: Seat): Promise<Result<{ ply: number }>> {
    return this.owned(live, async () => {
      if (live.status !== 'active') return err({ code: 'MATCH_CLOSED', status: live.status });
      if (live.thinking.size > 0) return err({ code: 'MOVE_PENDING' });
      const stored = await this.store.loadMatch(live.id);
      if (!stored || stored.moves.length !== live.ply) return err({ code: 'MOVE_PENDING' });
      let from = live.ply - 1;
      while (from >= 0 && stored.moves[from]!.seat !== seat) from--;
      if (from < 0) return err({ code: 'NOTHING_TO_TAKE_BACK' });
      const start = startOf(live.game, live.row);
      if (!start.ok) return start;
      const state = replayFrom(live.game, start.value, stored.moves, 0, from);
      if (!state.ok) return state;
      const now = Date.now();
      // The clock starts afresh for the seats to move on the earlier position.
      const timing = this.clocks.after(
        live,
        { state: state.value, ply: from, active: true, seats: live.seats },
        now,
        true,
      );
      await this.writes.commit(live, {
        match: live.id,
        takeBack: from,
        ...(live.row.settings.clock ? { clock: toStored(timing) } : {}),
      });
      live.state = state.value;
      live.ply = from;
      live.lastActivity = now;
      live.timing = timing;
      this.clocks.paid(live);
      live.broadcast(null);
      this.afterChange(live);
      this.cluster.changed(live);
      return ok({ ply: from });
    });
  }

  /** Renames a seat (social/: a guest seat claimed by an account shows the account's name). */
  renameSeat(live: LiveMatch, seat: Seat, name: string): Promise<Result<void>> {
    return this.owned(live, async () => {
      const row = live.seats[seat];
      if (!row || row.name === name) return ok(undefined);
      const next: SeatRow = { ...row, name };
      await this.writes.commit(live, { match: live.id, seats: [next] });
      live.seats[seat] = next;
      live.broadcastSeats();
      this.cluster.changed(live);
      return ok(undefined);
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // The cluster's side (ClusterHost)

  resync(live: LiveMatch): Promise<boolean> {
    return this.memory.resync(live);
  }

  unload(live: LiveMatch): void {
    this.memory.unload(live, false);
  }

  owes(live: LiveMatch): boolean {
    return this.clocks.owes(live);
  }

  async perform(live: LiveMatch, call: OwnerCall): Promise<Result<CallAnswer>> {
    switch (call.k) {
      case 'join':
        return this.joinHere(live, call.request);
      case 'leave':
        return this.leaveHere(live, call.token);
      case 'reissue':
        return this.reissueHere(live, call.seat);
      case 'table':
        return this.onTableCall(live, call.seat, call.msg);
      case 'deadline':
        return this.moveDeadlineHere(live, call.ply, call.deadline);
      case 'give-back':
        return this.giveBackHere(live, call.seat);
      case 'berserk':
        return this.berserkHere(live, call.seat);
      case 'conditional':
        return this.conditionalSetter
          ? this.conditionalSetter(live, call.seat, call.tree)
          : err({ code: 'CONDITIONAL_NOT_OFFERED' });
    }
  }

  /** A seat's conditional moves set through this process for a match another owns: set there (conditional/). */
  forwardConditional(live: LiveMatch, seat: Seat, tree: readonly ConditionalLine[]): Promise<Result<unknown>> {
    return this.cluster.forwardCall(live, { k: 'conditional', seat, tree });
  }

  async promoted(live: LiveMatch, lostMs: number | null): Promise<void> {
    await this.memory.resync(live, {
      role: 'owner',
      takenOver: lostMs === null ? null : { lostMs },
      readAgain: false,
    });
  }

  // ------------------------------------------------------------------------------------------------------

  /**
   * A change made by the owner: run after the writes before it, and only while this process holds the match
   * (else OWNER_UNAVAILABLE, or SHUTTING_DOWN); a write refused answers its error and changes nothing.
   */
  private owned<T>(live: LiveMatch, change: () => Promise<Result<T>>): Promise<Result<T>> {
    if (this.closing) return Promise.resolve(err({ code: 'SHUTTING_DOWN' }));
    return live
      .serial(async (): Promise<Result<T>> => {
        if (this.cluster.follows(live) || !this.cluster.holds(live))
          return err({ code: 'OWNER_UNAVAILABLE', seconds: this.leaseSeconds() });
        return change();
      })
      .catch((e: unknown): Result<T> => {
        this.log.warn({ err: (e as Error)?.message, match: live.id }, 'a change was not stored');
        return err(refusal(e, this.leaseSeconds()));
      });
  }

  /** The connections of seats handed over or freed are let go (they may attach again as spectators). */
  private letGo(live: LiveMatch, seats: readonly Seat[]): void {
    const detached = encode({ t: 'detached' });
    for (const l of [...live.listeners]) {
      if (l.seat === null || !seats.includes(l.seat)) continue;
      live.listeners.delete(l);
      l.send(detached);
    }
  }

  /** After a stored change: the clock runs to its new deadline, and bots whose seat may act think. */
  private afterChange(live: LiveMatch): void {
    if (this.closing || this.cluster.follows(live)) return;
    this.clocks.arm(live);
    if (live.status === 'active') this.onTurn?.(live);
    this.bots.wake(live);
  }

  private leaving(live: LiveMatch, snapshot: boolean): void {
    this.clocks.disarm(live);
    if (!snapshot || live.ply < SNAPSHOT_MIN_PLY || this.cluster.follows(live)) return;
    const data = snapshotOf(live.game, live.state);
    if (data === undefined) {
      this.log.warn({ match: live.id, game: live.game.id, ply: live.ply }, 'state does not read back: no snapshot');
      return;
    }
    const ply = live.ply;
    void live
      .serial(() => this.writes.commit(live, { match: live.id, snapshot: { ply, data } }))
      .catch((e: unknown) => this.log.warn({ err: (e as Error)?.message, match: live.id }, 'snapshot failed'));
  }

  private errorFor(live: LiveMatch, listener: Listener, error: GameError, id: number | undefined): Outgoing {
    return encode({ t: 'error', ...(id !== undefined ? { id } : {}), ...errorBody(error, listener.lang, live.game) });
  }

  private leaseSeconds(): number {
    return Math.ceil((this.options.leaseMs ?? 5000) / 1000);
  }

  // ------------------------------------------------------------------------------------------------------
  // Records and replays

  record(id: string): ReturnType<Replays['record']> {
    return this.replays.record(id);
  }

  replayInfo(id: string): Promise<Result<ReplayInfo>> {
    return this.replays.replayInfo(id);
  }

  replayAt(id: string, ply: number, token: string | undefined): ReturnType<Replays['replayAt']> {
    return this.replays.replayAt(id, ply, token);
  }

  replayViews(id: string, from: number, to: number, token: string | undefined): ReturnType<Replays['replayViews']> {
    return this.replays.replayViews(id, from, to, token);
  }

  // ------------------------------------------------------------------------------------------------------

  /** Stops taking moves, lets bots go, and waits for every move already taken to be stored. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    this.clocks.close();
    await this.bots.close();
    const deadline = Date.now() + 10_000;
    while ([...this.memory.values()].some((l) => l.queued > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}
