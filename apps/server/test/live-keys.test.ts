import { describe, expect, it } from 'vitest';
import { Match, type Seat } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { indexedGameOf } from '../src/database/extract.ts';
import { LiveKeys } from '../src/database/live-keys.ts';
import { LiveMatch } from '../src/live-match.ts';
import { randomGames, type FixtureGame } from './database-fixtures.ts';

/** The fixture's match as the server holds it while it is played, before its first move. */
function liveOf(f: FixtureGame): { live: LiveMatch; match: Match<unknown, unknown> } {
  const game = gameById(f.stored.match.game)!;
  const made = Match.create(game, { players: 2, seed: f.stored.match.seed, options: f.stored.match.options });
  if (!made.ok) throw new Error(made.error.code);
  const row = { ...f.stored.match, status: 'active' as const, outcome: null };
  const live = new LiveMatch(game, row, [...f.stored.seats], made.value.state, 0, 'active', null);
  return { live, match: made.value as Match<unknown, unknown> };
}

/** Plays the fixture's moves as the server does: each kept in memory, then the listener told. */
function play(keys: LiveKeys, f: FixtureGame, live: LiveMatch, match: Match<unknown, unknown>, from: number) {
  for (let ply = from; ply < f.stored.moves.length; ply++) {
    const m = f.stored.moves[ply]!;
    match.play(m.seat as Seat, m.move);
    live.state = match.state;
    live.ply = ply + 1;
    keys.moved(live, { ply, seat: m.seat as Seat, move: m.move });
  }
}

const ended = (live: LiveMatch, f: FixtureGame): void => {
  live.status = 'finished';
  live.outcome = f.stored.match.outcome;
};

describe('position keys taken as a match is played', () => {
  const games = [
    ...randomGames('camelot', 12, 'live-keys/camelot', 3),
    ...randomGames('lancelot', 8, 'live-keys/l', 3),
  ];

  it('are the keys a replay of the stored moves gives, a takeback on the way included', () => {
    for (const f of games) {
      const keys = new LiveKeys();
      const { live, match } = liveOf(f);
      // Two plies played, taken back, then the match as stored.
      const n = f.stored.moves.length;
      if (n >= 4) {
        play(keys, { ...f, stored: { ...f.stored, moves: f.stored.moves.slice(0, 3) } }, live, match, 0);
        const back = liveOf(f);
        for (const m of f.stored.moves.slice(0, 1)) back.match.play(m.seat as Seat, m.move);
        live.state = back.match.state;
        live.ply = 1;
        play(keys, f, live, back.match, 1);
      } else play(keys, f, live, match, 0);
      ended(live, f);
      keys.onEnded(live);
      const kept = keys.peek(live.id);
      expect(kept, f.stored.match.id).not.toBeNull();
      const fromLive = indexedGameOf(f.stored, f.ratings, kept);
      const replayed = indexedGameOf(f.stored, f.ratings);
      expect(fromLive.ok && replayed.ok).toBe(true);
      if (fromLive.ok && replayed.ok) expect(fromLive.value.keys).toEqual(replayed.value.keys);
      keys.forget(live.id);
      expect(keys.peek(live.id)).toBeNull();
    }
  });

  it('are not kept for a match first seen mid-game, read again from storage, or taken back just before its end', () => {
    const f = games.find((g) => g.stored.moves.length >= 6)!;
    const keys = new LiveKeys();

    const midGame = liveOf(f);
    for (const m of f.stored.moves.slice(0, 2)) midGame.match.play(m.seat as Seat, m.move);
    midGame.live.state = midGame.match.state;
    midGame.live.ply = 2;
    play(keys, f, midGame.live, midGame.match, 2);
    ended(midGame.live, f);
    keys.onEnded(midGame.live);
    expect(keys.peek(f.stored.match.id)).toBeNull();

    const reread = liveOf(f);
    play(keys, { ...f, stored: { ...f.stored, moves: f.stored.moves.slice(0, 3) } }, reread.live, reread.match, 0);
    reread.live.generation++;
    play(keys, f, reread.live, reread.match, 3);
    ended(reread.live, f);
    keys.onEnded(reread.live);
    expect(keys.peek(f.stored.match.id)).toBeNull();

    const takenBack = liveOf(f);
    play(keys, f, takenBack.live, takenBack.match, 0);
    takenBack.live.ply -= 2;
    ended(takenBack.live, f);
    keys.onEnded(takenBack.live);
    expect(keys.peek(f.stored.match.id)).toBeNull();
  });

  it('a list of keys that does not fit the stored moves is not used: the moves are replayed', () => {
    const f = games[0]!;
    const replayed = indexedGameOf(f.stored, f.ratings);
    const short = indexedGameOf(f.stored, f.ratings, ['0000000000000000']);
    expect(short.ok && replayed.ok).toBe(true);
    if (short.ok && replayed.ok) expect(short.value.keys).toEqual(replayed.value.keys);
  });
});
