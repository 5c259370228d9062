import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { err, ok, type GameError, type Outcome, type Result, type Seat } from '@roundtable/core';
import type { JoinAnswer, JoinRequest, MatchSummary } from '@roundtable/protocol';
import { errorBody } from '../errors.ts';
import type { LiveMatch, Listener } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import { playNotation } from '../rules.ts';
import type { SeatRow } from '../storage/store.ts';
import { Leases } from './leases.ts';

/** What the match service asks of the cluster (null when the process is alone: SQLite, or no --redis). */
export interface ClusterLink {
  /** A match was just loaded or created here: claims its lease, or follows it if another process owns it. */
  adopt(live: LiveMatch): Promise<void>;
  /** True for a copy of a match another process owns: moves go to the owner, and no bot or clock runs here. */
  isRemote(live: LiveMatch): boolean;
  /** A move from a seat connected here, for a match another process owns. */
  forwardMove(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void>;
  /** join or leave, for a match another process owns. */
  forwardCall<T>(live: LiveMatch, method: 'join' | 'leave', args: unknown[]): Promise<Result<T>>;
  /** The owner committed move `ply` (and broadcast it here): the other processes hear of it. */
  committed(live: LiveMatch, move: { ply: number; seat: Seat; move: string; outcome: Outcome | null }, mover?: { listener: Listener }): void;
  /** The owner changed seats or status: the other processes hear of it. */
  changed(live: LiveMatch): void;
  /** The match left memory here. */
  unloaded(live: LiveMatch): void;
}

export interface ClusterOptions {
  readonly redis: string;
  /** The store's pool (leases live in PostgreSQL, next to the moves). */
  readonly pool: pg.Pool;
  readonly leaseMs: number;
  readonly log: Logger;
  /** How long a forwarded move or call waits for the owner (ms). */
  readonly forwardTimeoutMs?: number;
}

type Wire =
  | { k: 'move'; id: string; seat: Seat; ply: number; text: string; from: string; req: number; until: number }
  | { k: 'call'; id: string; method: 'join' | 'leave'; args: unknown[]; from: string; req: number }
  | { k: 'err'; req: number; error: GameError }
  | { k: 'result'; req: number; result: Result<unknown> };

type MatchEvent =
  | { k: 'move'; ply: number; seat: Seat; move: string; status: 'active' | 'finished'; outcome: Outcome | null; deadline: number | null; origin?: { node: string; req: number } }
  | { k: 'sync'; seats: SeatRow[]; status: LiveMatch['status']; outcome: Outcome | null; deadline: number | null };

const NODE = 'rt:n:';
const MATCH = 'rt:m:';

/** On the owner, a seat connected to another process that sent a move: only errors travel back (acks come with the update). */
class RemoteMover implements Listener {
  lastKey: string | null = null;
  readonly lang = 'en' as const;
  constructor(readonly seat: Seat, private readonly reply: (error: GameError) => void) {}
  send(text: string): void {
    if (!text.startsWith('{"t":"error"')) return;
    const { code } = JSON.parse(text) as { code: string };
    this.reply({ code } as GameError);
  }
}

/**
 * Several processes on one PostgreSQL and one Redis, any of them serving any match (the lichess and Colyseus
 * way): each live match has one owner process at a time, holding a lease in PostgreSQL (`match_leases`, renewed
 * while the owner lives). The owner alone validates and stores moves and runs bots and clocks. Another process
 * with clients of the match keeps a copy that follows the owner's updates (Redis channel `rt:m:<match>`), forwards
 * its clients' moves to the owner (channel `rt:n:<owner>`), and takes the match over from PostgreSQL when the
 * lease runs out. The primary key (match, ply) of `moves` makes a second writer fail, so two owners can never
 * both commit a move.
 */
export class Cluster implements ClusterLink {
  readonly node = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly leases: Leases;
  private readonly owned = new Set<string>();
  private readonly remote = new WeakSet<LiveMatch>();
  private readonly followers = new Map<string, LiveMatch>();
  private readonly owners = new Map<string, string>();
  /** Followed matches found behind PostgreSQL at the last round, at this ply. */
  private readonly behind = new Map<string, number>();
  private readonly pending = new Map<number, { live: LiveMatch; listener: Listener; ack: number | undefined; timer: NodeJS.Timeout }>();
  private readonly calls = new Map<number, { resolve: (r: Result<unknown>) => void; timer: NodeJS.Timeout }>();
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private closed = false;
  private service!: MatchService;
  private readyOnce = false;

  private constructor(private readonly options: ClusterOptions) {
    const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 2, retryStrategy: (n: number) => Math.min(100 * n, 1000) };
    // Nothing is queued while Redis is away: a forwarded move fails at once rather than arriving late.
    this.pub = new Redis(options.redis, { ...redisOptions, enableOfflineQueue: false });
    this.sub = new Redis(options.redis, redisOptions);
    this.leases = new Leases(options.pool, this.node, options.leaseMs);
    for (const r of [this.pub, this.sub]) r.on('error', (e: Error) => options.log.debug({ err: e.message }, 'redis'));
  }

  /** Connects to Redis (a clear error if it cannot) and starts renewing leases for `service`. */
  static async start(service: MatchService, options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options);
    cluster.service = service;
    try {
      await Promise.all([cluster.pub.connect(), cluster.sub.connect()]);
      await cluster.sub.subscribe(NODE + cluster.node);
    } catch (e) {
      cluster.pub.disconnect();
      cluster.sub.disconnect();
      throw new Error(`cannot reach Redis at ${describe(options.redis)}: ${(e as Error).message}`);
    }
    cluster.sub.on('message', (channel: string, text: string) => cluster.onMessage(channel, text));
    // After Redis comes back, updates may have been missed: every followed match reads storage again.
    cluster.sub.on('ready', () => {
      if (!cluster.readyOnce) return;
      options.log.warn('Redis is back: following matches read storage again');
      for (const live of cluster.followers.values()) void cluster.service.resync(live);
    });
    cluster.readyOnce = true;
    cluster.timer = setInterval(() => void cluster.tick(), Math.max(100, Math.floor(options.leaseMs / 3)));
    cluster.timer.unref();
    options.log.info({ node: cluster.node, leaseMs: options.leaseMs }, 'cluster: joined');
    return cluster;
  }

  // --------------------------------------------------------------------------------------------------------
  // Ownership

  async adopt(live: LiveMatch): Promise<void> {
    const won = await this.leases.claim([live.id]);
    if (won.has(live.id)) {
      this.owned.add(live.id);
      return;
    }
    await this.follow(live);
  }

  isRemote(live: LiveMatch): boolean {
    return this.remote.has(live);
  }

  private async follow(live: LiveMatch): Promise<void> {
    this.owned.delete(live.id);
    this.remote.add(live);
    this.followers.set(live.id, live);
    if (live.clockTimer) clearTimeout(live.clockTimer);
    live.clockTimer = null;
    const owner = (await this.leases.owners([live.id])).get(live.id);
    if (owner) this.owners.set(live.id, owner);
    await this.sub.subscribe(MATCH + live.id).catch(() => undefined);
    // A move committed between the read and the subscription is caught here.
    if ((await this.leases.plies(live.id)) > live.ply) await this.service.resync(live);
  }

  private async promote(live: LiveMatch): Promise<void> {
    this.remote.delete(live);
    this.followers.delete(live.id);
    this.owners.delete(live.id);
    this.owned.add(live.id);
    await this.sub.unsubscribe(MATCH + live.id).catch(() => undefined);
    this.options.log.info({ match: live.id }, 'cluster: took the match over');
    // From storage: everything the previous owner committed, then bots and clocks start here.
    await this.service.resync(live);
  }

  /** Every third of a lease: renew ours, take over followed matches whose owner is gone, adopt orphans. */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      if (this.owned.size > 0) {
        const kept = await this.leases.renew([...this.owned]);
        for (const id of [...this.owned]) {
          if (kept.has(id)) continue;
          const live = this.service.peek(id);
          this.options.log.warn({ match: id }, 'cluster: lost the lease of a match; following its new owner');
          if (live) await this.follow(live);
          else this.owned.delete(id);
        }
      }
      if (this.followers.size > 0) {
        const won = await this.leases.claim([...this.followers.keys()]);
        for (const id of won) {
          const live = this.followers.get(id);
          if (live) await this.promote(live);
          else await this.leases.release([id]);
        }
        const owners = await this.leases.owners([...this.followers.keys()]);
        for (const [id, owner] of owners) {
          const before = this.owners.get(id);
          this.owners.set(id, owner);
          // A new owner: the old one may have died between committing a move and publishing it.
          const live = this.followers.get(id);
          if (before !== undefined && before !== owner && live) await this.service.resync(live);
        }
        // A copy behind PostgreSQL for two rounds in a row missed an update (or Redis is away, and no update
        // arrives at all): it catches up from PostgreSQL. One statement for every followed match.
        const stored = await this.leases.pliesOf([...this.followers.keys()]);
        for (const live of [...this.followers.values()]) {
          // (Ahead counts too: moves taken back at the owner shrink the log.)
          const behind = (stored.get(live.id) ?? 0) !== live.ply;
          if (behind && (this.sub.status !== 'ready' || this.behind.get(live.id) === live.ply)) {
            this.behind.delete(live.id);
            await this.service.resync(live);
          } else if (behind) this.behind.set(live.id, live.ply);
          else this.behind.delete(live.id);
        }
      }
      // Matches whose owner died with a bot to move or a clock running, and that nobody follows.
      for (const id of await this.leases.orphans(50)) {
        if (this.closed) break;
        if (!this.service.peek(id)) await this.service.get(id);
      }
    } catch (e) {
      this.options.log.warn({ err: (e as Error).message }, 'cluster: lease round failed');
    } finally {
      this.ticking = false;
    }
  }

  unloaded(live: LiveMatch): void {
    if (this.owned.delete(live.id)) void this.leases.release([live.id]).catch(() => undefined);
    if (this.followers.get(live.id) === live) {
      this.followers.delete(live.id);
      this.owners.delete(live.id);
      void this.sub.unsubscribe(MATCH + live.id).catch(() => undefined);
    }
  }

  // --------------------------------------------------------------------------------------------------------
  // Forwarding to the owner

  forwardMove(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void> {
    const owner = this.owners.get(live.id);
    if (!owner || listener.seat === null) return err({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) });
    const req = ++this.seq;
    const unavailable = (): void => {
      const p = this.pending.get(req);
      if (!p) return;
      this.pending.delete(req);
      clearTimeout(p.timer);
      this.sendError(live, listener, ack, { code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) });
    };
    const wait = this.options.forwardTimeoutMs ?? 3000;
    const timer = setTimeout(unavailable, wait);
    timer.unref();
    this.pending.set(req, { live, listener, ack, timer });
    // The owner plays it only on the position the seat saw, and not after we gave up on it.
    const msg: Wire = { k: 'move', id: live.id, seat: listener.seat, ply: live.ply, text, from: this.node, req, until: Date.now() + wait };
    this.pub.publish(NODE + owner, JSON.stringify(msg)).catch(unavailable);
    return ok(undefined);
  }

  forwardCall<T>(live: LiveMatch, method: 'join' | 'leave', args: unknown[]): Promise<Result<T>> {
    const owner = this.owners.get(live.id);
    if (!owner) return Promise.resolve(err({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) }));
    const req = ++this.seq;
    return new Promise<Result<T>>((resolve) => {
      const timer = setTimeout(() => {
        this.calls.delete(req);
        resolve(err({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) }));
      }, this.options.forwardTimeoutMs ?? 3000);
      timer.unref();
      this.calls.set(req, { resolve: resolve as (r: Result<unknown>) => void, timer });
      this.publish(NODE + owner, { k: 'call', id: live.id, method, args, from: this.node, req });
    });
  }

  private sendError(live: LiveMatch, listener: Listener, ack: number | undefined, error: GameError): void {
    listener.send(JSON.stringify({ t: 'error', ...(ack !== undefined ? { id: ack } : {}), ...errorBody(error, listener.lang, live.game) }));
  }

  /** A move or call forwarded to us (as the owner). */
  private async serve(msg: Extract<Wire, { k: 'move' | 'call' }>): Promise<void> {
    const live = this.service.peek(msg.id);
    const mine = live !== undefined && this.owned.has(msg.id) && !this.remote.has(live);
    if (msg.k === 'move') {
      const reply = (error: GameError): void => this.publish(NODE + msg.from, { k: 'err', req: msg.req, error });
      if (!mine) return reply({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) });
      if (Date.now() > msg.until) return;
      // The seat's copy was behind (or ahead): it attaches again and sees the position as it is.
      if (live.ply !== msg.ply) return reply({ code: 'NOT_ATTACHED' });
      const mover = new RemoteMover(msg.seat, reply);
      origins.set(mover, { node: msg.from, req: msg.req });
      const played = this.service.playAs(live, msg.seat, msg.text, mover);
      if (!played.ok) reply(played.error);
      return;
    }
    let result: Result<unknown>;
    if (!mine) result = err({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) });
    else if (msg.method === 'join') result = await this.service.join(msg.id, msg.args[1] as JoinRequest);
    else result = await this.service.leave(msg.id, String(msg.args[1]));
    this.publish(NODE + msg.from, { k: 'result', req: msg.req, result });
  }

  // --------------------------------------------------------------------------------------------------------
  // Fan-out

  committed(live: LiveMatch, move: { ply: number; seat: Seat; move: string; outcome: Outcome | null }, mover?: { listener: Listener }): void {
    if (!this.owned.has(live.id)) return;
    const origin = mover ? origins.get(mover.listener) : undefined;
    const event: MatchEvent = {
      k: 'move',
      ply: move.ply,
      seat: move.seat,
      move: move.move,
      status: move.outcome ? 'finished' : 'active',
      outcome: move.outcome,
      deadline: live.deadline,
      ...(origin ? { origin } : {}),
    };
    this.publish(MATCH + live.id, event);
  }

  changed(live: LiveMatch): void {
    if (!this.owned.has(live.id)) return;
    this.publish(MATCH + live.id, { k: 'sync', seats: live.seats, status: live.status, outcome: live.outcome, deadline: live.deadline } satisfies MatchEvent);
  }

  private publish(channel: string, msg: unknown): void {
    this.pub.publish(channel, JSON.stringify(msg)).catch((e: unknown) => this.options.log.warn({ err: (e as Error).message, channel }, 'cluster: could not publish'));
  }

  private onMessage(channel: string, text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (channel.startsWith(MATCH)) return this.onEvent(channel.slice(MATCH.length), msg as MatchEvent);
    const w = msg as Wire;
    switch (w.k) {
      case 'move':
      case 'call':
        void this.serve(w).catch((e: unknown) => this.options.log.error({ err: e }, 'cluster: forwarded request failed'));
        return;
      case 'err': {
        const p = this.pending.get(w.req);
        if (!p) return;
        this.pending.delete(w.req);
        clearTimeout(p.timer);
        // The owner saw another position than our copy (an update we missed): catch up before the seat retries.
        if (w.error.code === 'NOT_ATTACHED' && this.followers.get(p.live.id) === p.live) {
          void this.service.resync(p.live).finally(() => this.sendError(p.live, p.listener, p.ack, w.error));
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

  /** An update from the owner of a match followed here: applied to the copy, then sent to its listeners. */
  private onEvent(id: string, event: MatchEvent): void {
    const live = this.followers.get(id);
    if (!live) return;
    if (event.k === 'sync') {
      event.seats.forEach((s, i) => (live.seats[i] = s));
      live.status = event.status;
      live.outcome = event.outcome;
      live.deadline = event.deadline;
      live.broadcastSeats();
      live.broadcast(null);
      return;
    }
    if (event.ply < live.ply) return;
    if (event.ply > live.ply) {
      void this.service.resync(live);
      return;
    }
    const played = playNotation(live.game, live.state, event.seat, event.move);
    if (!played.ok) {
      void this.service.resync(live);
      return;
    }
    live.state = played.value.state;
    live.ply = event.ply + 1;
    live.committed = { state: live.state, ply: live.ply };
    live.status = event.status;
    live.outcome = event.outcome;
    live.deadline = event.deadline;
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

  /** Gives up every lease (another process takes the matches at once), then leaves Redis. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.leases.release([...this.owned]).catch(() => undefined);
    this.owned.clear();
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

/** Where a RemoteMover's move came from, for the update that acknowledges it. */
const origins = new WeakMap<Listener, { node: string; req: number }>();

function describe(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.username = '';
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the Redis URL';
  }
}

export type { JoinAnswer, MatchSummary };
