import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { err, ok, type GameError, type Outcome, type Result, type Seat } from '@roundtable/core';
import type { ChatLine, ClientMessage, JoinAnswer, JoinRequest, MatchSummary } from '@roundtable/protocol';
import { errorBody } from '../errors.ts';
import type { LiveMatch, Listener } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import type { SeatRow } from '../storage/store.ts';
import { Leases } from './leases.ts';
import { Links } from './links.ts';
import { reaches } from '../social/table.ts';

/** What the match service asks of the cluster (null when the process is alone: SQLite, or no --redis). */
export interface ClusterLink {
  /** A match was just loaded or created here: claims its lease, or follows it if another process owns it. */
  adopt(live: LiveMatch): Promise<void>;
  /** True for a copy of a match another process owns: moves go to the owner, and no bot or clock runs here. */
  isRemote(live: LiveMatch): boolean;
  /** A move from a seat connected here, for a match another process owns. */
  forwardMove(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void>;
  /** join or leave, for a match another process owns. */
  forwardCall<T>(live: LiveMatch, method: 'join' | 'leave' | 'reissue', args: unknown[]): Promise<Result<T>>;
  /** The owner committed move `ply` (and broadcast it here): the other processes hear of it. */
  committed(
    live: LiveMatch,
    move: { ply: number; seat: Seat; move: string; outcome: Outcome | null },
    mover?: { listener: Listener },
  ): void;
  /** The owner changed seats or status: the other processes hear of it. */
  changed(live: LiveMatch): void;
  /** The match left memory here. */
  unloaded(live: LiveMatch): void;
  /** A table message (chat line, resignation, offer, answer) from a seat connected here, for a match another process owns. */
  forwardTable(live: LiveMatch, seat: Seat | null, msg: TableCall): Promise<Result<Record<string, unknown> | null>>;
  /** On the owner: `text` for the listeners of the other processes that `to` lets read it. */
  tell(live: LiveMatch, text: string, to: Audience): void;
  /** The seats connected here changed (an attach or a detach): the owner hears of it, for `connected`. */
  presence(live: LiveMatch): void;
}

/** Who may read a message told to a match's listeners on every process. */
export type Audience = { readonly chat: ChatLine['channel'] } | { readonly players: true } | { readonly seat: Seat };

/** A table message as it travels to the owner: the seat's connection has checked its rate and name already. */
export type TableCall =
  | { readonly t: 'say'; readonly text: string; readonly name: string | null }
  | Extract<ClientMessage, { t: 'resign' | 'offer' | 'answer' }>;

/** What runs a forwarded table message on the owner (social/table.ts). */
export type TableHandler = (
  live: LiveMatch,
  seat: Seat | null,
  msg: TableCall,
) => Promise<Result<Record<string, unknown> | null>>;

export interface ClusterOptions {
  readonly redis: string;
  /** The store's pool (leases live in PostgreSQL, next to the moves). */
  readonly pool: pg.Pool;
  readonly leaseMs: number;
  readonly log: Logger;
  /** How long a forwarded move or call waits for the owner (ms). */
  readonly forwardTimeoutMs?: number;
  /** Direct links between the processes (links.ts): where this one listens, and the address it gives the others; null: Redis only. */
  readonly link?: { readonly host: string; readonly port: number; readonly advertise: string | null } | null;
}

type Wire =
  | { k: 'move'; id: string; seat: Seat; ply: number; text: string; from: string; req: number; until: number }
  | { k: 'call'; id: string; method: 'join' | 'leave' | 'reissue'; args: unknown[]; from: string; req: number }
  | { k: 'table'; id: string; seat: Seat | null; msg: TableCall; from: string; req: number }
  | { k: 'presence'; from: string; matches: Record<string, Seat[]> }
  | { k: 'paired'; wid: string; answer: Result<unknown> }
  | { k: 'err'; req: number; error: GameError }
  | { k: 'result'; req: number; result: Result<unknown> }
  /** Over a direct link only: the update that acknowledges a move this process forwarded, ahead of Redis's copy. */
  | { k: 'ev'; id: string; e: MatchEvent };

type MatchEvent =
  | {
      k: 'move';
      ply: number;
      seat: Seat;
      move: string;
      status: 'active' | 'finished';
      outcome: Outcome | null;
      deadline: number | null;
      origin?: { node: string; req: number };
    }
  | {
      k: 'sync';
      seats: SeatRow[];
      status: LiveMatch['status'];
      outcome: Outcome | null;
      deadline: number | null;
      ply: number;
      connected: Seat[];
    }
  | { k: 'tell'; text: string; to: Audience };

const NODE = 'rt:n:';
const MATCH = 'rt:m:';
const QUEUE = 'rt:q:';
/** The secret the processes prove to each other on a direct link (set once, by the first process). */
const LINK_SECRET = 'rt:link-secret';

/**
 * "Play now" across processes: one Redis list per queue. Adds an entry, then takes the first `n` entries at
 * once if there are that many (atomic: two processes never seat the same person twice). An entry of the same
 * account (ARGV[5]), or of the same address (ARGV[4]) unless ARGV[6] is 1, already waiting there refuses the
 * new one (social/matchmaking.ts: nobody is paired with themselves).
 */
const PUSH_AND_TAKE = `
for _, text in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local ok, e = pcall(cjson.decode, text)
  if ok and type(e) == 'table' then
    if ARGV[5] ~= '' and e.account == ARGV[5] then return 'account' end
    if ARGV[6] ~= '1' and ARGV[4] ~= '' and e.address == ARGV[4] then return 'address' end
  end
end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local n = tonumber(ARGV[2])
if redis.call('LLEN', KEYS[1]) >= n then return redis.call('LPOP', KEYS[1], n) end
return false`;

/** On the owner, a seat connected to another process that sent a move: only errors travel back (acks come with the update). */
class RemoteMover implements Listener {
  lastKey: string | null = null;
  readonly lang = 'en' as const;
  constructor(
    readonly seat: Seat,
    private readonly reply: (error: GameError) => void,
  ) {}
  send(text: string): void {
    if (!text.startsWith('{"t":"error"')) return;
    const { code } = JSON.parse(text) as { code: string };
    this.reply({ code } as GameError);
  }
}

/**
 * Several processes on one PostgreSQL and one Redis, any of them serving any match (the lichess and Colyseus
 * way): each live match has one owner process at a time (`match_leases` in PostgreSQL), whose ownership holds
 * while that process's own lease does (`cluster_nodes`, renewed while it lives: leases.ts). The owner alone
 * validates and stores moves and runs bots and clocks. Another process with clients of the match keeps a copy
 * that follows the owner's updates (Redis channel `rt:m:<match>`), forwards its clients' moves to the owner (over
 * a direct link, links.ts, or Redis channel `rt:n:<owner>`), and takes the match over from PostgreSQL when the
 * owner's lease runs out. The primary key (match, ply) of `moves` makes a second writer fail, so two owners can never
 * both commit a move.
 */
export class Cluster implements ClusterLink {
  /** This process's name: in leases, channels and `from` fields; `…@host:port` when it takes direct links. */
  node = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private links: Links | null = null;
  /** Followed matches: moves applied from a direct link whose copy through Redis has not come yet. */
  private readonly ahead = new Map<string, number>();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private leases!: Leases;
  private readonly owned = new Set<string>();
  private readonly remote = new WeakSet<LiveMatch>();
  private readonly followers = new Map<string, LiveMatch>();
  private readonly owners = new Map<string, string>();
  /** Followed matches found behind PostgreSQL at the last round, at this ply. */
  private readonly behind = new Map<string, number>();
  private readonly pending = new Map<
    number,
    { live: LiveMatch; listener: Listener; ack: number | undefined; timer: NodeJS.Timeout }
  >();
  private readonly calls = new Map<number, { resolve: (r: Result<unknown>) => void; timer: NodeJS.Timeout }>();
  /** PUBLISHes of this tick, sent together in one write (one pipeline) once the tick's work is done. */
  private outbox: { channel: string; text: string; failed?: () => void }[] = [];
  /** On a follower: the seats connected here last told to the owner, per match. */
  private readonly told = new Map<string, string>();
  /** On the owner: when each process last told the seats connected there (match → process → ms). */
  private readonly heard = new Map<string, Map<string, number>>();
  /** Runs table messages forwarded to the owner (social/table.ts sets it). */
  table: TableHandler | null = null;
  /** Answers to "play now" requests waiting here, paired by another process (social/matchmaking.ts sets it). */
  paired: ((wid: string, answer: Result<unknown>) => void) | null = null;
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private rounds = 0;
  private closed = false;
  private service!: MatchService;
  private readyOnce = false;

  private constructor(private readonly options: ClusterOptions) {
    const redisOptions = {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      retryStrategy: (n: number) => Math.min(100 * n, 1000),
    };
    // Nothing is queued while Redis is away: a forwarded move fails at once rather than arriving late.
    this.pub = new Redis(options.redis, { ...redisOptions, enableOfflineQueue: false });
    this.sub = new Redis(options.redis, redisOptions);
    for (const r of [this.pub, this.sub]) r.on('error', (e: Error) => options.log.debug({ err: e.message }, 'redis'));
  }

  /** Connects to Redis (a clear error if it cannot) and starts renewing leases for `service`. */
  static async start(service: MatchService, options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options);
    cluster.service = service;
    try {
      await Promise.all([cluster.pub.connect(), cluster.sub.connect()]);
      if (options.link) {
        await cluster.pub.set(LINK_SECRET, randomBytes(32).toString('hex'), 'NX');
        const secret = await cluster.pub.get(LINK_SECRET);
        if (!secret) throw new Error('no link secret');
        cluster.links = await Links.start({
          ...options.link,
          secret,
          log: options.log,
          onFrame: (text) => cluster.onMessage(NODE + cluster.node, text, true),
        }).catch((e: Error) => {
          throw new Error(
            `cannot listen for the other processes on ${options.link!.host}:${options.link!.port}: ${e.message}`,
          );
        });
        cluster.node += `@${cluster.links.address}`;
      }
      cluster.leases = new Leases(options.pool, cluster.node, options.leaseMs);
      await cluster.sub.subscribe(NODE + cluster.node);
    } catch (e) {
      cluster.pub.disconnect();
      cluster.sub.disconnect();
      await cluster.links?.close();
      const message = (e as Error).message;
      throw new Error(
        message.startsWith('cannot listen') ? message : `cannot reach Redis at ${describe(options.redis)}: ${message}`,
        { cause: e },
      );
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
    this.heard.delete(live.id);
    live.remoteSeats.clear();
    this.told.delete(live.id);
    this.remote.add(live);
    this.followers.set(live.id, live);
    if (live.clockTimer) clearTimeout(live.clockTimer);
    live.clockTimer = null;
    const owner = (await this.leases.owners([live.id])).get(live.id);
    if (owner) {
      this.owners.set(live.id, owner);
      this.links?.prepare(owner);
    }
    await this.sub.subscribe(MATCH + live.id).catch(() => undefined);
    // A move committed between the read and the subscription is caught here.
    if ((await this.leases.plies(live.id)) > live.ply) await this.resync(live);
    this.presence(live);
  }

  private async promote(live: LiveMatch): Promise<void> {
    this.remote.delete(live);
    this.followers.delete(live.id);
    this.owners.delete(live.id);
    this.owned.add(live.id);
    this.told.delete(live.id);
    // What the old owner said of the processes' seats is stale: each of them tells us at its next round.
    live.remoteSeats.clear();
    await this.sub.unsubscribe(MATCH + live.id).catch(() => undefined);
    this.options.log.info({ match: live.id }, 'cluster: took the match over');
    // From storage: everything the previous owner committed, then bots and clocks start here.
    await this.resync(live);
  }

  /** Every third of a lease: renew ours, take over followed matches whose owner is gone, adopt orphans. */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      // This process's own lease, on which every match it owns holds.
      if (this.owned.size === 0) await this.leases.beat();
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
          if (before !== undefined && before !== owner && live) {
            await this.resync(live);
            // The new owner does not know who is connected here yet.
            this.told.delete(id);
          }
        }
        // A copy behind PostgreSQL for two rounds in a row missed an update (or Redis is away, and no update
        // arrives at all): it catches up from PostgreSQL. One statement for every followed match.
        const stored = await this.leases.pliesOf([...this.followers.keys()]);
        for (const live of [...this.followers.values()]) {
          // (Ahead counts too: moves taken back at the owner shrink the log.)
          const behind = (stored.get(live.id) ?? 0) !== live.ply;
          if (behind && (this.sub.status !== 'ready' || this.behind.get(live.id) === live.ply)) {
            this.behind.delete(live.id);
            await this.resync(live);
          } else if (behind) this.behind.set(live.id, live.ply);
          else this.behind.delete(live.id);
        }
      }
      this.presenceRound();
      // Matches whose owner died with a bot to move or a clock running, and that nobody follows.
      if (++this.rounds % 100 === 0) await this.leases.sweep();
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
    this.heard.delete(live.id);
    if (this.followers.get(live.id) === live) {
      // The owner stops counting our seats as connected.
      const owner = this.owners.get(live.id);
      const told = this.told.get(live.id);
      if (owner && told !== undefined && told !== '')
        this.send(
          NODE + owner,
          JSON.stringify({ k: 'presence', from: this.node, matches: { [live.id]: [] } } satisfies Wire),
        );
      this.told.delete(live.id);
      this.followers.delete(live.id);
      this.owners.delete(live.id);
      void this.sub.unsubscribe(MATCH + live.id).catch(() => undefined);
    }
  }

  /** Reads the match again from storage (the moves that came early over a direct link are in it). */
  private resync(live: LiveMatch): Promise<boolean> {
    this.ahead.delete(live.id);
    return this.service.resync(live);
  }

  // --------------------------------------------------------------------------------------------------------
  // Forwarding to the owner

  forwardMove(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void> {
    const owner = this.owners.get(live.id);
    if (!owner || listener.seat === null)
      return err({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) });
    const req = ++this.seq;
    const unavailable = (): void => {
      const p = this.pending.get(req);
      if (!p) return;
      this.pending.delete(req);
      clearTimeout(p.timer);
      this.sendError(live, listener, ack, {
        code: 'OWNER_UNAVAILABLE',
        seconds: Math.ceil(this.options.leaseMs / 1000),
      });
    };
    const wait = this.options.forwardTimeoutMs ?? 3000;
    const timer = setTimeout(unavailable, wait);
    timer.unref();
    this.pending.set(req, { live, listener, ack, timer });
    // The owner plays it only on the position the seat saw, and not after we gave up on it.
    const msg: Wire = {
      k: 'move',
      id: live.id,
      seat: listener.seat,
      ply: live.ply,
      text,
      from: this.node,
      req,
      until: Date.now() + wait,
    };
    this.send(NODE + owner, JSON.stringify(msg), unavailable);
    return ok(undefined);
  }

  forwardCall<T>(live: LiveMatch, method: 'join' | 'leave' | 'reissue', args: unknown[]): Promise<Result<T>> {
    return this.call<T>(live, (req) => ({ k: 'call', id: live.id, method, args, from: this.node, req }));
  }

  forwardTable(live: LiveMatch, seat: Seat | null, msg: TableCall): Promise<Result<Record<string, unknown> | null>> {
    return this.call(live, (req) => ({ k: 'table', id: live.id, seat, msg, from: this.node, req }));
  }

  /** A request to the owner of `live`, answered by a `result` (or OWNER_UNAVAILABLE when none comes in time). */
  private call<T>(live: LiveMatch, wire: (req: number) => Wire): Promise<Result<T>> {
    const owner = this.owners.get(live.id);
    const unavailable = (): Result<T> =>
      err({ code: 'OWNER_UNAVAILABLE', seconds: Math.ceil(this.options.leaseMs / 1000) });
    if (!owner) return Promise.resolve(unavailable());
    const req = ++this.seq;
    return new Promise<Result<T>>((resolve) => {
      const give = (): void => {
        const c = this.calls.get(req);
        if (!c) return;
        this.calls.delete(req);
        clearTimeout(c.timer);
        resolve(unavailable());
      };
      const timer = setTimeout(give, this.options.forwardTimeoutMs ?? 3000);
      timer.unref();
      this.calls.set(req, { resolve: resolve as (r: Result<unknown>) => void, timer });
      this.send(NODE + owner, JSON.stringify(wire(req)), give);
    });
  }

  private sendError(live: LiveMatch, listener: Listener, ack: number | undefined, error: GameError): void {
    listener.send(
      JSON.stringify({
        t: 'error',
        ...(ack !== undefined ? { id: ack } : {}),
        ...errorBody(error, listener.lang, live.game),
      }),
    );
  }

  /** A move or call forwarded to us (as the owner). */
  private async serve(msg: Extract<Wire, { k: 'move' | 'call' | 'table' }>): Promise<void> {
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
    else if (msg.k === 'table')
      result = this.table ? await this.table(live, msg.seat, msg.msg) : err({ code: 'OWNER_UNAVAILABLE', seconds: 1 });
    else if (msg.method === 'join') result = await this.service.join(msg.id, msg.args[1] as JoinRequest);
    else if (msg.method === 'reissue') result = await this.service.reissue(msg.id, Number(msg.args[1]));
    else result = await this.service.leave(msg.id, String(msg.args[1]));
    this.publish(NODE + msg.from, { k: 'result', req: msg.req, result });
  }

  // --------------------------------------------------------------------------------------------------------
  // Fan-out

  committed(
    live: LiveMatch,
    move: { ply: number; seat: Seat; move: string; outcome: Outcome | null },
    mover?: { listener: Listener },
  ): void {
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
    const text = JSON.stringify(event);
    this.send(MATCH + live.id, text);
    // The process that forwarded the move hears it at once, straight from here (the same text, wrapped); Redis's
    // copy follows.
    if (origin && origin.node !== this.node)
      this.links?.send(origin.node, `{"k":"ev","id":${JSON.stringify(live.id)},"e":${text}}`);
  }

  changed(live: LiveMatch): void {
    if (!this.owned.has(live.id)) return;
    const connected = live.seatInfo().flatMap((s) => (s.connected ? [s.seat] : []));
    this.publish(MATCH + live.id, {
      k: 'sync',
      seats: live.seats,
      status: live.status,
      outcome: live.outcome,
      deadline: live.deadline,
      ply: live.committed.ply,
      connected,
    } satisfies MatchEvent);
  }

  tell(live: LiveMatch, text: string, to: Audience): void {
    if (!this.owned.has(live.id)) return;
    this.publish(MATCH + live.id, { k: 'tell', text, to } satisfies MatchEvent);
  }

  // --------------------------------------------------------------------------------------------------------
  // The "play now" queues, shared by every process

  /** Adds `entry` to queue `key`; returns the `players` entries to seat together now (this process seats them), or null. */
  async queuePush(
    key: string,
    entry: string,
    players: number,
    ttlMs: number,
    self: { readonly address: string | null; readonly account: string | null; readonly sameAddress: boolean },
  ): Promise<string[] | null | 'address' | 'account'> {
    const taken = (await this.pub.eval(
      PUSH_AND_TAKE,
      1,
      QUEUE + key,
      entry,
      players,
      Math.max(1000, Math.round(ttlMs)),
      self.address ?? '',
      self.account ?? '',
      self.sameAddress ? '1' : '0',
    )) as string[] | string | null;
    if (taken === 'address' || taken === 'account') return taken;
    return Array.isArray(taken) ? taken : null;
  }

  /** Puts entries back at the head of queue `key`, in their order (a group that could not be seated). */
  async queueRestore(key: string, entries: readonly string[]): Promise<void> {
    if (entries.length > 0) await this.pub.lpush(QUEUE + key, ...[...entries].reverse());
  }

  /** Takes `entry` out of queue `key`: false when it was no longer there (another process seated it). */
  async queueRemove(key: string, entry: string): Promise<boolean> {
    return (await this.pub.lrem(QUEUE + key, 1, entry)) > 0;
  }

  /** The entries of queue `key` now. */
  async queueEntries(key: string): Promise<string[]> {
    return this.pub.lrange(QUEUE + key, 0, -1);
  }

  /** The answer to a request waiting on process `node`. */
  answerPlayNow(node: string, wid: string, answer: Result<unknown>): void {
    if (node === this.node) this.paired?.(wid, answer);
    else this.send(NODE + node, JSON.stringify({ k: 'paired', wid, answer } satisfies Wire));
  }

  /** How many other processes this one has a direct link up to (/healthz). */
  linked(): number {
    return this.links?.connected ?? 0;
  }

  /** Redis answers (both connections up): /healthz reports it. */
  healthy(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  // --------------------------------------------------------------------------------------------------------
  // Presence: which seats are connected on some process

  presence(live: LiveMatch): void {
    if (this.remote.has(live)) return this.tellPresence([live]);
    // A seat came or went here, at the owner: the followers' `connected` follows.
    if (this.owned.has(live.id)) this.changed(live);
  }

  /** A follower tells each owner the seats connected here, for the matches where that changed (`all`: every one). */
  private tellPresence(lives: Iterable<LiveMatch>, all = false): void {
    const byOwner = new Map<string, Record<string, Seat[]>>();
    for (const live of lives) {
      const owner = this.owners.get(live.id);
      if (!owner || this.followers.get(live.id) !== live) continue;
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
    for (const [owner, matches] of byOwner)
      this.send(NODE + owner, JSON.stringify({ k: 'presence', from: this.node, matches } satisfies Wire));
  }

  /** On the owner: a process told the seats connected there. */
  private heardPresence(from: string, matches: Record<string, Seat[]>): void {
    const now = Date.now();
    for (const [id, seats] of Object.entries(matches)) {
      const live = this.service.peek(id);
      if (!live || !this.owned.has(id) || this.remote.has(live) || !Array.isArray(seats)) continue;
      const before = live
        .seatInfo()
        .map((s) => s.connected)
        .join();
      if (seats.length === 0) live.remoteSeats.delete(from);
      else live.remoteSeats.set(from, new Set(seats.filter((s) => Number.isInteger(s))));
      const heard = this.heard.get(id) ?? new Map<string, number>();
      heard.set(from, now);
      this.heard.set(id, heard);
      if (
        live
          .seatInfo()
          .map((s) => s.connected)
          .join() !== before
      ) {
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
      const live = this.service.peek(id);
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

  private publish(channel: string, msg: unknown): void {
    this.send(channel, JSON.stringify(msg));
  }

  /**
   * Queues a PUBLISH; the queue goes out once the current work is done (process.nextTick: after the callbacks
   * of one storage commit, say, which may acknowledge several moves), as one pipeline: one write, one syscall.
   */
  private send(channel: string, text: string, failed?: () => void): void {
    // To one process: straight to it over the direct link when there is one up.
    if (this.links && channel.startsWith(NODE) && this.links.send(channel.slice(NODE.length), text, failed)) return;
    this.outbox.push({ channel, text, failed });
    if (this.outbox.length === 1) process.nextTick(() => this.flush());
  }

  private flush(): void {
    const batch = this.outbox;
    this.outbox = [];
    const fail = (m: (typeof batch)[number], e: unknown): void => {
      if (m.failed) m.failed();
      else this.options.log.warn({ err: (e as Error)?.message, channel: m.channel }, 'cluster: could not publish');
    };
    if (batch.length === 1) {
      const m = batch[0]!;
      this.pub.publish(m.channel, m.text).catch((e: unknown) => fail(m, e));
      return;
    }
    try {
      const pipe = this.pub.pipeline();
      for (const m of batch) pipe.publish(m.channel, m.text);
      pipe.exec().then(
        (results) => results?.forEach(([e], i) => e && fail(batch[i]!, e)),
        (e: unknown) => batch.forEach((m) => fail(m, e)),
      );
    } catch (e) {
      batch.forEach((m) => fail(m, e));
    }
  }

  private onMessage(channel: string, text: string, direct = false): void {
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
      case 'table':
        void this.serve(w).catch((e: unknown) =>
          this.options.log.error({ err: e }, 'cluster: forwarded request failed'),
        );
        return;
      case 'ev':
        if (direct && typeof w.id === 'string' && typeof w.e === 'object' && w.e !== null)
          this.onEvent(w.id, w.e, true);
        return;
      case 'paired':
        if (typeof w.wid === 'string') this.paired?.(w.wid, w.answer);
        return;
      case 'presence':
        if (typeof w.from === 'string' && typeof w.matches === 'object' && w.matches !== null)
          this.heardPresence(w.from, w.matches);
        return;
      case 'err': {
        const p = this.pending.get(w.req);
        if (!p) return;
        this.pending.delete(w.req);
        clearTimeout(p.timer);
        // The owner saw another position than our copy (an update we missed): catch up before the seat retries.
        if (w.error.code === 'NOT_ATTACHED' && this.followers.get(p.live.id) === p.live) {
          void this.resync(p.live).finally(() => this.sendError(p.live, p.listener, p.ack, w.error));
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
  private onEvent(id: string, event: MatchEvent, direct = false): void {
    const live = this.followers.get(id);
    if (!live) return;
    // A copy from a direct link applies only on the position it follows; otherwise Redis's copy will do (in order).
    if (direct && (event.k !== 'move' || event.ply !== live.ply)) return;
    // Moves applied ahead of Redis's stream (from a direct link): Redis's messages are that many moves behind.
    const ahead = this.ahead.get(id) ?? 0;
    if (event.k === 'tell') return this.deliver(live, event.text, event.to);
    if (event.k === 'sync') {
      event.seats.forEach((s, i) => (live.seats[i] = s));
      // (With moves applied ahead, their updates carried a newer status and deadline than this one.)
      if (ahead === 0) {
        live.status = event.status;
        live.outcome = event.outcome;
        live.deadline = event.deadline;
      }
      live.remoteSeats.set('owner', new Set(event.connected));
      // A seat the owner handed to a bot or freed (a resignation, a leave): its connections here are let go, as
      // the owner lets go of its own.
      for (const l of [...live.listeners]) {
        if (l.seat === null || live.seats[l.seat]?.kind === 'human') continue;
        live.listeners.delete(l);
        l.send(JSON.stringify({ t: 'detached' }));
      }
      // Moves taken back at the owner (or one we missed): the position comes from PostgreSQL.
      if (event.ply !== live.ply - ahead) {
        void this.resync(live);
        return;
      }
      live.broadcastSeats();
      live.broadcast(null);
      return;
    }
    if (event.ply < live.ply) {
      // Redis's copy of a move that came over a direct link first.
      if (!direct && ahead > 0 && event.ply >= live.ply - ahead) {
        if (ahead === 1) this.ahead.delete(id);
        else this.ahead.set(id, ahead - 1);
      }
      return;
    }
    if (event.ply > live.ply) {
      void this.resync(live);
      return;
    }
    // The owner checked and wrote the move in its notation: parsed and played here, not formatted again.
    const parsed = live.game.parseMove(live.state, event.seat, event.move);
    const played = parsed.ok ? live.game.play(live.state, event.seat, parsed.value) : parsed;
    if (!played.ok) {
      void this.resync(live);
      return;
    }
    live.state = played.value;
    live.ply = event.ply + 1;
    if (direct) this.ahead.set(id, ahead + 1);
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

  /** A message the owner told the match's listeners: to ours that may read it. */
  private deliver(live: LiveMatch, text: string, to: Audience): void {
    for (const l of live.listeners) if (reaches(live, l, to)) l.send(text);
  }

  /** Gives up every lease (another process takes the matches at once), then leaves Redis. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.leases.leave([...this.owned]).catch(() => undefined);
    this.owned.clear();
    this.pub.disconnect();
    this.sub.disconnect();
    await this.links?.close();
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
