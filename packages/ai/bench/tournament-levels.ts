// Tournament levels at 5 players with variant easy and medium levels (issue 16; runs in packages/ai/README.md):
//   nice -n 10 npx tsx packages/ai/bench/tournament-levels.ts --games 40 --seed dev --medium 0.1,0.15 --easy 0.05,0.25
// Plays random, greedy, easy, medium, strong, then the same in reverse order (the arena, with the `--iterations`
// budget strong's per share), easy and medium rebuilt here as effort,blunder (their share of the budget and their
// rate of random moves) and strong as levels.ts has it; prints win rates per order and the pooled fit with its gaps.
import { parseArgs } from 'node:util';
import { tournament } from '@roundtable/tournament';
import { EASY_EFFORT, botFor, closeWorkers, type Bot } from '../src/index.ts';
import { searchBot } from '../src/search-bot.ts';
import {
  TOURNAMENT_EASY_BLUNDER,
  TOURNAMENT_MEDIUM_BLUNDER,
  TOURNAMENT_MEDIUM_EFFORT,
} from '../src/tournament/profile.ts';
import '@roundtable/catalog';
import { runArena } from '../../../apps/cli/src/arena/arena.ts';
import { ratingsFromJsonl } from './ratings-bootstrap.ts';

const { values } = parseArgs({
  options: {
    // The defaults are the levels' own (levels.ts).
    easy: { type: 'string', default: `${EASY_EFFORT},${TOURNAMENT_EASY_BLUNDER}` },
    medium: { type: 'string', default: `${TOURNAMENT_MEDIUM_EFFORT},${TOURNAMENT_MEDIUM_BLUNDER}` },
    games: { type: 'string', default: '40' },
    seed: { type: 'string', default: 'dev' },
    iterations: { type: 'string', default: '300' },
    order: { type: 'string', default: 'both' },
    jsonl: { type: 'string', default: '/tmp/tournament-levels.jsonl' },
  },
});

/** A level named `level` (so the fit's gaps find it) searching `effort` of the budget, `blunder` at random. */
function variant(level: 'easy' | 'medium', spec: string): Bot {
  const [effort, blunder] = spec.split(',').map(Number);
  if (effort === undefined || blunder === undefined || !(effort > 0) || !(blunder >= 0))
    throw new Error(`bad --${level} ${spec}: effort,blunder`);
  return searchBot({
    level,
    ms: 300,
    blunder,
    effort,
    ...(level === 'easy' ? { maxDepth: 2 } : {}),
  });
}

const make: Record<string, Bot> = {
  random: botFor('random') as Bot,
  greedy: botFor('greedy') as Bot,
  easy: variant('easy', values.easy as string),
  medium: variant('medium', values.medium as string),
  strong: botFor('strong') as Bot,
};
const names = ['random', 'greedy', 'easy', 'medium', 'strong'];
const orders =
  values.order === 'both' ? [names, [...names].reverse()] : values.order === 'rev' ? [[...names].reverse()] : [names];
for (const [i, order] of orders.entries()) {
  const r = await runArena({
    game: tournament,
    bots: order.map((n) => make[n] as Bot),
    games: Number(values.games),
    players: 5,
    seed: values.seed as string,
    iterations: Number(values.iterations),
    jsonl: values.jsonl as string,
    jsonlAppend: i > 0,
  });
  console.log(
    `order ${order.join(',')}: ${r.entrants.map((e) => `${e.name} ${(100 * e.winRate).toFixed(1)}%`).join(' · ')} (${r.seconds.toFixed(0)} s)`,
  );
}
console.log(
  `easy ${values.easy}, medium ${values.medium} (effort,blunder), ${values.iterations} iterations, seed ${values.seed}`,
);
console.log(ratingsFromJsonl([values.jsonl as string], 200));
closeWorkers();
