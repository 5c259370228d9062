import type { AnyGame, Lang, Outcome } from '@roundtable/core';
import type { TerminalAdapter } from '../terminal/adapter.ts';
import { text } from './text.ts';

/** "White wins: both enemy castle squares held." — the end of a game in words. */
export function describeOutcome(
  game: AnyGame,
  adapter: TerminalAdapter,
  outcome: Outcome,
  players: number,
  lang: Lang,
): string {
  const t = text(lang);
  const reason = adapter.describeReason?.(outcome.reason, lang) ?? outcome.reason;
  const names = outcome.winners.map((s) => game.seatName(s, players, lang));
  const joined =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${t.and} ${names[names.length - 1]}`;
  const scores = outcome.scores
    ? ` (${outcome.scores.map((s, i) => `${game.seatName(i, players, lang)} ${s}`).join(', ')})`
    : '';
  // A draw shared by some seats names them: the others lost.
  if (outcome.draw)
    return (names.length > 0 && names.length < players ? t.sharedDraw(joined, reason) : t.draw(reason)) + scores;
  // Everybody lost (a cooperative game lost with no traitor among the players).
  if (names.length === 0) return t.nobody(reason) + scores;
  return t.wins(joined, names.length > 1, reason) + scores;
}
