import type { Seat } from '@roundtable/core';
import type { ClockRequest } from '@roundtable/protocol';
import type { StoredClock } from '../storage/store.ts';
import { banksDeadline, freshBanks, isFischer, settleBanks, type ClockState } from './fischer.ts';

/**
 * A match's clock as a value: the deadline of the seats to move and, with a Fischer clock, the banks. Every
 * change is computed as a new value, stored with the write that causes it, and kept in memory only once stored.
 *
 * The rule of fairness (PROTOCOL.md, "Clocks through faults"): a seat is charged only the time during which some
 * process could accept its move. Time lost to a fault (a takeover, a database or Redis outage) is given back
 * (`credit`), and a seat to move when its match changes hands has at least `RESUME_GRACE_MS` (or its whole move
 * time if shorter) to come back and play (`atLeast`).
 */
export interface Timing {
  /** When the first human seat to move runs out of time (epoch ms), or null when no clock runs. */
  readonly deadline: number | null;
  /** Per-move clocks: the seats the deadline was armed for (an answer in a response window does not re-arm it). */
  readonly armedFor: readonly Seat[];
  /** Fischer clocks: the banks (null for a per-move clock or none). */
  readonly banks: ClockState | null;
}

/** After a restart or a takeover, a seat to move has at least this long (or its whole move time if shorter). */
export const RESUME_GRACE_MS = 30_000;

export const NO_CLOCK: Timing = { deadline: null, armedFor: [], banks: null };

/** What a match starts with: nothing runs before its start, a Fischer clock's banks full. */
export function initialTiming(clock: ClockRequest | null, players: number): Timing {
  return isFischer(clock) ? { ...NO_CLOCK, banks: freshBanks(players, clock) } : NO_CLOCK;
}

/** The time a seat has for one move (ms): the per-move time, or a Fischer clock's base. */
function moveMs(clock: ClockRequest): number {
  return clock.moveSeconds * 1000;
}

/**
 * The clock after a committed change: `toMove` are to move after `ply` moves (`active`: the match is played).
 * Per-move: re-armed when seats that were not already on the clock come to move. In a response window the answers
 * only shrink `toMove`, so the deadline does not move and tells nobody who answered. Fischer: the banks of the
 * seats that were to move are charged and credited their increment; a bot's bank runs but never flags.
 */
export function settle(
  clock: ClockRequest | null,
  t: Timing,
  toMove: readonly Seat[],
  ply: number,
  now: number,
  active: boolean,
  isHuman: (seat: Seat) => boolean,
): Timing {
  if (!clock || !active)
    return t.deadline === null && t.armedFor.length === 0 ? t : { ...t, deadline: null, armedFor: [] };
  if (isFischer(clock)) {
    // (A Fischer match always has its banks: initialTiming, fromStored.)
    if (!t.banks) return t;
    const banks = settleBanks(t.banks, clock, now, ply, toMove);
    return { deadline: banksDeadline(banks, isHuman), armedFor: [], banks };
  }
  const fresh = toMove.some((s) => !t.armedFor.includes(s));
  if (!fresh && t.deadline !== null) return { ...t, armedFor: [...toMove] };
  return { deadline: now + moveMs(clock), armedFor: [...toMove], banks: null };
}

/**
 * Gives back `ms` of time no process could accept a move (up to `now`) to the seats whose clock runs; a seat whose
 * turn began during that time gets back only what it lost. Never more than a whole move (per-move clocks).
 */
export function credit(
  clock: ClockRequest | null,
  t: Timing,
  ms: number,
  now: number,
  isHuman: (seat: Seat) => boolean,
): Timing {
  if (!clock || ms <= 0) return t;
  if (isFischer(clock)) {
    const banks = t.banks;
    if (!banks || banks.since === null) return t;
    const since = banks.since + Math.max(0, Math.min(ms, now - banks.since));
    const next = { ...banks, since };
    return { ...t, banks: next, deadline: banksDeadline(next, isHuman) };
  }
  if (t.deadline === null) return t;
  return { ...t, deadline: Math.max(t.deadline, Math.min(t.deadline + ms, now + moveMs(clock))) };
}

/** Every running seat has at least `RESUME_GRACE_MS` (or its whole move time if shorter) from `at`. */
export function atLeast(clock: ClockRequest | null, t: Timing, at: number, isHuman: (seat: Seat) => boolean): Timing {
  if (!clock || t.deadline === null) return t;
  const floor = at + Math.min(moveMs(clock), RESUME_GRACE_MS);
  if (isFischer(clock)) {
    const banks = t.banks;
    if (!banks || banks.since === null) return t;
    const since = banks.since;
    const lifted = banks.banks.map((b, seat) => (banks.running.includes(seat) ? Math.max(b, floor - since) : b));
    const next = { ...banks, banks: lifted };
    return { ...t, banks: next, deadline: banksDeadline(next, isHuman) };
  }
  return { ...t, deadline: Math.max(t.deadline, floor) };
}

/** As stored with a write. */
export function toStored(t: Timing): StoredClock {
  return { deadline: t.deadline, banks: t.banks };
}

/** From storage: the stored deadline and banks; a per-move clock is taken as armed for the seats to move now. */
export function fromStored(
  clock: ClockRequest | null,
  stored: StoredClock,
  players: number,
  toMove: readonly Seat[],
  active: boolean,
  isHuman: (seat: Seat) => boolean,
): Timing {
  if (!clock || !active) return initialTiming(clock, players);
  if (isFischer(clock)) {
    const banks = stored.banks && stored.banks.banks.length === players ? stored.banks : freshBanks(players, clock);
    return { deadline: banksDeadline(banks, isHuman), armedFor: [], banks };
  }
  return { deadline: stored.deadline, armedFor: stored.deadline === null ? [] : [...toMove], banks: null };
}

export function sameTiming(a: Timing, b: Timing): boolean {
  return a.deadline === b.deadline && JSON.stringify(a.banks) === JSON.stringify(b.banks);
}
