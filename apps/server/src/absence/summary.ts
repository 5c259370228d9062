import type { AnyGame, Lang, LogEntry, Seat } from '@roundtable/core';
import type { HeldLine } from '@roundtable/protocol';
import { playNotation } from '../rules.ts';

/**
 * What a seat saw while a bot held it, in words: the game's narrator run over that seat's own views from `from` to
 * `to` (the moves' notation only where the seat may know it: its own moves, or a game without secrets), so it
 * never tells what the seat did not see. The bot's own moves are marked.
 */
export function heldLines(
  game: AnyGame,
  start: unknown,
  moves: readonly { readonly seat: Seat; readonly move: string }[],
  seat: Seat,
  from: number,
  to: number,
  lang: Lang,
  name: (s: Seat) => string,
): HeldLine[] {
  let state = start;
  const players = game.players(start);
  const lines: HeldLine[] = [];
  for (let i = 0; i < to && i < moves.length; i++) {
    const m = moves[i]!;
    const before = i >= from ? game.view(state, seat) : null;
    const played = playNotation(game, state, m.seat, m.move);
    if (!played.ok) break;
    if (before !== null) {
      const after = game.view(played.value.state, seat);
      const known = game.perfectInformation || m.seat === seat;
      const move = known ? { seat: m.seat, notation: played.value.notation } : null;
      const entries: readonly LogEntry[] = game.narrate
        ? game.narrate(before, after, { viewer: seat, lang, players, name, move })
        : m.seat === seat
          ? [{ text: `${name(seat)}: ${played.value.notation}`, group: '', kind: 'move' as const, seat }]
          : [];
      for (const e of entries)
        lines.push({
          ply: i,
          text: e.text,
          bot: e.seat === seat && m.seat === seat,
          ...(e.private ? { private: true } : {}),
        });
    }
    state = played.value.state;
  }
  return lines;
}
