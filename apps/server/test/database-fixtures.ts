import { createRng, Match, nextInt, type Seat } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import type { StoredMatch } from '../src/storage/store.ts';
import type { IndexedGame } from '../src/database/types.ts';
import { indexedGameOf } from '../src/database/extract.ts';

/** A finished match as storage gives it back, for tests that feed the game database without a server. */
export interface FixtureGame {
  readonly stored: StoredMatch;
  /** The position text after each ply (0…moves): what a direct count compares. */
  readonly positions: readonly string[];
  readonly ratings: readonly (number | null)[];
}

/**
 * Short games of `game` whose moves are drawn among the first `branching` legal moves (a seeded choice), so that
 * games share openings and transpose into each other; each given an outcome, names, a date, ratings and a source.
 */
export function randomGames(gameId: string, count: number, seed: string, branching = 3): FixtureGame[] {
  const game = gameById(gameId)!;
  const rng = createRng(seed);
  const names = ['Arthur', 'Gauvain', 'Perceval', 'Yvain', 'Keu'];
  const out: FixtureGame[] = [];
  for (let i = 0; i < count; i++) {
    const made = Match.create(game, { players: 2, seed: `${seed}/${i}` });
    if (!made.ok) throw new Error(made.error.code);
    const m = made.value;
    const plies = 2 + nextInt(rng, 14);
    const positions = [game.position!.write(m.state as never)];
    while (m.ply < plies && !m.outcome()) {
      const seat = m.toMove()[0] as Seat;
      const legal = m.legalNotation(seat).sort();
      m.play(seat, legal[nextInt(rng, Math.min(branching, legal.length))]!);
      positions.push(game.position!.write(m.state as never));
    }
    const r = nextInt(rng, 3);
    const rated = nextInt(rng, 4) !== 0;
    const kind = nextInt(rng, 10);
    const record = m.record();
    const ratings = rated ? [1400 + nextInt(rng, 400), kind === 0 ? null : 1400 + nextInt(rng, 400)] : [null, null];
    out.push({
      positions,
      ratings,
      stored: {
        match: {
          id: `${seed.replace(/[^a-z0-9]/gi, '')}-${i}`,
          game: gameId,
          players: 2,
          options: record.options,
          seed: record.seed,
          position: null,
          settings: {
            clock: null,
            abandon: null,
            rated,
            ...(kind === 1 ? { source: { origin: 'import', format: 'wcf', date: '1931.??.??' } } : {}),
            ...(kind === 2 ? { event: 'spring-cup' } : {}),
          } as StoredMatch['match']['settings'],
          status: 'finished',
          outcome:
            r === 2 ? { winners: [], draw: true, reason: 'agreed' } : { winners: [r], draw: false, reason: 'resigned' },
          createdAt: Date.UTC(2026, 0, 1) + i * 86_400_000,
          creator: null,
        },
        seats: [0, 1].map((seat) => ({
          seat,
          kind: 'human' as const,
          name: names[nextInt(rng, names.length)]!,
          level: null,
          tokenHash: null,
        })),
        moves: record.moves,
        lastMoveAt: null,
        snapshot: null,
        clock: { deadline: null, banks: null },
      },
    });
  }
  return out;
}

export function indexed(f: FixtureGame): IndexedGame {
  const g = indexedGameOf(f.stored, f.ratings);
  if (!g.ok) throw new Error(JSON.stringify(g.error));
  return g.value;
}
