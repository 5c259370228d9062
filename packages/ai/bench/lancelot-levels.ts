// Lancelot levels at 5 players with variant searches (issue 16; the runs are in packages/ai/README.md):
//   npx tsx packages/ai/bench/lancelot-levels.ts --games 40 --seed dev --medium-effort 0.1 --jsonl /tmp/m.jsonl
//   npx tsx packages/ai/bench/lancelot-levels.ts --games 40 --seed dev --lineup strong,strong:C,greedy,greedy,greedy
//   npx tsx packages/ai/bench/lancelot-levels.ts --games 40 --seed dev --medium-effort 0.1 --easy-blunder 0.4 --easy-effort 0.05
// Plays a line-up (default random, greedy, easy, medium, strong), then the same in reverse order, with the levels
// rebuilt here: a name is level[:tuning][@effort] (tunings below), the strong shares searched one after the other
// (with an iteration budget the same moves as the workers'); prints win rates per order and the pooled fit.
import { parseArgs } from 'node:util';
import { lancelot, toKernel, type LancelotState } from '@roundtable/lancelot';
import { nextFloat, nextInt, type RngState, type Seat } from '@roundtable/core';
import { EASY_EFFORT, MEDIUM_BLUNDER, greedyBot, randomBot, type Bot, type BotInput } from '../src/index.ts';
import { searchMcts } from '../src/mcts.ts';
import { winsAtOnce } from '../src/search-bot.ts';
import { seedFor } from '../src/parallel/pool.ts';
import { lancelotTuning, lancelotValues } from '../src/lancelot/tuning.ts';
import { lancelotGreedy } from '../src/lancelot.ts';
import { LANCELOT_EASY_BLUNDER, LANCELOT_MEDIUM_EFFORT } from '../src/lancelot/profile.ts';
import { bestIndex, overrule, pickMove, type RootReport } from '../src/search.ts';
import type { GameTuning } from '../src/tuning.ts';
import { runArena } from '../../../apps/cli/src/arena/arena.ts';
import { ratingsFromJsonl } from './ratings-bootstrap.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

interface Spec {
  name: string;
  tuning: GameTuning;
  effort: number;
  shares: number;
  blunder: number;
}

export function variantBot(spec: Spec): Bot {
  return {
    level: spec.name,
    choose(input: BotInput): string | null {
      const { game, seat, rng, view } = input;
      const tieRng = [...rng] as RngState;
      const sample = game.determinize(view, seat, [...rng] as RngState) as LancelotState;
      if (game.outcome(sample)) return null;
      const moves = game.legalMoves(sample, seat);
      if (moves.length === 0) return null;
      if (moves.length === 1) return game.formatMove(sample, moves[0]);
      if (spec.blunder > 0) {
        const dice = [...rng] as RngState;
        if (nextFloat(dice) < spec.blunder && !winsAtOnce(game, sample, seat as Seat, moves))
          return game.formatMove(sample, moves[nextInt(dice, moves.length)]);
      }
      const iterations = Math.max(1, Math.round((input.budget?.iterations ?? 400) * spec.effort));
      const reports: RootReport[] = [];
      for (let k = 0; k < spec.shares; k++) {
        reports.push(
          searchMcts(
            {
              game,
              view,
              seat: seat as Seat,
              rng: k === 0 ? rng : seedFor(rng, k),
              budget: { iterations },
              share: { index: k, of: spec.shares },
            },
            spec.tuning,
          ),
        );
      }
      const move = pickMove(reports);
      const t = spec.tuning;
      if (move !== null && t.prior && t.priorMargin !== undefined) {
        const best = bestIndex(t.prior(game, sample, seat as Seat, moves, 0), tieRng);
        return overrule(reports, move, game.formatMove(sample, moves[best]), t.priorMargin);
      }
      return move ?? game.formatMove(sample, moves[nextInt(rng, moves.length)]);
    },
  };
}

const base = lancelotTuning;
/** Named tunings to try (edit freely). */
const withThreat =
  (weight: number): GameTuning['prior'] =>
  (game, state, seat, moves, depth) =>
    depth > 0
      ? (base.prior as NonNullable<GameTuning['prior']>)(game, state, seat, moves, depth)
      : moves.map((m) => {
          const after = game.play(state, seat, m);
          if (!after.ok) return -Infinity;
          return (
            lancelotGreedy(game, state, after.value, seat) +
            weight * toKernel(after.value as LancelotState).bestCapture(seat, -1)
          );
        });
const tunings: Record<string, GameTuning> = {
  S: { ...base, evaluate: (_g, st) => lancelotValues(st as LancelotState, true) },
  base,
  C: { ...base, prior: withThreat(3) },
  X2: { ...lancelotTuning, exploration: 0.2 },
  X8: { ...lancelotTuning, exploration: 0.8 },
  M2: { ...lancelotTuning, priorMargin: 0.02 },
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      strong: { type: 'string', default: 'base' },
      medium: { type: 'string', default: 'base' },
      // The defaults are the levels' own (levels.ts).
      'medium-effort': { type: 'string', default: String(LANCELOT_MEDIUM_EFFORT) },
      'easy-effort': { type: 'string', default: String(EASY_EFFORT) },
      'easy-blunder': { type: 'string', default: String(LANCELOT_EASY_BLUNDER) },
      games: { type: 'string', default: '40' },
      seed: { type: 'string', default: 'dev' },
      iterations: { type: 'string', default: '400' },
      order: { type: 'string', default: 'both' },
      lineup: { type: 'string', default: 'levels' },
      jsonl: { type: 'string', default: '/tmp/lanc/bench.jsonl' },
    },
  });
  const st = tunings[values.strong as string];
  const mt = tunings[values.medium as string];
  if (!st || !mt) throw new Error('unknown tuning');
  const me = Number(values['medium-effort']);
  const ee = Number(values['easy-effort']);
  const eb = Number(values['easy-blunder']);
  // A name is level[:tuning][@effort], e.g. medium@0.1, strong:C (random and greedy as they are).
  const make = (n: string): Bot => {
    if (n === 'random') return randomBot;
    if (n === 'greedy') return greedyBot;
    const m = /^(easy|medium|strong)(?::(\w+))?(?:@([\d.]+))?$/.exec(n);
    if (!m) throw new Error(`bad bot ${n}`);
    const lv = m[1] as string;
    const t = m[2] !== undefined ? tunings[m[2]] : lv === 'strong' ? st : lv === 'medium' ? mt : base;
    if (!t) throw new Error(`unknown tuning ${m[2]}`);
    const e = m[3] !== undefined ? Number(m[3]) : lv === 'easy' ? ee : lv === 'medium' ? me : 1;
    const blunder = lv === 'easy' ? eb : lv === 'medium' ? MEDIUM_BLUNDER : 0;
    return variantBot({ name: n, tuning: t, effort: e, shares: lv === 'strong' ? 2 : 1, blunder });
  };
  const names =
    values.lineup === 'levels'
      ? ['random', 'greedy', 'easy', 'medium', 'strong']
      : (values.lineup as string).split(',');
  const orders =
    values.order === 'both' ? [names, [...names].reverse()] : values.order === 'rev' ? [[...names].reverse()] : [names];
  const wins = new Map<string, number>();
  let total = 0;
  for (const [i, order] of orders.entries()) {
    const r = await runArena({
      game: lancelot,
      bots: order.map(make),
      games: Number(values.games),
      players: 5,
      seed: values.seed as string,
      iterations: Number(values.iterations),
      jsonl: values.jsonl as string,
      jsonlAppend: i > 0,
    });
    // Pool pairwise results over both orders by name (the arena's own pairs are per entrant index).
    const line = r.entrants.map((e) => `${e.name} ${(100 * e.winRate).toFixed(1)}%`).join(' · ');
    console.log(
      `order ${order.join(',')}: ${line} (${r.seconds.toFixed(0)} s, ms/move ${r.entrants.map((e) => e.meanMs.toFixed(0)).join('/')})`,
    );
    for (const e of r.entrants) wins.set(e.name, (wins.get(e.name) ?? 0) + e.winRate * r.played);
    total += r.played;
  }
  console.log(`pooled: ${[...wins].map(([n, w]) => `${n} ${((100 * w) / total).toFixed(1)}%`).join(' · ')}`);
  console.log(ratingsFromJsonl([values.jsonl as string], 200));
}

await main();
