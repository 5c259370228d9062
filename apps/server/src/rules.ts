import { err, ok, type AnyGame, type Result, type Seat } from '@roundtable/core';

/**
 * One move, validated exactly as `Match.play` in core does (seat, turn, notation, rules), but without keeping
 * every past state: a live match holds only its current state, so an idle match costs a few kilobytes.
 */
export function playNotation(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  text: string,
): Result<{ state: unknown; notation: string }> {
  const players = game.players(state);
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) return err({ code: 'BAD_SEAT', seat, max: players - 1 });
  if (game.outcome(state)) return err({ code: 'GAME_OVER' });
  const toMove = game.toMove(state);
  if (!toMove.includes(seat)) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [...toMove] });
  const trimmed = text.trim();
  if (trimmed === '') {
    return err({
      code: 'BAD_NOTATION',
      text,
      reason: 'the move must be a non-empty string',
      reasonFr: 'le coup doit être une chaîne non vide',
    });
  }
  const parsed = game.parseMove(state, seat, trimmed);
  if (!parsed.ok) return parsed;
  const next = game.play(state, seat, parsed.value);
  if (!next.ok) return next;
  return ok({ state: next.value, notation: game.formatMove(state, parsed.value) });
}

/** Replays stored moves from a state; the error names the first move that no longer replays. */
export function replayFrom(
  game: AnyGame,
  start: unknown,
  moves: readonly { readonly seat: Seat; readonly move: string }[],
  from = 0,
  to = moves.length,
): Result<unknown> {
  let state = start;
  for (let i = from; i < to; i++) {
    const m = moves[i]!;
    const played = playNotation(game, state, m.seat, m.move);
    if (!played.ok)
      return err({ code: 'BAD_RECORD', reason: `move ${i} (${m.move}) was refused: ${played.error.code}`, index: i });
    state = played.value.state;
  }
  return ok(state);
}
