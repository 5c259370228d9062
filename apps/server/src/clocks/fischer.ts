import type { Seat } from '@roundtable/core';

/** A Fischer clock as chosen at creation: a bank of `baseSeconds` per seat, `incrementSeconds` added per move. */
export interface FischerSettings {
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
}

/** What is stored, and sent to tables: each seat's bank (ms) as of `since`, and the seats whose bank runs. */
export interface ClockState {
  readonly banks: readonly number[];
  readonly running: readonly Seat[];
  /** When the running banks started running (epoch ms); null before the start. */
  readonly since: number | null;
  /** The ply the clock was last settled at: a second settlement at the same ply changes nothing. */
  readonly ply: number;
}

export function isFischer(clock: unknown): clock is FischerSettings {
  return typeof clock === 'object' && clock !== null && 'incrementSeconds' in clock && 'baseSeconds' in clock;
}

/**
 * One bank per seat that runs only while that seat is to move. After each move the seats that were to move are
 * charged the time since they started and credited the increment; the seats now to move start. The match's
 * deadline is when the first human bank to run out does. [decision] Offered in games without secrets only: with
 * several seats in a response window, the deadline moving when one answers would tell the others who did.
 */
export class FischerClock {
  private banks: number[];
  private running: Seat[] = [];
  private since: number | null = null;
  private ply = -1;

  constructor(
    players: number,
    private readonly settings: FischerSettings,
  ) {
    this.banks = Array.from({ length: players }, () => settings.baseSeconds * 1000);
  }

  restore(saved: ClockState): void {
    if (saved.banks.length !== this.banks.length) return;
    this.banks = [...saved.banks];
    this.running = [...saved.running];
    this.since = saved.since;
    this.ply = saved.ply;
  }

  /** Settles the clock after `ply` moves with `toMove` to move; false when it was already settled there. */
  settle(now: number, ply: number, toMove: readonly Seat[]): boolean {
    if (ply === this.ply) return false;
    if (this.since !== null) {
      for (const seat of this.running) {
        const left = (this.banks[seat] ?? 0) - (now - this.since);
        this.banks[seat] = left + (ply > this.ply ? this.settings.incrementSeconds * 1000 : 0);
      }
    }
    this.running = [...toMove];
    this.since = now;
    this.ply = ply;
    return true;
  }

  /** When the first running bank of a seat `counts` runs out, or null when none runs. */
  deadline(counts: (seat: Seat) => boolean): number | null {
    if (this.since === null) return null;
    const banks = this.running.filter(counts).map((s) => this.banks[s] ?? 0);
    return banks.length === 0 ? null : this.since + Math.min(...banks);
  }

  state(): ClockState {
    return { banks: [...this.banks], running: [...this.running], since: this.since, ply: this.ply };
  }
}
