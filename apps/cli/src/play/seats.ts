import { err, ok, type Result } from '@roundtable/core';
import { LEVEL_NAMES, levelFor, levelsFor } from '../levels.ts';

/** Who sits at a seat: a person at this terminal, or a bot of some level. */
export type SeatKind = { readonly kind: 'human' } | { readonly kind: 'bot'; readonly level: string };

export const HUMAN: SeatKind = { kind: 'human' };

/**
 * Reads `human`, a level (`greedy`), `bot-<level>` or `bot` (the default level), for a seat of `gameId`: a level
 * another game has but this one does not (`book` without a book) is refused as such (`BAD_LEVEL`), any other word
 * with the answers this game takes (`BAD_SEAT_KIND`).
 */
export function parseSeatKind(text: string, defaultLevel: string, gameId: string): Result<SeatKind> {
  const word = text.trim().toLowerCase();
  if (word === 'human' || word === 'h') return ok(HUMAN);
  const level = word === 'bot' ? defaultLevel : word.startsWith('bot-') ? word.slice(4) : word;
  const bot = levelFor(level, gameId);
  if (bot.ok) return ok({ kind: 'bot', level });
  if (LEVEL_NAMES.includes(level)) return err(bot.error);
  const known = levelsFor(gameId);
  return err({
    code: 'BAD_SEAT_KIND',
    text,
    known: ['human', ...known, 'bot', ...known.map((l) => `bot-${l}`)],
  });
}

export function seatKindLabel(kind: SeatKind): string {
  return kind.kind === 'human' ? 'human' : `bot (${kind.level})`;
}
