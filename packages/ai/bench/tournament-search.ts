/**
 * Tournament at Camelot: one searching seat against greedy bots, on one thread (issue 16).
 *
 *   nice -n 10 npx tsx packages/ai/bench/tournament-search.ts --games 40 --players 4 --iterations 60 --seed tb
 *
 * Game g is seeded `SEED/g`; the searching seat rotates (g mod players), the others are the greedy bot. The
 * searching seat is the strong level's search (tournament/pimc.ts) with `--iterations` sampled worlds per move,
 * on the calling thread (the level runs two such shares). Besides its wins it counts, for every card move it
 * searched, whether it differed from the greedy score's move; and, over the games, the mean wounds a round for
 * the searching seat and for the greedy ones. Budgets are iterations, so a run replays exactly.
 */
import { createRng, type Seat } from '@roundtable/core';
import {
  DEFAULT_OPTIONS,
  tournament,
  type Move,
  type TournamentState,
  type TournamentView,
} from '@roundtable/tournament';
import { newBotMemory } from '../src/bot.ts';
import { greedyBot } from '../src/greedy.ts';
import { pickMove } from '../src/search.ts';
import { annotate } from '../src/tournament/knowledge.ts';
import { greedyMove, searchTournament } from '../src/tournament/pimc.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

interface Flags {
  games: number;
  players: number;
  iterations: number;
  seed: string;
  from: number;
}

function parseFlags(argv: readonly string[]): Flags {
  const f: Flags = { games: 20, players: 4, iterations: 60, seed: 'tb', from: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${key} needs a value`);
    if (key === '--games') f.games = Number(value);
    else if (key === '--players') f.players = Number(value);
    else if (key === '--iterations') f.iterations = Number(value);
    else if (key === '--seed') f.seed = value;
    else if (key === '--from') f.from = Number(value);
    else throw new Error(`unknown flag ${key}`);
  }
  if (!Number.isInteger(f.games) || f.games < 1) throw new Error('--games must be a positive integer');
  if (!Number.isInteger(f.players) || f.players < 2 || f.players > 6) throw new Error('--players must be 2 to 6');
  if (!Number.isInteger(f.iterations) || f.iterations < 1) throw new Error('--iterations must be a positive integer');
  return f;
}

const flags = parseFlags(process.argv.slice(2));
let wins = 0;
let searched = 0;
let changed = 0;
let plies = 0;
const started = performance.now();
let searchMs = 0;
let marginSum = 0;
let marginSquares = 0;
for (let g = flags.from; g < flags.from + flags.games; g++) {
  const gameSeed = `${flags.seed}/${g}`;
  const set = tournament.setup({ players: flags.players, options: DEFAULT_OPTIONS, seed: gameSeed });
  if (!set.ok) throw new Error('setup');
  let s = set.value as TournamentState;
  const hero = (g % flags.players) as Seat;
  const memory = newBotMemory();
  while (!tournament.outcome(s)) {
    const seat = tournament.toMove(s)[0] as Seat;
    const view = tournament.view(s, seat) as TournamentView;
    const rng = createRng(`${gameSeed}/${plies}/${seat}`);
    let text: string | null;
    if (seat === hero) {
      const t0 = performance.now();
      const annotated = annotate(view, seat, memory);
      const report = searchTournament({
        game: tournament,
        view: annotated,
        seat,
        rng,
        budget: { iterations: flags.iterations },
      });
      text = pickMove([report]);
      searchMs += performance.now() - t0;
      if (report.kind === 'visits' && report.moves.length > 1 && text !== null) {
        searched++;
        const legal = tournament.legalMoves(s, seat) as Move[];
        const greedy = tournament.formatMove(s, greedyMove(tournament, s, seat, legal).move);
        if (greedy !== text) changed++;
      }
    } else text = greedyBot.choose({ game: tournament, view, seat, rng });
    if (text === null) throw new Error('no move');
    const move = tournament.parseMove(s, seat, text);
    if (!move.ok) throw new Error(`bad move ${text}`);
    const next = tournament.play(s, seat, move.value);
    if (!next.ok) throw new Error(`refused ${text}: ${JSON.stringify(next.error)}`);
    s = next.value;
    plies++;
  }
  const out = tournament.outcome(s)!;
  if (out.winners.includes(hero)) wins += 1 / out.winners.length;
  const others = s.life.filter((_, o) => o !== hero);
  const margin = s.life[hero]! - others.reduce((a, b) => a + b, 0) / others.length;
  marginSum += margin;
  marginSquares += margin * margin;
  const done = g - flags.from + 1;
  process.stdout.write(
    `game ${g}: ${out.winners.includes(hero) ? 'won' : 'lost'}  wins ${wins.toFixed(1)}/${done} = ${((100 * wins) / done).toFixed(1)}%\n`,
  );
}
const n = flags.games;
const p = wins / n;
const z = 1.96;
const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
console.log(
  `search seat: ${wins.toFixed(1)}/${n} = ${(100 * p).toFixed(1)}% (95% CI ${(100 * (centre - half)).toFixed(1)}–${(100 * (centre + half)).toFixed(1)}%), fair ${(100 / flags.players).toFixed(1)}%`,
);
const meanMargin = marginSum / n;
const marginError = Math.sqrt(Math.max(0, marginSquares / n - meanMargin * meanMargin) / Math.max(1, n - 1));
console.log(
  `life at the end, the search seat's less the others' mean: ${meanMargin.toFixed(1)} ± ${marginError.toFixed(1)} (standard error)`,
);
console.log(
  `moves searched ${searched}, changed from greedy ${changed} (${((100 * changed) / Math.max(1, searched)).toFixed(1)}%); search ${(searchMs / Math.max(1, searched)).toFixed(1)} ms/move; ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
