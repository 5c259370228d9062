import type { Logger } from 'pino';
import { err, ok, type Result } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import type { Limits } from '../config.ts';
import { LiveMatch } from '../live-match.ts';
import { encode } from '../outgoing.ts';
import type { Store, StoredClock, StoredMatch } from '../storage/store.ts';
import type { Adoption, Cluster } from './cluster.ts';
import { rebuild } from './rebuild.ts';

/** What the match service does when a match is read from storage, and when it leaves memory. */
export interface MemoryHooks {
  /**
   * The match was read from storage: loaded (and adopted: `adoption`), or read again in place (`adoption` null, or
   * the adoption of a takeover). Its clock and bots may start if it is owned here. Called within the match's
   * `serial` when read again: it must not wait for another write of the match.
   */
  ready(live: LiveMatch, clock: StoredClock, adoption: Adoption | null): Promise<void>;
  /** The match leaves memory (idle, or room was needed): `snapshot` when it is worth one. */
  leaving(live: LiveMatch, snapshot: boolean): void;
}

/**
 * The matches in memory: each loaded on demand (one load at a time per match), adopted by the cluster (owned here
 * or followed), and unloaded once nobody needs it for `idleMs`, or sooner when the cap is reached.
 */
export class MatchMemory {
  private readonly live = new Map<string, LiveMatch>();
  private readonly loading = new Map<string, Promise<LiveMatch | null>>();

  constructor(
    private readonly store: Store,
    private readonly cluster: Cluster,
    private readonly log: Logger,
    private readonly options: { readonly idleMs: number; readonly limits: Limits },
    private readonly hooks: MemoryHooks,
  ) {}

  get size(): number {
    return this.live.size;
  }

  values(): IterableIterator<LiveMatch> {
    return this.live.values();
  }

  peek(id: string): LiveMatch | undefined {
    return this.live.get(id);
  }

  has(id: string): boolean {
    return this.live.has(id) || this.loading.has(id);
  }

  /** Whether `live` is the match in memory for its id (not a copy dropped since). */
  current(live: LiveMatch): boolean {
    return this.live.get(live.id) === live;
  }

  /** A match just created here: adopted, then in memory. */
  async admit(live: LiveMatch): Promise<void> {
    const adoption = await this.cluster.adopt(live);
    this.live.set(live.id, live);
    await this.hooks.ready(live, { deadline: null, banks: null }, adoption);
  }

  /** The match in memory (loaded if need be), or why it cannot be: NO_SUCH_MATCH, or SERVER_BUSY at the cap. */
  async open(id: string): Promise<Result<LiveMatch>> {
    if (!this.has(id) && !this.makeRoom()) return err({ code: 'SERVER_BUSY', max: this.options.limits.liveMatches });
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

  /** Reads a stored match: its game and current state, or null (none, or it does not replay: logged). */
  private async read(id: string): Promise<{ stored: StoredMatch; state: unknown } | null> {
    const stored = await this.store.loadMatch(id);
    if (!stored) return null;
    const game = gameById(stored.match.game);
    if (!game) {
      this.log.error({ match: id, game: stored.match.game }, 'stored match of a game this server does not have');
      return null;
    }
    const state = rebuild(game, stored, () =>
      this.log.warn({ match: id }, 'snapshot unusable; replaying from the start'),
    );
    if (!state.ok) {
      this.log.error({ match: id, error: state.error }, 'stored match does not replay');
      return null;
    }
    return { stored, state: state.value };
  }

  private async load(id: string): Promise<LiveMatch | null> {
    const t0 = Date.now();
    const read = await this.read(id);
    if (!read) return null;
    const t1 = Date.now();
    const { stored, state } = read;
    const game = gameById(stored.match.game)!;
    const live = new LiveMatch(
      game,
      stored.match,
      stored.seats.map((s) => ({ ...s })),
      state,
      stored.moves.length,
      stored.match.status,
      stored.match.outcome,
    );
    const adoption = await this.cluster.adopt(live);
    const t2 = Date.now();
    this.live.set(id, live);
    let clock = stored.clock;
    if (adoption.role === 'owner' && adoption.readAgain) {
      // Claimed after it was read: its previous owner may have stored more in between.
      const again = await this.read(id);
      if (again && this.current(live)) {
        this.apply(live, again.stored, again.state);
        clock = again.stored.clock;
      }
    }
    const t3 = Date.now();
    await this.hooks.ready(live, clock, adoption);
    const t4 = Date.now();
    if (t4 - t0 > 2000)
      this.log.warn(
        { match: id, readMs: t1 - t0, adoptMs: t2 - t1, readAgainMs: t3 - t2, readyMs: t4 - t3, role: adoption.role },
        'slow load',
      );
    return live;
  }

  private apply(live: LiveMatch, stored: StoredMatch, state: unknown): void {
    live.state = state;
    live.ply = stored.moves.length;
    live.status = stored.match.status;
    live.outcome = stored.match.outcome;
    stored.seats.forEach((s, i) => (live.seats[i] = { ...s }));
    live.generation++;
  }

  /**
   * Reads a match in memory again from storage, in place, so its listeners keep it (after a takeover: `adoption`,
   * an update that was missed, or a move refused because storage was ahead), then tells its listeners and lets it
   * run.
   */
  resync(live: LiveMatch, adoption: Adoption | null = null): Promise<boolean> {
    // After the writes under way for the match: a move stored meanwhile is in what is read, and none is stored on
    // the copy as it was before.
    return live.serial(async () => {
      const read = await this.read(live.id);
      if (!read || !this.current(live)) return false;
      this.apply(live, read.stored, read.state);
      await this.hooks.ready(live, read.stored.clock, adoption);
      live.broadcastSeats();
      live.broadcast(null);
      return true;
    });
  }

  unload(live: LiveMatch, snapshot: boolean): void {
    if (!this.current(live)) return;
    this.live.delete(live.id);
    this.hooks.leaving(live, snapshot);
    this.cluster.unloaded(live);
    if (live.clockTimer) clearTimeout(live.clockTimer);
    live.clockTimer = null;
    const detached = encode({ t: 'detached' });
    for (const l of live.listeners) l.send(detached);
    live.listeners.clear();
  }

  sweep(): void {
    const now = Date.now();
    for (const live of this.live.values()) {
      if (!live.busy() && now - live.lastActivity > this.options.idleMs) this.unload(live, true);
    }
  }

  /**
   * Room for one more match in memory: true below the cap; at the cap, the longest-idle matches nobody needs
   * now leave memory first (whatever their idle time); false if every match in memory is in use.
   */
  makeRoom(): boolean {
    const max = this.options.limits.liveMatches;
    if (this.live.size + this.loading.size < max) return true;
    const idle = [...this.live.values()].filter((l) => !l.busy()).sort((a, b) => a.lastActivity - b.lastActivity);
    for (const live of idle) {
      if (this.live.size + this.loading.size < max) break;
      this.unload(live, true);
    }
    return this.live.size + this.loading.size < max;
  }
}
