import { Match, type AnyGame, type Result } from '@roundtable/core';
import { replayFrom } from '../rules.ts';
import type { MatchRow, StoredMatch } from '../storage/store.ts';

/** The start of a match: its setup from options, seed and starting position. */
export function startOf(game: AnyGame, m: MatchRow): Result<unknown> {
  const start = Match.create(game, {
    players: m.players,
    options: m.options,
    seed: m.seed,
    position: m.position ?? undefined,
  });
  return start.ok ? { ok: true, value: start.value.state } : start;
}

/**
 * The current state of a stored match: from its snapshot if there is a good one, else from the start; then the
 * moves since. `unusable` hears of a snapshot that does not read back (the match replays from the start).
 */
export function rebuild(game: AnyGame, stored: StoredMatch, unusable: () => void): Result<unknown> {
  if (stored.snapshot && stored.snapshot.ply <= stored.moves.length) {
    const snap = game.deserialize(stored.snapshot.data);
    if (snap.ok) {
      const state = replayFrom(game, snap.value, stored.moves, stored.snapshot.ply);
      if (state.ok) return state;
    }
    unusable();
  }
  const start = startOf(game, stored.match);
  if (!start.ok) return start;
  return replayFrom(game, start.value, stored.moves);
}

/** The state after `ply` moves as the game serialises it, if it reads back to the same state (else none). */
export function snapshotOf(game: AnyGame, state: unknown): unknown {
  const data = game.serialize(state);
  const back = game.deserialize(data);
  return back.ok && JSON.stringify(game.serialize(back.value)) === JSON.stringify(data) ? data : undefined;
}
