import { analyse, canAnalyse, canIndexPositions, canonicalOptions, greedyBot, positionKey } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import { createRng, Match, nextFloat, nextInt, type Seat } from '@roundtable/core';
import type { IndexedGame } from '../database/types.ts';

/** What the self-play set is made with: the bots' analysis search at a node budget per move (deterministic). */
export interface SelfPlaySpec {
  readonly game: string;
  readonly games: number;
  /** The first game's number: a set grows by runs that start where the last one stopped. */
  readonly from?: number;
  /** Nodes per move (300 by default: a few milliseconds). */
  readonly nodes?: number;
  /** Plies after which a game is stopped and counted a draw. */
  readonly maxPlies?: number;
}

/** Random plies at the start (0 to this, drawn per game) and the odds of a random move later: openings vary. */
const OPENING_PLIES = 6;
const RANDOM_MOVE = 0.03;

/**
 * The bots' self-play set of one game: games between two analysis searches, each opening drawn at random for a
 * few plies (so the set covers more than one line), as database games of source `selfplay` (ids `sp-<game>-<n>`),
 * never matches of the site. The same spec gives the same games on any machine (seeded, node budgets).
 */
export function* selfPlayGames(spec: SelfPlaySpec): Generator<IndexedGame> {
  const game = gameById(spec.game);
  if (!game || !canIndexPositions(game, 2))
    throw new Error(`self-play: ${spec.game} is not a two-player game of perfect information`);
  const nodes = spec.nodes ?? 300;
  const maxPlies = spec.maxPlies ?? 240;
  const from = spec.from ?? 0;
  for (let i = from; i < from + spec.games; i++) {
    const rng = createRng(`self-play/${spec.game}/${i}`);
    const made = Match.create(game, { players: 2, seed: `self-play/${spec.game}/${i}` });
    if (!made.ok) throw new Error(made.error.code);
    const m = made.value;
    const options = m.record().options;
    const keys = [positionKey(game, options, m.state)];
    const opening = nextInt(rng, OPENING_PLIES + 1);
    while (!m.outcome() && m.ply < maxPlies) {
      const seat = m.toMove()[0] as Seat;
      const legal = m.legalMoves(seat);
      if (legal.length === 0) break;
      if (m.ply < opening || nextFloat(rng) < RANDOM_MOVE) m.playMove(seat, legal[nextInt(rng, legal.length)]);
      else if (canAnalyse(game, 2)) {
        const e = analyse(game, m.state, { iterations: nodes }, { lineLength: 1 });
        m.play(seat, e.best as string);
      } else m.play(seat, greedyBot.choose({ game, view: m.state, seat, rng }) as string);
      keys.push(positionKey(game, options, m.state));
    }
    const outcome = m.outcome();
    yield {
      id: `sp-${spec.game}-${i}`,
      source: 'selfplay',
      game: spec.game,
      players: 2,
      options: canonicalOptions(options),
      playedAt: 0,
      names: [`bot:${nodes}`, `bot:${nodes}`],
      ratings: [null, null],
      winners: outcome ? [...outcome.winners] : [],
      draw: outcome ? outcome.draw : true,
      reason: outcome ? outcome.reason : 'self-play-cut',
      moves: m.history.map((h) => h.move),
      event: null,
      keys,
    };
  }
}
