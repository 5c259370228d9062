import type { Logger } from 'pino';
import type { Outcome, Seat } from '@roundtable/core';
import type { LiveMatch } from '../live-match.ts';
import type { Adoption, Cluster } from '../match/cluster.ts';
import type { MatchMemory } from '../match/memory.ts';
import { passing, type OwnerWrites } from '../match/writes.ts';
import type { SeatRow, Store, StoredClock } from '../storage/store.ts';
import { isFischer } from './fischer.ts';
import { atLeast, credit, fromStored, sameTiming, settle, toStored, type Timing } from './timing.ts';

/** What the keeper tells the match service once a change of the clock is stored and kept. */
export interface ClockHost {
  /** Only the clock changed (time given back, a deadline armed): the listeners see the new deadline. */
  clockChanged(live: LiveMatch): void;
  /** A seat's time ran out, and what followed is stored: seats handed to a bot, or the match ended on time. */
  flagged(live: LiveMatch, ended: boolean): void;
  /**
   * Seats among `late` whose clock is stopped (vacation/): such a seat is not flagged, and its clock runs again at
   * the pause's end with what it had left when the pause began (at most a whole move). Per-move clocks only.
   */
  pauses?(live: LiveMatch, late: readonly Seat[]): Promise<ReadonlyMap<Seat, Pause>>;
  /** The level of a bot that holds late seats for their person (absence/), or null: the match's own rule. */
  holder?(live: LiveMatch, late: readonly Seat[]): Promise<string | null>;
}

/** A stop of a seat's clock, from `since` to `until` (epoch ms). */
export interface Pause {
  readonly since: number;
  readonly until: number;
}

/** Time owed to a match's running clock, given back with the next write of its clock. */
interface Owed {
  /** Time no process could accept a move (ms). */
  creditMs: number;
  /** The seats to move have at least the resume grace from then (a takeover, a restart), or null. */
  floorAt: number | null;
}

/** Retries of a clock that could not act (an outage, a lapsed lease): from this, doubling, up to the maximum. */
const RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/**
 * The clocks of the matches this process owns: a timer per match at its deadline, which hands late seats to a
 * bot or ends the match on time; the deadline index (storage) for matches out of memory; and the time given back
 * after a fault. Nothing flags while a fault may keep a seat from moving (the database or Redis away, the lease
 * unsure): it waits, and the time is given back when the fault ends.
 */
export class ClockKeeper {
  private readonly owed = new WeakMap<LiveMatch, Owed>();
  private readonly retries = new WeakMap<LiveMatch, number>();
  private readonly poller: NodeJS.Timeout;
  private polling = false;
  private closing = false;

  constructor(
    private readonly store: Store,
    private readonly memory: MatchMemory,
    private readonly cluster: Cluster,
    private readonly writes: OwnerWrites,
    private readonly log: Logger,
    private readonly host: ClockHost,
    /** When this process started: after a restart a seat to move has the resume grace from then. */
    private readonly startedAt: number,
    pollMs: number,
    /** Whether a match out of memory is this process's to flag (its shard's, with `serve --processes`). */
    private readonly mine: (id: string) => boolean,
  ) {
    this.poller = setInterval(() => void this.poll(), pollMs);
    this.poller.unref();
  }

  /**
   * A match read from storage (loaded, or read again): its clock as stored; owned here, the time lost if it
   * changed hands is owed to it (and at least the resume grace), and the clock starts once that is stored.
   */
  async resume(live: LiveMatch, stored: StoredClock, adoption: Adoption | null): Promise<void> {
    const clock = live.row.settings.clock;
    live.timing = fromStored(clock, stored, live.row.players, live.toMove(), live.status === 'active', live.isHuman);
    if (!clock || this.cluster.follows(live)) return this.disarm(live);
    if (adoption?.role === 'owner') {
      const owed = this.owedTo(live);
      if (adoption.takenOver) {
        owed.creditMs += adoption.takenOver.lostMs;
        owed.floorAt = Date.now();
      } else owed.floorAt ??= this.startedAt;
    }
    // Once the writes under way for the match are done (this may run within one of them).
    void this.settleNow(live);
  }

  /**
   * An outage ended (`ms` long) during which seats of the matches owned here could not move: each running clock
   * gets it back (stored before it counts).
   */
  credit(ms: number, why: string): void {
    if (ms <= 0) return;
    let n = 0;
    for (const live of this.memory.values()) {
      if (!live.row.settings.clock || live.status !== 'active' || this.cluster.follows(live)) continue;
      this.owedTo(live).creditMs += ms;
      n++;
      void this.settleNow(live);
    }
    if (n > 0) this.log.info({ ms, matches: n, why }, 'clocks: time lost to an outage given back');
  }

  /**
   * The clock of `live` with what it is owed, settled after a change to `next` (a move, a seat change, a start),
   * for the write that makes the change: `paid` once that write is stored. `afresh`: a per-move clock starts
   * again for the seats to move (a takeback).
   */
  after(
    live: LiveMatch,
    next: {
      readonly state: unknown;
      readonly ply: number;
      readonly active: boolean;
      readonly seats: readonly SeatRow[];
    },
    now: number,
    afresh = false,
  ): Timing {
    const clock = live.row.settings.clock;
    // No clock: nothing to settle (and the seats to move, which some games take long to tell, are not asked).
    if (!clock) return live.timing;
    const isHuman = (s: Seat): boolean => next.seats[s]?.kind === 'human';
    const owed = this.owed.get(live);
    let t = live.timing;
    if (owed) {
      t = credit(clock, t, owed.creditMs, now, isHuman);
      if (owed.floorAt !== null) t = atLeast(clock, t, owed.floorAt, isHuman);
    }
    if (afresh) t = { ...t, deadline: null, armedFor: [] };
    return settle(clock, t, next.active ? live.game.toMove(next.state) : [], next.ply, now, next.active, isHuman);
  }

  /** Whether time is owed to the match's clock (given back with its next write). */
  owes(live: LiveMatch): boolean {
    return this.owed.has(live);
  }

  /** A write carrying `after`'s clock was stored: what was owed is paid. */
  paid(live: LiveMatch): void {
    this.owed.delete(live);
  }

  /** (Re)starts the match's timer at its deadline, if it is owned here and a clock runs. */
  arm(live: LiveMatch): void {
    this.disarm(live);
    if (this.closing || live.status !== 'active' || live.timing.deadline === null) return;
    if (!this.memory.current(live) || this.cluster.follows(live)) return;
    const gen = live.generation;
    live.clockTimer = setTimeout(() => this.fire(live, gen), Math.max(0, live.timing.deadline - Date.now()));
    live.clockTimer.unref();
  }

  disarm(live: LiveMatch): void {
    if (live.clockTimer) clearTimeout(live.clockTimer);
    live.clockTimer = null;
  }

  private owedTo(live: LiveMatch): Owed {
    let owed = this.owed.get(live);
    if (!owed) this.owed.set(live, (owed = { creditMs: 0, floorAt: null }));
    return owed;
  }

  /** Stores the clock with what is owed, once every write before it is done, then keeps it and arms the timer. */
  private settleNow(live: LiveMatch): Promise<void> {
    return live
      .serial(async () => {
        if (!this.memory.current(live) || this.cluster.follows(live)) return;
        const next = this.after(
          live,
          { state: live.state, ply: live.ply, active: live.status === 'active', seats: live.seats },
          Date.now(),
        );
        if (!sameTiming(next, live.timing) || this.owed.has(live)) {
          await this.writes.commit(live, { match: live.id, clock: toStored(next) });
          live.timing = next;
          this.paid(live);
          this.host.clockChanged(live);
        }
        this.retries.delete(live);
        this.arm(live);
      })
      .catch((e: unknown) => this.later(live, e));
  }

  /** A clock that could not act now (an outage, a lapsed lease): tried again after a while, more slowly each time. */
  private later(live: LiveMatch, e: unknown): void {
    if (!passing(e) || this.closing || !this.memory.current(live)) return;
    const wait = Math.min(MAX_RETRY_MS, (this.retries.get(live) ?? RETRY_MS / 2) * 2);
    this.retries.set(live, wait);
    this.disarm(live);
    const gen = live.generation;
    live.clockTimer = setTimeout(() => this.fire(live, gen), wait);
    live.clockTimer.unref();
  }

  private fire(live: LiveMatch, gen: number): void {
    live.clockTimer = null;
    if (this.closing || live.generation !== gen || !this.memory.current(live) || this.cluster.follows(live)) return;
    void live
      .serial(() => this.runOut(live))
      .catch((e: unknown) => {
        if (!(e instanceof Waiting))
          this.log.warn({ err: (e as Error)?.message, match: live.id }, 'a clock could not act; trying again');
        this.later(live, e);
      });
  }

  /** The timer fired: time owed is given back first; if a human seat is still late, the clock acts. */
  private async runOut(live: LiveMatch): Promise<void> {
    if (!this.memory.current(live) || this.cluster.follows(live) || live.status !== 'active') return;
    // While a fault may keep a seat from moving, nobody is flagged: the time comes back when it ends.
    const fault = this.store.problem() ?? this.cluster.problems()[0] ?? (this.cluster.holds(live) ? null : 'lease');
    if (fault !== null) throw new Waiting(fault);
    const now = Date.now();
    if (this.owed.has(live)) {
      const next = this.after(live, { state: live.state, ply: live.ply, active: true, seats: live.seats }, now);
      await this.writes.commit(live, { match: live.id, clock: toStored(next) });
      live.timing = next;
      this.paid(live);
      this.host.clockChanged(live);
    }
    const deadline = live.timing.deadline;
    if (deadline === null || deadline > Date.now()) return this.arm(live);
    const late = live.game.toMove(live.state).filter((s) => live.seats[s]?.kind === 'human');
    if (late.length === 0) {
      // Only bots are to move (one may think longer than the move time): nobody is flagged; the clock starts
      // afresh rather than firing again at once, over and over, until the bot has moved.
      const next = settle(
        live.row.settings.clock,
        { ...live.timing, deadline: null, armedFor: [] },
        live.toMove(),
        live.ply,
        now,
        true,
        live.isHuman,
      );
      await this.writes.commit(live, { match: live.id, clock: toStored(next) });
      live.timing = next;
      this.host.clockChanged(live);
      return this.arm(live);
    }
    const clock = live.row.settings.clock;
    const paused = clock && !isFischer(clock) && this.host.pauses ? await this.host.pauses(live, late) : null;
    if (clock && paused && paused.size > 0) {
      // A stopped clock runs from the pause's end with what it had left when the pause began.
      const moveMs = clock.moveSeconds * 1000;
      const again = Math.max(
        ...[...paused.values()].map((p) => p.until + Math.min(moveMs, Math.max(0, deadline - p.since))),
      );
      const next = { ...live.timing, deadline: Math.max(again, now + 1) };
      await this.writes.commit(live, { match: live.id, clock: toStored(next) });
      live.timing = next;
      this.log.info({ match: live.id, seats: [...paused.keys()], deadline: next.deadline }, 'a stopped clock waits');
      this.host.clockChanged(live);
      return this.arm(live);
    }
    const held = await this.host.holder?.(live, late);
    const abandon = held ? { bot: held } : live.row.settings.abandon;
    if (abandon) {
      const seats = live.seats.map((s) =>
        late.includes(s.seat) ? { ...s, kind: 'bot' as const, level: abandon.bot } : s,
      );
      const isHuman = (s: Seat): boolean => seats[s]?.kind === 'human';
      const owed = this.after(live, { state: live.state, ply: live.ply, active: true, seats }, now);
      // The bots' move time starts now (a Fischer clock's bots never flag).
      const fresh = settle(
        live.row.settings.clock,
        { ...owed, deadline: null, armedFor: [] },
        live.toMove(),
        live.ply,
        now,
        true,
        isHuman,
      );
      await this.writes.commit(live, {
        match: live.id,
        seats: seats.filter((s) => late.includes(s.seat)),
        clock: toStored(fresh),
      });
      seats.forEach((s, i) => (live.seats[i] = s));
      live.timing = fresh;
      this.paid(live);
      this.log.info({ match: live.id, seats: late, deadline }, 'seats timed out: bots take over');
      this.host.flagged(live, false);
    } else {
      const outcome: Outcome = {
        winners: live.seats.map((s) => s.seat).filter((s) => !late.includes(s)),
        draw: false,
        reason: 'timeout',
      };
      const next = this.after(live, { state: live.state, ply: live.ply, active: false, seats: live.seats }, now);
      await this.writes.commit(live, {
        match: live.id,
        status: { status: 'abandoned', outcome },
        clock: toStored(next),
      });
      live.status = 'abandoned';
      live.outcome = outcome;
      live.timing = next;
      this.paid(live);
      this.log.info({ match: live.id, seats: late, deadline }, 'seats timed out: match abandoned');
      this.host.flagged(live, true);
    }
    this.arm(live);
  }

  /**
   * Clocks of matches that are not in memory: the deadline index says which ran out; each is loaded (its own
   * timer then fires at once, as it would have) and leaves memory again once nothing needs it.
   */
  private async poll(): Promise<void> {
    if (this.polling || this.closing) return;
    this.polling = true;
    try {
      const due = await this.store.dueDeadlines(Date.now(), 100);
      for (const { id } of due) {
        if (this.closing) break;
        if (this.memory.has(id) || !this.mine(id)) continue;
        const opened = await this.memory.open(id);
        if (!opened.ok)
          this.log.warn({ match: id, error: opened.error }, 'a clock ran out but the match could not be loaded');
      }
    } catch (e) {
      this.log.warn({ err: (e as Error)?.message }, 'could not read the deadline index');
    } finally {
      this.polling = false;
    }
  }

  close(): void {
    this.closing = true;
    clearInterval(this.poller);
    for (const live of this.memory.values()) this.disarm(live);
  }
}

/** A clock waits out a fault (the message says which). */
class Waiting extends Error {}
