import { isFischer } from '../clocks/fischer.ts';
import type { CreateEventParsed } from '@roundtable/protocol';

/**
 * Whether an event's players may berserk: an arena with a Fischer clock (a bank to halve), unless the organiser
 * turned it off. [decision] A per-move or correspondence clock has no bank: berserk is off there, and asking for it
 * is refused at creation (`berserkRefused`).
 */
export function berserkAllowed(spec: CreateEventParsed): boolean {
  return spec.kind === 'arena' && isFischer(spec.clock) && spec.berserk !== false;
}

/** Why the organiser may not ask for berserk with these settings, or null. */
export function berserkRefused(spec: CreateEventParsed): { code: string; kind: string } | null {
  if (spec.berserk !== true || berserkAllowed(spec)) return null;
  return { code: 'EVENT_BERSERK_CLOCK', kind: spec.kind };
}
