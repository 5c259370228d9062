import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { err, ok, type GameError, type Outcome, type Result, type Seat } from '@roundtable/core';
import { errorBody } from '../errors.ts';
import type { LiveMatch, Listener } from '../live-match.ts';
import { reaches } from '../match/audience.ts';
import type { Adoption, Audience, CallAnswer, Cluster, ClusterHost, OwnerCall } from '../match/cluster.ts';
import { encode, relayed, type Outgoing } from '../outgoing.ts';
import type { Fence } from '../storage/store.ts';
import type { Bus, PlayNowQueues } from './bus.ts';
import type { Claim, LeaseStore } from './leases.ts';
import { BAD_CLUSTER_MESSAGE, issuesOf, Refusals } from './refusals.ts';
import { MatchEvent, ReplyTo, Wire, type ForwardedMove, type Sendable } from './wire.ts';

export interface ClusterOptions {
  /** What carries the messages between processes: Redis (redis-bus.ts), or the primary process (ipc-bus.ts). */
  readonly bus: Bus;
  /** Who owns which match: leases in PostgreSQL (leases.ts), or fixed shards (shard-leases.ts). */
  readonly leases: (node: string) => LeaseStore;
  /** This process's name in leases and messages (a shard's own, or made up here when absent). */
  readonly node?: string;
  readonly leaseMs: number;
  readonly log: Logger;
  /** How long a forwarded move or call waits for the owner (ms). */
  readonly forwardTimeoutMs?: number;
}

/**
 * A PUBLISH. `until`: worth sending again until then (ms), every RETRY_MS, while Redis is away here, or while it
 * reaches nobody when somebody listens for it (`listened`: a process between Redis coming back and its
 * subscription coming back, as happens to each process in turn after an outage).
 */
interface Publish {
  readonly channel: string;
  readonly text: string;
  /** A forwarded move or call: refused at once should Redis be away here (nothing is queued then). */
  readonly failed?: () => void;
  readonly until?: number;
  /** Whether it is still wanted (a forwarded move or call not answered yet). */
  readonly wanted?: () => boolean;
  readonly listened?: boolean;
}

const RETRY_MS = 100;
const NODE = 'rt:n:';
const MATCH = 'rt:m:';
const TOPIC = 'rt:t:';

/** On the owner, a seat connected to another process that sent a move: only errors travel back (acks come with the update). */
class RemoteMover implements Listener {
  lastKey: string | null = null;
  readonly lang = 'en' as const;
  constructor(
    readonly seat: Seat,
    private readonly reply: (error: GameError) => void,
  ) {}
  send(text: Outgoing): void {
    if (!text.startsWith('{"t":"error"')) return;
    const { code, details } = JSON.parse(text) as { code: string; details?: Record<string, unknown> };
    this.reply({ ...details, code } as GameError);
  }
}

/** Where a RemoteMover's move came from, for the update that acknowledges it. */
const origins = new WeakMap<Listener, { node: string; req: number }>();

/**
 * Several processes on one PostgreSQL and one Redis, any of them serving any match (the lichess and Colyseus
 * way); or the worker processes of one machine on the embedded SQLite (`--processes`), each owning the matches of
 * its shard for good (shard-leases.ts), their messages carried by their primary process (ipc-bus.ts). Each live match has one owner process at a time, by a lease in PostgreSQL (leases.ts) whose epoch fences
 * every write the owner makes (migration 006); the owner alone stores moves and runs bots and clocks, and only
 * while its lease surely holds by its own clock. Another process with clients of the match keeps a copy that
 * follows the owner's updates (Redis channel `rt:m:<match>`), forwards its clients' moves and calls to the owner
 * (channel `rt:n:<owner>`), and takes the match over when the owner's lease runs out, or when the owner has not
 * answered for longer than a lease and a half although its lease runs.
 */
export class SharedCluster implements Cluster {
  /** This process's name: in leases, channels and `from` fields. */
  readonly node: string;
  private host!: ClusterHost;
  private readonly bus: Bus;
  /** The "play now" queues (social/matchmaking.ts): the bus's. */
  readonly queues: PlayNowQueues;
  private readonly leases: LeaseStore;
  /** Matches owned here, with the epoch of their lease. */
  private readonly owned = new Map<string, number>();
  private readonly followers = new Map<string, LiveMatch>();
  /** The owner of each followed match, as last read. */
  private readonly owners = new Map<string, { node: string; epoch: number }>();
  /** Leases to give up (their matches left memory here): retried until the database has it. */
  private readonly releasing = new Map<string, number>();
  /** Followed matches found behind PostgreSQL at the last round, at this ply. */
  private readonly behind = new Map<string, number>();
  /** Followed matches whose owner has not answered a forwarded move or call since then (ms). */
  private readonly unanswered = new Map<string, number>();
  /** Moves forwarded to an owner and not answered yet: what to play here should the match come here first. */
  private readonly pending = new Map<
    number,
    {
      live: LiveMatch;
      listener: Listener;
      ack: number | undefined;
      timer: NodeJS.Timeout;
      seat: Seat;
      text: string;
      ply: number;
    }
  >();
  private readonly calls = new Map<number, { resolve: (r: Result<unknown>) => void; timer: NodeJS.Timeout }>();
  /** PUBLISHes of this tick, sent together in one write (one pipeline) once the tick's work is done. */
  private outbox: Publish[] = [];
  /** PUBLISHes to send again shortly (`Publish.until`), in order, and the timer that sends them. */
  private held: Publish[] = [];
  private heldTimer: NodeJS.Timeout | null = null;
  /** On a follower: the seats connected here last told to the owner, per match. */
  private readonly told = new Map<string, string>();
  /** On the owner: when each process last told the seats connected there (match → process → ms). */
  private readonly heard = new Map<string, Map<string, number>>();
  /** What each topic heard here carries, and what it is given to (`hear`). */
  private readonly topics = new Map<string, { word: z.ZodType<string>; fn: (text: string) => void }>();
  private readonly refusals: Refusals;
  /** Answers to "play now" requests waiting here, paired by another process (social/matchmaking.ts sets it). */
  paired: ((wid: string, answer: Result<unknown>) => void) | null = null;
  private seq = 0;
  private beatTimer: NodeJS.Timeout | null = null;
  private tickTimer: NodeJS.Timeout | null = null;
  private ticking = false;
  private rounds = 0;
  private closed = false;
  /** The lease lapsed and was renewed: the matches owned here are checked before this process acts again. */
  private unsure = false;
  /** Since when the lease has been renewed without a failure (ms): another's match is taken only a lease after. */
  private steadySince = Number.NEGATIVE_INFINITY;
  private beatProblem: string | null = null;
  /** Since when Redis has been away (ms), while it is; and since when it has been back. */
  private redisDownSince: number | null = null;
  private redisUpSince = Number.NEGATIVE_INFINITY;
  /** Owned matches whose connected seats were all on one other process at the last round: there, how many rounds. */
  private readonly leaning = new Map<string, { to: string; rounds: number }>();
  /** Followed matches nobody here listens to, for how many rounds. */
  private readonly unwatched = new Map<string, number>();
  /** Followed matches with a claim due at their owner's lease end (`claimAt`). */
  private readonly claimsDue = new Set<string>();
  /** One change of leases at a time (claims, releases, takeovers), so a claim and a release never cross. */
  private leaseLock: Promise<unknown> = Promise.resolve();

  private constructor(private readonly options: ClusterOptions) {
    this.node = options.node ?? `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.bus = options.bus;
    this.queues = options.bus;
    this.bus.onState((up) => (up ? this.redisBack() : this.redisLost()));
    this.leases = options.leases(this.node);
    this.refusals = new Refusals(options.log);
  }

  /** Connects to Redis (a clear error if it cannot) and renews this process's lease once. */
  static async start(options: ClusterOptions): Promise<SharedCluster> {
    const cluster = new SharedCluster(options);
    await options.bus.connect();
    try {
      await options.bus.subscribe(NODE + cluster.node);
    } catch (e) {
      options.bus.close();
      throw new Error(`cannot reach ${options.bus.name}: ${(e as Error).message}`, { cause: e });
    }
    await cluster.leases.beat();
    options.bus.onMessage((channel: string, text: string) => cluster.onMessage(channel, text));
    cluster.redisDownSince = null;
    options.log.info({ node: cluster.node, leaseMs: options.leaseMs }, 'cluster: joined');
    return cluster;
  }

  /** Starts serving `host`'s matches: renewals, takeovers, forwarded moves and calls. */
  serve(host: ClusterHost): void {
    this.host = host;
    const every = Math.max(100, Math.floor(this.options.leaseMs / 3));
    this.beatTimer = setInterval(() => void this.beat(), every);
    this.beatTimer.unref();
    this.tickTimer = setInterval(() => void this.tick(), every);
    this.tickTimer.unref();
  }

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    const queued = Date.now();
    const timed = (): Promise<T> => {
      const waited = Date.now() - queued;
      if (waited > 2000) this.options.log.warn({ waited }, 'cluster: a lease change waited long');
      return fn();
    };
    const run = this.leaseLock.then(timed, timed);
    this.leaseLock = run.catch(() => undefined);
    return run;
  }

  // --------------------------------------------------------------------------------------------------------
  // Ownership

  async adopt(live: LiveMatch): Promise<Adoption> {
    const claim = await this.claim([live.id], this.steady());
    const won = claim.get(live.id);
    if (won?.lostMs != null)
      this.options.log.info({ match: live.id, lostMs: won.lostMs }, 'cluster: took the match over');
    if (won) return { role: 'owner', takenOver: won.lostMs !== null ? { lostMs: won.lostMs } : null, readAgain: true };
    await this.follow(live);
    return { role: 'follower' };
  }

  follows(live: LiveMatch): boolean {
    return this.followers.get(live.id) === live;
  }

  holds(live: LiveMatch): boolean {
    return this.owned.has(live.id) && !this.follows(live) && !this.unsure && this.leases.valid();
  }

  fence(live: LiveMatch): Fence {
    return { kind: 'lease', match: live.id, owner: this.node, epoch: this.owned.get(live.id) ?? -1 };
  }

  async lost(live: LiveMatch): Promise<void> {
    const epoch = this.owned.get(live.id);
    if (epoch === undefined || this.follows(live)) return;
    try {
      // A write refused right after an outage may only mean that this process's own lease had lapsed meanwhile:
      // renewed, the match is still ours (at the same epoch) unless another process took it.
      if (!this.leases.valid()) await this.beat();
      if (this.follows(live) || (await this.leases.held(new Map([[live.id, epoch]]))).has(live.id)) return;
    } catch {
      // The database cannot tell now: the lease round checks again.
      return;
    }
    this.options.log.warn({ match: live.id }, 'cluster: another process owns the match now; following it');
    await this.follow(live);
    await this.host.resync(live);
  }

  /** Claims `ids` (ours already, free, or whose owner's lease ran out if `fromDead`); returns those now ours. */
  private claim(ids: readonly string[], fromDead: boolean): Promise<Map<string, Claim>> {
    return this.locked(async () => {
      // A match is never claimed on a lease this process is not sure of.
      if (!this.leases.valid()) await this.leases.beat();
      const claimed = await this.leases.claim(ids, fromDead);
      for (const [id, c] of claimed) {
        this.owned.set(id, c.epoch);
        this.releasing.delete(id);
      }
      return claimed;
    });
  }

  private async follow(live: LiveMatch): Promise<void> {
    const id = live.id;
    this.owned.delete(id);
    this.heard.delete(id);
    live.remoteSeats.clear();
    this.told.delete(id);
    this.followers.set(id, live);
    if (live.clockTimer) clearTimeout(live.clockTimer);
    live.clockTimer = null;
    try {
      const owner = (await this.leases.owners([id])).get(id);
      if (owner) this.owners.set(id, { node: owner.node, epoch: owner.epoch });
      await this.bus.subscribe(MATCH + id);
      // A move committed between the read and the subscription is caught here.
      if ((await this.leases.pliesOf([id])).get(id) !== live.ply && this.follows(live)) await this.host.resync(live);
    } catch (e) {
      // The lease round catches up (owner, subscription, position) once the database or Redis is back.
      this.options.log.warn({ err: (e as Error).message, match: id }, 'cluster: following a match, not up to date yet');
    }
    this.presence(live);
  }

  /** A followed match is ours now (its owner's lease ran out, or it stopped answering): it runs here from storage. */
  private async promote(live: LiveMatch, claim: Claim): Promise<void> {
    const id = live.id;
    if (!this.follows(live)) return;
    this.followers.delete(id);
    this.owners.delete(id);
    this.unanswered.delete(id);
    this.told.delete(id);
    // What the old owner said of the processes' seats is stale: each of them tells us at its next round.
    live.remoteSeats.clear();
    await this.bus.unsubscribe(MATCH + id).catch(() => undefined);
    this.options.log.info({ match: id, lostMs: claim.lostMs }, 'cluster: took the match over');
    await this.host.promoted(live, claim.lostMs);
    // Moves this process forwarded to the old owner and that nobody answered: played here now, on the position
    // their seat saw (one the old owner stored before it went is in storage, and the position moved on: the seat
    // is told to look again).
    for (const [req, p] of this.pending) {
      if (p.live !== live) continue;
      this.pending.delete(req);
      clearTimeout(p.timer);
      const played =
        p.ply === live.ply ? this.host.playAs(live, p.seat, p.text, p.listener, p.ack) : err({ code: 'NOT_ATTACHED' });
      if (!played.ok) this.sendError(live, p.listener, p.ack, played.error);
    }
  }

  /** Whether this process has renewed its lease steadily for a whole lease: only then does it take others' matches. */
  private steady(): boolean {
    return Date.now() - this.steadySince >= this.options.leaseMs;
  }

  /** Renews this process's lease; after a lapse, checks which of its matches are still its own before acting. */
  private async beat(): Promise<void> {
    if (this.closed) return;
    try {
      const lapsed = await this.leases.beat();
      this.beatProblem = null;
      if (lapsed) {
        this.steadySince = Date.now();
        if (this.owned.size > 0) {
          this.unsure = true;
          await this.checkOwned();
        }
      }
    } catch (e) {
      this.beatProblem = `the lease of this process could not be renewed: ${(e as Error).message}`;
    }
  }

  /** Which matches owned here are still ours: the others (taken over meanwhile) are followed from now on. */
  private async checkOwned(): Promise<void> {
    const kept = await this.leases.held(this.owned);
    this.unsure = false;
    for (const id of [...this.owned.keys()]) {
      if (kept.has(id)) continue;
      const live = this.host.peek(id);
      this.options.log.warn({ match: id }, 'cluster: lost the lease of a match; following its new owner');
      if (live && !this.follows(live)) await this.lost(live);
      else this.owned.delete(id);
    }
  }

  /** Every third of a lease: check ownership, give up leases, take over matches whose owner is gone, adopt orphans. */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      if (this.owned.size > 0 && this.leases.valid()) await this.checkOwned();
      if (this.releasing.size > 0) {
        const batch = new Map(this.releasing);
        await this.locked(() => this.leases.release(batch));
        for (const [id, epoch] of batch) if (this.releasing.get(id) === epoch) this.releasing.delete(id);
      }
      if (this.followers.size > 0) await this.watchOwners();
      this.dropUnwatched();
      this.presenceRound();
      if (this.leases.valid() && !this.unsure) await this.handOverWhereSeatsAre();
      if (++this.rounds % 100 === 0) await this.leases.sweep();
      // Matches whose owner died with a bot to move or a clock running, and that nobody follows.
      if (this.steady() && this.leases.valid()) {
        for (const id of await this.leases.orphans(50)) {
          if (this.closed) break;
          if (!this.host.peek(id)) await this.host.get(id);
        }
      }
    } catch (e) {
      this.options.log.warn({ err: (e as Error).message }, 'cluster: lease round failed');
    } finally {
      this.ticking = false;
    }
  }

  /**
   * The followed matches: taken over when their owner's lease ran out, or when it has not answered for longer
   * than a lease and a half while this process's own Redis was up; their owner read again; a copy behind storage
   * for two rounds (an update missed) read again.
   */
  private async watchOwners(): Promise<void> {
    const ids = [...this.followers.keys()];
    if (this.steady() && this.leases.valid()) {
      for (const [id, c] of await this.claim(ids, true)) {
        const live = this.followers.get(id);
        if (live) await this.promote(live, c);
      }
    }
    const owners = await this.leases.owners([...this.followers.keys()]);
    const now = Date.now();
    for (const [id, live] of this.followers) {
      const owner = owners.get(id);
      if (!owner) continue;
      if (owner.node === this.node) {
        await this.takeHandedOver(live);
        continue;
      }
      const before = this.owners.get(id);
      this.owners.set(id, { node: owner.node, epoch: owner.epoch });
      if (before && (before.node !== owner.node || before.epoch !== owner.epoch)) {
        // A new owner: the old one may have died between storing a move and publishing it.
        this.unanswered.delete(id);
        this.told.delete(id);
        await this.host.resync(live);
        continue;
      }
      // An owner that missed a renewal is likely gone: its match is claimed the moment its lease runs out, not
      // up to a round later.
      if (owner.leftMs < this.options.leaseMs / 2) this.claimAt(live, owner.leftMs + 50);
      const since = this.unanswered.get(id);
      const patience = this.options.leaseMs * 1.5;
      if (since !== undefined && now - since > patience && now - this.redisUpSince > patience && this.steady()) {
        const stolen = await this.locked(async () => {
          const c = await this.leases.steal(id, owner.node, owner.epoch);
          if (c) this.owned.set(id, c.epoch);
          return c;
        });
        if (stolen && this.followers.get(id) === live) {
          this.options.log.warn(
            { match: id, owner: owner.node },
            'cluster: the owner does not answer; taking the match over',
          );
          await this.promote(live, stolen);
        }
      }
    }
    const stored = await this.leases.pliesOf([...this.followers.keys()]);
    for (const live of [...this.followers.values()]) {
      // (Ahead counts too: moves taken back at the owner shrink the log.)
      const behind = (stored.get(live.id) ?? 0) !== live.ply;
      if (behind && (!this.redisUp() || this.behind.get(live.id) === live.ply)) {
        this.behind.delete(live.id);
        await this.host.resync(live);
      } else if (behind) this.behind.set(live.id, live.ply);
      else this.behind.delete(live.id);
    }
  }

  /**
   * Ownership follows the seats: an owned match none of whose seats is connected here, and whose connected seats
   * are all on one other process for two rounds running, is handed to that process, so that its moves no longer
   * cross (a balancer that sends a match's clients to one process then keeps them on its owner: SCALING.md).
   */
  private async handOverWhereSeatsAre(): Promise<void> {
    for (const [id, epoch] of [...this.owned]) {
      const live = this.host.peek(id);
      const to = live && !this.follows(live) ? seatsAllAt(live) : null;
      if (!live || to === null) {
        this.leaning.delete(id);
        continue;
      }
      const before = this.leaning.get(id);
      const rounds = before?.to === to ? before.rounds + 1 : 1;
      this.leaning.set(id, { to, rounds });
      // Not while anything is owed to its clock (an outage just ended): the new owner would not know of it.
      if (rounds < 2 || live.thinking.size > 0 || this.host.owes(live) || !this.steady()) continue;
      this.leaning.delete(id);
      // After every write under way for the match, so that the new owner reads all of it.
      const handed = await live
        .serial(async () => {
          if (!this.holds(live) || this.owned.get(id) !== epoch) return false;
          if (!(await this.locked(() => this.leases.handOver(id, epoch, to)))) return false;
          this.options.log.info({ match: id, to }, 'cluster: handed the match to the process its seats are on');
          // Known at once: a move forwarded by the new owner meanwhile is left to it (`answer`).
          this.owners.set(id, { node: to, epoch: 0 });
          this.owned.delete(id);
          this.followers.set(id, live);
          this.publish(NODE + to, { k: 'handover', id, from: this.node });
          return true;
        })
        .catch((e: unknown) => {
          this.options.log.warn({ err: (e as Error).message, match: id }, 'cluster: handover failed');
          return false;
        });
      // (Out of the match's `serial`: following may read the match again, which waits for it.)
      if (handed) await this.follow(live);
    }
  }

  /** Another process handed us a match we follow (or the lease says so): it runs here from now on. */
  private async takeHandedOver(live: LiveMatch): Promise<void> {
    if (!this.follows(live)) return;
    const c = (await this.claim([live.id], false)).get(live.id);
    if (c) await this.promote(live, { epoch: c.epoch, lostMs: null });
  }

  /**
   * A copy that nobody here listens to costs a replay per move for nobody (after a handover, or once its clients
   * left): it leaves memory after two rounds without a listener.
   */
  private dropUnwatched(): void {
    for (const live of [...this.followers.values()]) {
      if (live.busy()) {
        this.unwatched.delete(live.id);
        continue;
      }
      const rounds = (this.unwatched.get(live.id) ?? 0) + 1;
      if (rounds < 2) this.unwatched.set(live.id, rounds);
      else {
        this.unwatched.delete(live.id);
        this.host.unload(live);
      }
    }
  }

  /** A claim of one followed match at a given moment (its owner's lease runs out then). */
  private claimAt(live: LiveMatch, ms: number): void {
    if (this.claimsDue.has(live.id)) return;
    this.claimsDue.add(live.id);
    const timer = setTimeout(() => {
      this.claimsDue.delete(live.id);
      if (this.closed || !this.follows(live) || !this.steady()) return;
      this.claim([live.id], true)
        .then(async (won) => {
          const c = won.get(live.id);
          if (c) await this.promote(live, c);
        })
        .catch((e: unknown) => this.options.log.debug({ err: (e as Error).message }, 'cluster: claim failed'));
    }, ms);
    timer.unref();
  }

  unloaded(live: LiveMatch): void {
    const epoch = this.owned.get(live.id);
    if (epoch !== undefined && !this.follows(live)) {
      this.owned.delete(live.id);
      this.releasing.set(live.id, epoch);
    }
    this.heard.delete(live.id);
    if (this.follows(live)) {
      // The owner stops counting our seats as connected.
      const owner = this.owners.get(live.id);
      const told = this.told.get(live.id);
      if (owner && told !== undefined && told !== '')
        this.publish(NODE + owner.node, { k: 'presence', from: this.node, matches: { [live.id]: [] } });
      this.told.delete(live.id);
      this.followers.delete(live.id);
      this.owners.delete(live.id);
      this.unanswered.delete(live.id);
      void this.bus.unsubscribe(MATCH + live.id).catch(() => undefined);
    }
  }

  // --------------------------------------------------------------------------------------------------------
  // Forwarding to the owner

  private unavailable(): GameError {
    return { code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) };
  }

  /** A forwarded request got no answer (or a refusal saying the owner does not serve the match). */
  private noAnswer(id: string): void {
    if (!this.unanswered.has(id)) this.unanswered.set(id, Date.now());
  }

  forwardMove(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void> {
    const owner = this.owners.get(live.id);
    if (!owner || listener.seat === null) {
      this.noAnswer(live.id);
      return err(this.unavailable());
    }
    const req = ++this.seq;
    const unavailable = (): void => {
      const p = this.pending.get(req);
      if (!p) return;
      this.pending.delete(req);
      clearTimeout(p.timer);
      this.noAnswer(live.id);
      this.sendError(live, listener, ack, this.unavailable());
    };
    const wait = this.options.forwardTimeoutMs ?? 3000;
    const timer = setTimeout(unavailable, wait);
    timer.unref();
    this.pending.set(req, { live, listener, ack, timer, seat: listener.seat, text, ply: live.ply });
    // The owner plays it only on the position the seat saw, and not after we gave up on it.
    const msg: Sendable<ForwardedMove> = {
      k: 'move',
      id: live.id,
      seat: listener.seat,
      ply: live.ply,
      text,
      from: this.node,
      req,
      until: Date.now() + wait,
    };
    this.send({
      channel: NODE + owner.node,
      text: JSON.stringify(msg),
      failed: unavailable,
      until: msg.until,
      wanted: () => this.pending.has(req),
      listened: true,
    });
    return ok(undefined);
  }

  /** A call to the owner of `live`, answered by a `result` (or OWNER_UNAVAILABLE when none comes in time). */
  forwardCall(live: LiveMatch, call: OwnerCall): Promise<Result<CallAnswer>> {
    const owner = this.owners.get(live.id);
    if (!owner) {
      this.noAnswer(live.id);
      return Promise.resolve(err(this.unavailable()));
    }
    const req = ++this.seq;
    return new Promise<Result<CallAnswer>>((resolve) => {
      const give = (): void => {
        const c = this.calls.get(req);
        if (!c) return;
        this.calls.delete(req);
        clearTimeout(c.timer);
        this.noAnswer(live.id);
        resolve(err(this.unavailable()));
      };
      const wait = this.options.forwardTimeoutMs ?? 3000;
      const timer = setTimeout(give, wait);
      timer.unref();
      this.calls.set(req, {
        resolve: (r) => {
          this.unanswered.delete(live.id);
          resolve(r);
        },
        timer,
      });
      this.send({
        channel: NODE + owner.node,
        text: JSON.stringify({ k: 'call', id: live.id, call, from: this.node, req } satisfies Sendable<Wire>),
        failed: give,
        until: Date.now() + wait,
        wanted: () => this.calls.has(req),
        listened: true,
      });
    });
  }

  private sendError(live: LiveMatch, listener: Listener, ack: number | undefined, error: GameError): void {
    listener.send(
      encode({ t: 'error', ...(ack !== undefined ? { id: ack } : {}), ...errorBody(error, listener.lang, live.game) }),
    );
  }

  /**
   * A move or call forwarded to us. A match this process does not have in memory is loaded first: its lease may
   * still name this process (it left memory here, and giving the lease up is not done yet), and only its owner
   * can serve it.
   */
  private async answer(msg: ForwardedMove | Extract<Wire, { k: 'call' }>): Promise<void> {
    const live = this.host.peek(msg.id) ?? (await this.host.get(msg.id));
    const mine = live !== null && live !== undefined && !this.follows(live) && this.owned.has(msg.id);
    if (msg.k === 'move') {
      // Handed to the sender meanwhile (before, or while the move waited here): it plays the move itself once it
      // takes the match (`promote`), so no refusal goes back.
      const handed = (): boolean => !!live && this.follows(live) && this.owners.get(msg.id)?.node === msg.from;
      const reply = (error: GameError): void => {
        if (!handed()) this.reply(msg.from, { k: 'err', req: msg.req, error });
      };
      if (!mine) return reply(this.unavailable());
      if (Date.now() > msg.until) return;
      // The seat's copy was behind (or ahead): it attaches again and sees the position as it is.
      if (live.ply !== msg.ply) return reply({ code: 'NOT_ATTACHED' });
      const mover = new RemoteMover(msg.seat, reply);
      origins.set(mover, { node: msg.from, req: msg.req });
      const played = this.host.playAs(live, msg.seat, msg.text, mover);
      if (!played.ok) reply(played.error);
      return;
    }
    const result = mine ? await this.host.perform(live, msg.call) : err(this.unavailable());
    this.reply(msg.from, { k: 'result', req: msg.req, result });
  }

  // --------------------------------------------------------------------------------------------------------
  // Fan-out

  committed(
    live: LiveMatch,
    move: { ply: number; seat: Seat; move: string; outcome: Outcome | null },
    mover?: Listener,
  ): void {
    if (!this.owned.has(live.id)) return;
    const origin = mover ? origins.get(mover) : undefined;
    this.update(live.id, {
      k: 'move',
      ply: move.ply,
      seat: move.seat,
      move: move.move,
      status: move.outcome ? 'finished' : 'active',
      outcome: move.outcome,
      clock: { deadline: live.timing.deadline, banks: live.timing.banks },
      ...(origin ? { origin } : {}),
    } satisfies Sendable<MatchEvent>);
  }

  changed(live: LiveMatch): void {
    if (!this.owned.has(live.id)) return;
    const connected = live.seatInfo().flatMap((s) => (s.connected ? [s.seat] : []));
    this.update(live.id, {
      k: 'sync',
      seats: live.seats,
      status: live.status,
      outcome: live.outcome,
      clock: { deadline: live.timing.deadline, banks: live.timing.banks },
      ply: live.ply,
      connected,
    } satisfies Sendable<MatchEvent>);
  }

  tell(live: LiveMatch, text: Outgoing, to: Audience): void {
    if (!this.owned.has(live.id)) return;
    this.update(live.id, { k: 'tell', text, to } satisfies Sendable<MatchEvent>);
  }

  // --------------------------------------------------------------------------------------------------------
  // The "play now" queues, shared by every process

  /** The answer to a request waiting on process `node`. */
  answerPlayNow(node: string, wid: string, answer: Result<unknown>): void {
    if (node === this.node) this.paired?.(wid, answer);
    else this.publish(NODE + node, { k: 'paired', wid, answer });
  }

  /**
   * A word for every process that hears `topic` (this one too): events/ tells the watchers of an event that it
   * changed. Not kept while Redis is away: a hearer must not depend on each word (an event page polls too).
   */
  announce(topic: string, text: string): void {
    this.send({ channel: TOPIC + topic, text });
  }

  /** What is announced on `topic`, by any process, goes to `fn` once `word` has checked it (one hearer a topic). */
  async hear(topic: string, word: z.ZodType<string>, fn: (text: string) => void): Promise<void> {
    this.topics.set(topic, { word, fn });
    await this.bus.subscribe(TOPIC + topic);
  }

  // --------------------------------------------------------------------------------------------------------
  // Health

  private redisUp(): boolean {
    return this.bus.up();
  }

  private redisLost(): void {
    if (this.closed || this.redisDownSince !== null) return;
    this.redisDownSince = Date.now();
    this.options.log.warn(`cluster: ${this.bus.name} is away`);
  }

  /** Redis is back: what was missed is read from storage, and the clocks get back the time it was away. */
  private redisBack(): void {
    if (this.closed || !this.host || this.redisDownSince === null || !this.redisUp()) return;
    const ms = Date.now() - this.redisDownSince;
    this.redisDownSince = null;
    this.redisUpSince = Date.now();
    this.options.log.warn({ ms }, `cluster: ${this.bus.name} is back; following matches read storage again`);
    this.host.credit(ms, 'Redis');
    for (const live of this.followers.values()) void this.host.resync(live).catch(() => undefined);
  }

  problems(): string[] {
    const out: string[] = [];
    if (!this.redisUp()) out.push(`${this.bus.name} is unreachable`);
    if (this.beatProblem) out.push(this.beatProblem);
    else if (!this.leases.valid()) out.push('the lease of this process has lapsed');
    return out;
  }

  // --------------------------------------------------------------------------------------------------------
  // Presence: which seats are connected on some process

  presence(live: LiveMatch): void {
    if (this.follows(live)) return this.tellPresence([live]);
    // A seat came or went here, at the owner: the followers' `connected` follows.
    if (this.owned.has(live.id)) this.changed(live);
  }

  /** A follower tells each owner the seats connected here, for the matches where that changed (`all`: every one). */
  private tellPresence(lives: Iterable<LiveMatch>, all = false): void {
    const byOwner = new Map<string, Record<string, Seat[]>>();
    for (const live of lives) {
      const owner = this.owners.get(live.id)?.node;
      if (!owner || !this.follows(live)) continue;
      const seats = [...new Set([...live.listeners].flatMap((l) => (l.seat === null ? [] : [l.seat])))].sort(
        (a, b) => a - b,
      );
      const key = seats.join(',');
      const before = this.told.get(live.id);
      // Nothing to say: unchanged, or nobody here and the owner never heard of us for this match.
      if (key === '' && (before === '' || before === undefined)) continue;
      if (!all && before === key) continue;
      this.told.set(live.id, key);
      const matches = byOwner.get(owner) ?? {};
      matches[live.id] = seats;
      byOwner.set(owner, matches);
    }
    for (const [owner, matches] of byOwner) this.publish(NODE + owner, { k: 'presence', from: this.node, matches });
  }

  /** On the owner: a process told the seats connected there. */
  private heardPresence(from: string, matches: Record<string, Seat[]>): void {
    const now = Date.now();
    for (const [id, seats] of Object.entries(matches)) {
      const live = this.host.peek(id);
      if (!live || !this.owned.has(id) || this.follows(live) || !Array.isArray(seats)) continue;
      const before = connectedKey(live);
      if (seats.length === 0) live.remoteSeats.delete(from);
      else live.remoteSeats.set(from, new Set(seats.filter((s) => Number.isInteger(s))));
      const heard = this.heard.get(id) ?? new Map<string, number>();
      heard.set(from, now);
      this.heard.set(id, heard);
      if (connectedKey(live) !== before) {
        live.broadcastSeats();
        this.changed(live);
      }
    }
  }

  /** Every round: followers tell their seats again (a new owner learns them); the owner forgets processes gone silent. */
  private presenceRound(): void {
    this.tellPresence(this.followers.values(), true);
    const stale = Date.now() - this.options.leaseMs * 1.5;
    for (const [id, heard] of this.heard) {
      const live = this.host.peek(id);
      if (!live || !this.owned.has(id)) {
        this.heard.delete(id);
        continue;
      }
      let dropped = false;
      for (const [node, at] of heard) {
        if (at >= stale) continue;
        heard.delete(node);
        dropped = live.remoteSeats.delete(node) || dropped;
      }
      if (dropped) {
        live.broadcastSeats();
        this.changed(live);
      }
    }
  }

  // --------------------------------------------------------------------------------------------------------
  // Sending: every PUBLISH of a tick in one write

  private publish(channel: string, msg: Sendable<Wire> | Sendable<MatchEvent>): void {
    this.send({ channel, text: JSON.stringify(msg) });
  }

  /**
   * An answer to a process that forwarded a move or a call. It is sent again while it reaches nobody: that process
   * is reconnecting to Redis (its subscription comes back a moment after Redis does), and it waits for the answer.
   */
  private reply(node: string, msg: Sendable<Extract<Wire, { k: 'err' | 'result' }>>): void {
    const until = Date.now() + (this.options.forwardTimeoutMs ?? 3000);
    this.send({ channel: NODE + node, text: JSON.stringify(msg), until, listened: true });
  }

  /**
   * An update to the processes following a match. Should Redis be away here, it is kept (with those after it, in
   * order) and sent once Redis is back, for as long as a forwarded move waits: the follower that forwarded the
   * move learns of it without reading storage.
   */
  private update(id: string, event: Sendable<MatchEvent>): void {
    // Nobody follows the match (the bus can tell): nothing to encode. Redis cannot tell, so it always publishes.
    if (!this.bus.wanted(MATCH + id)) return;
    this.send({
      channel: MATCH + id,
      text: JSON.stringify(event),
      until: Date.now() + (this.options.forwardTimeoutMs ?? 3000),
    });
  }

  /**
   * Queues a PUBLISH; the queue goes out once the current work is done (process.nextTick: after the callbacks
   * of one storage commit, say, which may acknowledge several moves), as one pipeline: one write, one syscall.
   * An update behind one held for a retry waits behind it, so a follower sees a match's updates in order.
   */
  private send(m: Publish): void {
    if (m.channel.startsWith(MATCH) && this.held.some((h) => h.channel === m.channel)) return this.hold(m);
    this.outbox.push(m);
    if (this.outbox.length === 1) process.nextTick(() => this.flush());
  }

  private flush(): void {
    const batch = this.outbox;
    this.outbox = [];
    if (batch.length === 0) return;
    const settle = (m: Publish, e: unknown, receivers: unknown): void => {
      if (e) {
        if (m.failed) m.failed();
        else if (this.worth(m)) this.hold(m);
        else this.options.log.debug({ err: (e as Error)?.message, channel: m.channel }, 'cluster: could not publish');
      } else if (receivers === 0 && m.listened && this.worth(m)) this.hold(m);
    };
    this.bus.publish(batch).then(
      (results) => batch.forEach((m, i) => settle(m, results[i] instanceof Error ? results[i] : null, results[i])),
      (e: unknown) => batch.forEach((m) => settle(m, e, undefined)),
    );
  }

  /** Whether a PUBLISH that did not get through is worth sending again. */
  private worth(m: Publish): boolean {
    return !this.closed && m.until !== undefined && Date.now() + RETRY_MS < m.until && (m.wanted?.() ?? true);
  }

  /** Sends `m` again in RETRY_MS, after those held before it. */
  private hold(m: Publish): void {
    this.held.push(m);
    this.heldTimer ??= setTimeout(() => {
      this.heldTimer = null;
      const again = this.held;
      this.held = [];
      for (const h of again) if (this.worth(h)) this.send(h);
    }, RETRY_MS);
  }

  /** A message from Redis: checked (wire.ts), then handled; nothing thrown goes back into Redis's client. */
  private onMessage(channel: string, text: string): void {
    try {
      this.dispatch(channel, text);
    } catch (e) {
      // A message that passed its check and still failed is this build's defect: logged, the others go on.
      this.options.log.error({ err: e, channel }, 'cluster: handling a message failed');
    }
  }

  private dispatch(channel: string, text: string): void {
    if (channel.startsWith(TOPIC)) return this.onTopic(channel, text);
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.refuse(channel, null, [`(message): not JSON: ${JSON.stringify(text.slice(0, 40))}`]);
      return this.missed(channel);
    }
    if (channel.startsWith(MATCH)) {
      const event = MatchEvent.safeParse(msg);
      if (event.success) return this.onEvent(channel.slice(MATCH.length), event.data);
      this.refuse(channel, msg, issuesOf(event.error));
      return this.missed(channel);
    }
    // (A forwarded move, once per move, is checked by zod too: under a µs, about its JSON.parse; bench/wire-check.ts.)
    const checked = Wire.safeParse(msg);
    if (!checked.success) return this.refuse(channel, msg, issuesOf(checked.error));
    const w = checked.data;
    switch (w.k) {
      case 'move':
      case 'call':
        return this.answered(w);
      case 'paired':
        this.paired?.(w.wid, w.answer);
        return;
      case 'handover': {
        const live = this.followers.get(w.id);
        if (live)
          void this.takeHandedOver(live).catch((e: unknown) =>
            this.options.log.warn({ err: (e as Error).message, match: w.id }, 'cluster: could not take a handed match'),
          );
        return;
      }
      case 'presence':
        return this.heardPresence(w.from, w.matches);
      case 'err': {
        const p = this.pending.get(w.req);
        if (!p) return;
        this.pending.delete(w.req);
        clearTimeout(p.timer);
        if (w.error.code === 'OWNER_UNAVAILABLE') this.noAnswer(p.live.id);
        else this.unanswered.delete(p.live.id);
        // The owner saw another position than our copy (an update we missed): catch up before the seat retries.
        if (w.error.code === 'NOT_ATTACHED' && this.follows(p.live)) {
          void this.host
            .resync(p.live)
            .catch(() => undefined)
            .finally(() => this.sendError(p.live, p.listener, p.ack, w.error));
          return;
        }
        return this.sendError(p.live, p.listener, p.ack, w.error);
      }
      case 'result': {
        const c = this.calls.get(w.req);
        if (!c) return;
        this.calls.delete(w.req);
        clearTimeout(c.timer);
        return c.resolve(w.result);
      }
    }
  }

  /** A forwarded move or call: answered when done (its own errors come back as answers to its sender). */
  private answered(msg: ForwardedMove | Extract<Wire, { k: 'call' }>): void {
    void this.answer(msg).catch((e: unknown) =>
      this.options.log.error({ err: e }, 'cluster: forwarded request failed'),
    );
  }

  /**
   * A message that failed its check: nothing changes, a line at warn says where it came and what was wrong
   * (refusals.ts), and a request (one that names its sender and number) is answered BAD_CLUSTER_MESSAGE at once,
   * so that the process that forwarded it answers its client now rather than after the forward timeout.
   */
  private refuse(channel: string, msg: unknown, issues: readonly string[]): void {
    const k = typeof msg === 'object' && msg !== null ? (msg as { k?: unknown }).k : undefined;
    this.refusals.refused(channel, typeof k === 'string' ? k.slice(0, 40) : null, issues);
    if (!channel.startsWith(NODE)) return;
    const to = ReplyTo.safeParse(msg);
    if (!to.success) return;
    const error: GameError = { code: BAD_CLUSTER_MESSAGE, reason: issues[0] ?? 'malformed' };
    const { k: kind, from, req } = to.data;
    // A kind this build does not know may be a newer build's request: its sender numbers moves and calls in one
    // sequence, so each of the two answers reaches only the request it is for.
    if (kind !== 'call') this.reply(from, { k: 'err', req, error });
    if (kind !== 'move') this.reply(from, { k: 'result', req, result: err(error) });
  }

  /**
   * An update of a followed match was refused: the copy missed it, and reads the match again (from storage, where
   * the owner's writes are), as it does for a move it could not play.
   */
  private missed(channel: string): void {
    const live = channel.startsWith(MATCH) ? this.followers.get(channel.slice(MATCH.length)) : undefined;
    if (live) void this.host.resync(live).catch(() => undefined);
  }

  /** A word on a topic (`hear`), checked against what that topic carries. */
  private onTopic(channel: string, text: string): void {
    const topic = this.topics.get(channel.slice(TOPIC.length));
    if (!topic) return;
    const word = topic.word.safeParse(text);
    if (!word.success) return this.refuse(channel, null, issuesOf(word.error));
    topic.fn(word.data);
  }

  /** An update from the owner of a match followed here: applied to the copy, then sent to its listeners. */
  private onEvent(id: string, event: MatchEvent): void {
    const live = this.followers.get(id);
    if (!live) return;
    if (event.k === 'tell') return this.deliver(live, relayed(event.text), event.to);
    this.unanswered.delete(id);
    if (event.k === 'sync') {
      const before = live.seats.map((s) => s.kind);
      event.seats.forEach((s, i) => (live.seats[i] = s));
      live.status = event.status;
      live.outcome = event.outcome;
      live.timing = { ...live.timing, ...event.clock };
      live.remoteSeats.set('owner', new Set(event.connected));
      // A seat the owner handed to a bot or freed (a resignation, a leave): its connections here are let go, as
      // the owner lets go of its own. A seat a bot held already is kept: its person attached here to have it
      // back, and the hand-back is on its way to the owner (absence/).
      const detached = encode({ t: 'detached' });
      for (const l of [...live.listeners]) {
        if (l.seat === null) continue;
        const kind = live.seats[l.seat]?.kind;
        if (kind === 'human' || kind === before[l.seat]) continue;
        live.listeners.delete(l);
        l.send(detached);
      }
      // Moves taken back at the owner (or one we missed): the position comes from PostgreSQL.
      if (event.ply !== live.ply) {
        void this.host.resync(live).catch(() => undefined);
        return;
      }
      live.broadcastSeats();
      live.broadcast(null);
      return;
    }
    if (event.ply < live.ply) return;
    if (event.ply > live.ply) {
      void this.host.resync(live).catch(() => undefined);
      return;
    }
    // The owner checked and wrote the move in its notation: parsed and played here, not formatted again.
    const parsed = live.game.parseMove(live.state, event.seat, event.move);
    const played = parsed.ok ? live.game.play(live.state, event.seat, parsed.value) : parsed;
    if (!played.ok) {
      void this.host.resync(live).catch(() => undefined);
      return;
    }
    live.state = played.value;
    live.ply = event.ply + 1;
    live.status = event.status;
    live.outcome = event.outcome;
    live.timing = { ...live.timing, ...event.clock };
    live.lastActivity = Date.now();
    let mover: { listener: Listener; ack: number | undefined } | undefined;
    if (event.origin?.node === this.node) {
      const p = this.pending.get(event.origin.req);
      if (p) {
        this.pending.delete(event.origin.req);
        clearTimeout(p.timer);
        mover = { listener: p.listener, ack: p.ack };
      }
    }
    live.broadcast({ seat: event.seat, move: event.move }, mover);
  }

  /** A message the owner told the match's listeners: to ours that may read it. */
  private deliver(live: LiveMatch, text: Outgoing, to: Audience): void {
    for (const l of live.listeners) if (reaches(live, l, to)) l.send(text);
  }

  /** Gives up every lease (another process takes the matches at once), then leaves Redis. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.beatTimer) clearInterval(this.beatTimer);
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.held = [];
    await this.leases.leave(new Map([...this.owned, ...this.releasing])).catch(() => undefined);
    this.owned.clear();
    this.bus.close();
  }
}

/** The one other process every connected seat of an owned match is on (none here), or null. */
function seatsAllAt(live: LiveMatch): string | null {
  if (live.status !== 'active' && live.status !== 'open') return null;
  if ([...live.listeners].some((l) => l.seat !== null)) return null;
  const at = [...live.remoteSeats].filter(([, seats]) => seats.size > 0).map(([node]) => node);
  return at.length === 1 ? at[0]! : null;
}

function connectedKey(live: LiveMatch): string {
  return live
    .seatInfo()
    .map((s) => s.connected)
    .join();
}
