import { err, ok, type Result, type Seat } from '@roundtable/core';
import type { ClockRequest } from '@roundtable/protocol';
import { banksDeadline, isFischer } from './fischer.ts';
import type { Timing } from './timing.ts';

/**
 * A seat berserks (arena, lichess's rule): what is left of its bank is halved and it gets no increment from then on
 * (fischer.ts `settleBanks` reads `berserk`). Only a Fischer clock has a bank to halve: a per-move or
 * correspondence clock refuses. A value in, a value out: the match's owner stores it before keeping it.
 */
export function berserkTiming(
  clock: ClockRequest | null,
  t: Timing,
  seat: Seat,
  now: number,
  isHuman: (seat: Seat) => boolean,
): Result<Timing> {
  if (!isFischer(clock) || !t.banks) return err({ code: 'BERSERK_NO_CLOCK' });
  const b = t.banks;
  if (b.berserk?.includes(seat)) return err({ code: 'BERSERK_ALREADY' });
  const bank = b.banks[seat];
  if (bank === undefined) return err({ code: 'BAD_SEAT', seat });
  // A running bank is charged from `since`: halve what is left now, keep what was already spent.
  const spent = b.since !== null && b.running.includes(seat) ? Math.max(0, now - b.since) : 0;
  const left = Math.max(0, bank - spent);
  const banks = b.banks.map((x, i) => (i === seat ? spent + Math.floor(left / 2) : x));
  const next = { ...b, banks, berserk: [...(b.berserk ?? []), seat] };
  return ok({ ...t, banks: next, deadline: banksDeadline(next, isHuman) });
}
