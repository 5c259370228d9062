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
  /** Seats that berserked (arena: half their bank, no increment from then on); absent when none did. */
  readonly berserk?: readonly Seat[];
}

export function isFischer(clock: unknown): clock is FischerSettings {
  return typeof clock === 'object' && clock !== null && 'incrementSeconds' in clock && 'baseSeconds' in clock;
}

/*
 * One bank per seat that runs only while that seat is to move. After each move the seats that were to move are
 * charged the time since they started and credited the increment; the seats now to move start. The match's
 * deadline is when the first human bank to run out does. [decision] Offered in games without secrets only: with
 * several seats in a response window, the deadline moving when one answers would tell the others who did.
 * Values, not objects: a new state is computed, stored, and only then kept (timing.ts).
 */

/** Every seat's full bank, nobody running yet. */
export function freshBanks(players: number, settings: FischerSettings): ClockState {
  return {
    banks: Array.from({ length: players }, () => settings.baseSeconds * 1000),
    running: [],
    since: null,
    ply: -1,
  };
}

/** The clock settled after `ply` moves with `toMove` to move (unchanged when it was already settled there). */
export function settleBanks(
  state: ClockState,
  settings: FischerSettings,
  now: number,
  ply: number,
  toMove: readonly Seat[],
): ClockState {
  if (ply === state.ply) return state;
  const banks = [...state.banks];
  if (state.since !== null) {
    for (const seat of state.running) {
      const left = (banks[seat] ?? 0) - (now - state.since);
      const increment = state.berserk?.includes(seat) ? 0 : settings.incrementSeconds * 1000;
      banks[seat] = left + (ply > state.ply ? increment : 0);
    }
  }
  return { banks, running: [...toMove], since: now, ply, ...(state.berserk ? { berserk: state.berserk } : {}) };
}

/** When the first running bank of a seat that `counts` runs out, or null when none runs. */
export function banksDeadline(state: ClockState, counts: (seat: Seat) => boolean): number | null {
  if (state.since === null) return null;
  const banks = state.running.filter(counts).map((s) => state.banks[s] ?? 0);
  return banks.length === 0 ? null : state.since + Math.min(...banks);
}

/** Banks as stored (JSON), or null when absent or unreadable (the clock then starts afresh). */
export function parseClockState(text: string | null): ClockState | null {
  if (text === null) return null;
  try {
    const c = JSON.parse(text) as Partial<ClockState>;
    const numbers = (a: unknown): a is number[] => Array.isArray(a) && a.every((x) => Number.isFinite(x));
    if (!numbers(c.banks) || !numbers(c.running) || typeof c.ply !== 'number') return null;
    if (c.since !== null && typeof c.since !== 'number') return null;
    const berserk = numbers(c.berserk) ? { berserk: c.berserk } : {};
    return { banks: c.banks, running: c.running, since: c.since ?? null, ply: c.ply, ...berserk };
  } catch {
    return null;
  }
}
