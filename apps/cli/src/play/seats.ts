import { err, ok, type Result } from '@roundtable/core';
import { LEVEL_NAMES, resolveLevel } from '../levels.ts';

/** Who sits at a seat: a person at this terminal, or a bot of some level. */
export type SeatKind = { readonly kind: 'human' } | { readonly kind: 'bot'; readonly level: string };

export const HUMAN: SeatKind = { kind: 'human' };

/** Reads `human`, a level (`greedy`), `bot-<level>` or `bot` (the default level). */
export function parseSeatKind(text: string, defaultLevel: string): Result<SeatKind> {
  const word = text.trim().toLowerCase();
  if (word === 'human' || word === 'h') return ok(HUMAN);
  const level = word === 'bot' ? defaultLevel : word.startsWith('bot-') ? word.slice(4) : word;
  if (resolveLevel(level)) return ok({ kind: 'bot', level });
  return err({
    code: 'BAD_SEAT_KIND',
    text,
    known: ['human', ...LEVEL_NAMES, 'bot', ...LEVEL_NAMES.map((l) => `bot-${l}`)],
  });
}

export function seatKindLabel(kind: SeatKind): string {
  return kind.kind === 'human' ? 'human' : `bot (${kind.level})`;
}
