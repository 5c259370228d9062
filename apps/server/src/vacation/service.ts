import type { Logger } from 'pino';
import { err, ok, type Lang, type Result, type Seat } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import type { AccountStore } from '../accounts/store.ts';
import type { Pause } from '../clocks/keeper.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import { usedDays, yearStart } from './allowance.ts';
import { endOf, type VacationRow, type VacationStore } from './store.ts';

export interface VacationOptions {
  /** Days of vacation each account has per calendar year (UTC); 0: no vacations on this server. */
  readonly allowanceDays: number;
  /** A day as the allowance counts it (tests pass a shorter one). */
  readonly dayMs: number;
  /** A per-move clock of at least this many seconds is a correspondence clock, the only kind a vacation stops. */
  readonly minMoveSeconds: number;
  /** How often ended vacations are looked for, to tell the opponents (ms). */
  readonly checkMs: number;
}

/** An account's vacations as its page shows them. */
export interface VacationInfo {
  readonly allowanceDays: number;
  readonly usedDays: number;
  readonly leftDays: number;
  /** When this allowance's year began (epoch ms, 1 January 00:00 UTC). */
  readonly yearFrom: number;
  readonly current: { readonly since: number; readonly until: number } | null;
}

/** Tells the other players of a match (`seats`) that the player of seat `by` is back (push). */
export type BackTeller = (live: LiveMatch, by: Seat, seats: readonly Seat[]) => void;

/**
 * Vacations: an account stops the clocks of its correspondence matches for a while, within a yearly allowance.
 * The clock keeper asks `pauses` before it flags a seat (no match is lost on time during a vacation); the
 * deadlines of the seats on the clock are moved when a vacation begins and when it ends early, so a seat comes
 * back with the time it had left. A vacation ends by itself when its days are used; then the opponents are told.
 * With several processes, the deadlines are moved on each match's owner (MatchService.moveDeadline forwards the
 * change there, an owner call): the keeper's check alone would find the vacation in the shared store at the
 * deadline, but the opponents would see the old deadline meanwhile, and an early end could not bring it nearer.
 */
export class Vacations {
  private readonly timer: NodeJS.Timeout;
  private checking = false;
  tellBack: BackTeller = () => undefined;

  constructor(
    private readonly store: VacationStore,
    private readonly accounts: AccountStore,
    private readonly service: MatchService,
    private readonly log: Logger,
    readonly options: VacationOptions,
  ) {
    this.timer = setInterval(() => void this.check(), options.checkMs);
    this.timer.unref();
  }

  async info(accountId: string, now = Date.now()): Promise<VacationInfo> {
    const from = yearStart(now);
    const taken = await this.store.since(accountId, from);
    const used = Math.min(this.options.allowanceDays, usedDays(taken, this.options.dayMs));
    const current = taken.find((v) => v.startedAt <= now && endOf(v) > now) ?? null;
    return {
      allowanceDays: this.options.allowanceDays,
      usedDays: used,
      leftDays: this.options.allowanceDays - used,
      yearFrom: from,
      current: current ? { since: current.startedAt, until: current.untilAt } : null,
    };
  }

  /** Starts a vacation of `days` (by default every day left this year). */
  async start(accountId: string, days: number | undefined, now = Date.now()): Promise<Result<VacationInfo>> {
    const info = await this.info(accountId, now);
    if (info.current) return err({ code: 'ON_VACATION' });
    if (info.leftDays <= 0) return err({ code: 'VACATION_USED_UP', allowance: info.allowanceDays });
    const length = days ?? info.leftDays;
    if (length > info.leftDays) return err({ code: 'VACATION_TOO_LONG', days: length, left: info.leftDays });
    const row: VacationRow = {
      accountId,
      startedAt: now,
      untilAt: now + length * this.options.dayMs,
      endedAt: null,
      toldAt: null,
    };
    await this.store.add(row);
    // Each seat on the clock keeps what it had left, counted from the vacation's end.
    await this.eachSeat(accountId, async (live, _seat, moveMs, deadline) => {
      const left = Math.min(moveMs, Math.max(0, deadline - now));
      return this.service.moveDeadline(live, row.untilAt + left);
    });
    this.log.info({ account: accountId, until: row.untilAt }, 'a vacation began');
    return ok(await this.info(accountId, now));
  }

  /** Ends the account's vacation now: its clocks run again with the time each seat had left. */
  async end(accountId: string, now = Date.now()): Promise<Result<VacationInfo>> {
    const current = await this.store.current(accountId, now);
    if (!current) return err({ code: 'NOT_ON_VACATION' });
    await this.store.end(accountId, current.startedAt, now);
    const early = current.untilAt - now;
    await this.eachSeat(accountId, async (live, _seat, moveMs, deadline) => {
      // Moved past the planned end (at the start, or by the keeper): as much sooner. A turn that came during the
      // vacation and has not run out yet: a whole move from now.
      if (deadline > current.untilAt) return this.service.moveDeadline(live, deadline - early);
      if (deadline - moveMs >= current.startedAt) return this.service.moveDeadline(live, now + moveMs);
    });
    this.log.info({ account: accountId }, 'a vacation ended early');
    void this.check();
    return ok(await this.info(accountId, now));
  }

  /** For the clock keeper: the late seats whose account is on vacation, in a correspondence match. */
  async pauses(live: LiveMatch, late: readonly Seat[]): Promise<ReadonlyMap<Seat, Pause>> {
    const found = new Map<Seat, Pause>();
    if (!this.correspondence(live)) return found;
    const now = Date.now();
    const holders = await this.accounts.matchSeats(live.id);
    for (const seat of late) {
      const account = holders.find((h) => h.seat === seat)?.accountId;
      const v = account ? await this.store.current(account, now) : null;
      if (v) found.set(seat, { since: v.startedAt, until: v.untilAt });
    }
    return found;
  }

  /** The seats of a match whose player is on vacation now, with its planned end (shown to the table). */
  async away(matchId: string, now = Date.now()): Promise<{ seat: Seat; until: number }[]> {
    const out: { seat: Seat; until: number }[] = [];
    for (const h of await this.accounts.matchSeats(matchId)) {
      const v = await this.store.current(h.accountId, now);
      if (v) out.push({ seat: h.seat, until: v.untilAt });
    }
    return out;
  }

  private correspondence(live: LiveMatch): boolean {
    const clock = live.row.settings.clock;
    return clock !== null && !('baseSeconds' in clock) && clock.moveSeconds >= this.options.minMoveSeconds;
  }

  /** Runs `f` for each seat of the account on a running correspondence clock (its move time, its deadline). */
  private async eachSeat(
    accountId: string,
    f: (live: LiveMatch, seat: Seat, moveMs: number, deadline: number) => Promise<Result<void> | void>,
  ): Promise<void> {
    for (const { live, seat } of await this.matchesOf(accountId)) {
      const deadline = live.timing.deadline;
      const clock = live.row.settings.clock;
      if (!clock || deadline === null || !this.correspondence(live) || live.seats[seat]?.kind !== 'human') continue;
      if (!live.toMove().includes(seat)) continue;
      // A match another process owns: `moveDeadline` forwards the change there. Should it fail (no owner within
      // the forwarding time), the keeper still finds the vacation in the shared store at the deadline and stops the
      // clock then: no one loses on time during a vacation, only the shown deadline lags.
      const moved = await f(live, seat, clock.moveSeconds * 1000, deadline).catch((e: unknown) => {
        this.log.warn({ err: (e as Error)?.message, match: live.id }, 'vacation: a clock could not be moved');
      });
      if (moved && !moved.ok)
        this.log.warn({ error: moved.error.code, match: live.id }, 'vacation: a clock could not be moved');
    }
  }

  private async matchesOf(accountId: string): Promise<{ live: LiveMatch; seat: Seat }[]> {
    const out: { live: LiveMatch; seat: Seat }[] = [];
    for (const { matchId, seat } of await this.accounts.seats(accountId, 500)) {
      const summary = await this.service.summary(matchId);
      if (summary?.status !== 'active') continue;
      const live = await this.service.get(matchId);
      if (live && live.status === 'active') out.push({ live, seat });
    }
    return out;
  }

  /**
   * For the digest: the account's opponents in matches in play whose vacation ended between `since` and `now`,
   * each once per match.
   */
  async backSince(
    accountId: string,
    since: number,
    now: number,
    lang: Lang,
  ): Promise<{ name: string; game: string; matchId: string }[]> {
    const out: { name: string; game: string; matchId: string }[] = [];
    for (const { matchId, seat } of await this.accounts.seats(accountId, 500)) {
      const summary = await this.service.summary(matchId);
      if (summary?.status !== 'active') continue;
      for (const h of await this.accounts.matchSeats(matchId)) {
        if (h.seat === seat || h.accountId === accountId) continue;
        const taken = await this.store.since(h.accountId, since - 366 * this.options.dayMs);
        if (!taken.some((v) => endOf(v) > since && endOf(v) <= now)) continue;
        out.push({
          name: summary.seats[h.seat]?.name ?? `#${h.seat + 1}`,
          game: gameById(summary.game)?.name[lang] ?? summary.game,
          matchId,
        });
      }
    }
    return out;
  }

  /** Vacations over and not told yet: the other players of each of the account's matches in play are told. */
  async check(now = Date.now()): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      for (const v of await this.store.untold(now, 50)) {
        if (!(await this.store.told(v.accountId, v.startedAt, now))) continue;
        for (const { live, seat } of await this.matchesOf(v.accountId)) {
          const others = live.seats.filter((s) => s.kind === 'human' && s.seat !== seat).map((s) => s.seat);
          if (others.length > 0) this.tellBack(live, seat, others);
        }
      }
    } catch (e) {
      this.log.warn({ err: (e as Error)?.message }, 'vacation: could not tell who is back');
    } finally {
      this.checking = false;
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
