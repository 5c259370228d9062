/**
 * What the review's accuracy and move classes say of bots of known strength:
 *   nice -n 19 npx tsx packages/ai/bench/accuracy.ts [--game camelot|lancelot] [--games 300] [--nodes 2000]
 *     [--strong 3000] [--from 0] [--out reviews.jsonl]
 * plays `--games` games through the six pairings of random, greedy and strong (random–random, random–greedy,
 * random–strong, greedy–greedy, greedy–strong, strong–strong, seats swapped every other round), each from the
 * position after one random move a side (not reviewed), so 300 games give
 * each level 200 reviewed sides; reviews each game at `--nodes` a position and prints, per level, the accuracy's
 * mean and deciles (over the sides that have one), the mean count of inaccuracies, mistakes and blunders per game
 * (and per 40 of its moves), the share of sides with no move flagged, and how many sides have no accuracy (no move
 * of theirs counted: judgement.ts `counts`).
 * The strong bot is the strong level's search (levels.ts) on one thread at `--strong` to twice that many nodes a
 * move (drawn per game and side), so a run replays exactly from its arguments; greedy and random are the levels themselves. A game is cut at 300 plies.
 * `--out` appends each game's review (the plies and the seats) as one JSON line.
 */
import { appendFileSync } from 'node:fs';
import { Match, createRng, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { lancelot } from '@roundtable/lancelot';
import type { Bot } from '../src/bot.ts';
import { bots, STRONG_MS } from '../src/levels.ts';
import { reviewPerfect } from '../src/review/perfect.ts';
import { searchBot } from '../src/search-bot.ts';
import type { SeatReview } from '../src/review/types.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const k = args.indexOf(name);
  return k >= 0 ? String(args[k + 1]) : fallback;
};
const gameId = flag('--game', 'camelot');
const games = Number(flag('--games', '300'));
const from = Number(flag('--from', '0'));
const nodes = Number(flag('--nodes', '2000'));
const strongNodes = Number(flag('--strong', '3000'));
const out = args.includes('--out') ? flag('--out', '') : null;
const MAX_PLIES = 300;
const OPENING = 2;

const game = (gameId === 'lancelot' ? lancelot : camelot) as AnyGame;
if (gameId !== 'camelot' && gameId !== 'lancelot') throw new Error(`--game: camelot or lancelot, not ${gameId}`);

type Level = 'random' | 'greedy' | 'strong';
const LEVELS: readonly Level[] = ['random', 'greedy', 'strong'];
const PAIRS: readonly (readonly [Level, Level])[] = [
  ['random', 'random'],
  ['random', 'greedy'],
  ['random', 'strong'],
  ['greedy', 'greedy'],
  ['greedy', 'strong'],
  ['strong', 'strong'],
];
// The strong level's search on this thread, at a node budget: what the level plays, reproducibly.
const strong = searchBot({ level: 'strong', ms: STRONG_MS, perGame: true });
const BOTS: Record<Level, Bot> = { random: bots.random as Bot, greedy: bots.greedy as Bot, strong };

/** Game i: its pairing, the seats swapped every other round of six. */
function pairing(i: number): readonly [Level, Level] {
  const pair = PAIRS[i % PAIRS.length] as readonly [Level, Level];
  return Math.floor(i / PAIRS.length) % 2 === 0 ? pair : [pair[1], pair[0]];
}

function play(i: number): Match {
  const seed = `bench/accuracy/${gameId}/${i}`;
  const rng = createRng(seed);
  // One random move a side first, out of the review: the bots are deterministic at a node budget, and two strong
  // sides would otherwise play one game over and over.
  const opening = Match.create(game, { players: 2, seed });
  if (!opening.ok) throw new Error(opening.error.code);
  for (let k = 0; k < OPENING; k++) {
    const seat = opening.value.toMove()[0] as Seat;
    const legal = opening.value.legalMoves(seat);
    opening.value.playMove(seat, legal[nextInt(rng, legal.length)]);
  }
  const made = Match.create(game, { players: 2, seed, position: game.position!.write(opening.value.state) });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const levels = pairing(i);
  // Each strong side searches between `--strong` and twice that many nodes a move, drawn per game.
  const budgets = [0, 1].map(() => ({ iterations: strongNodes + nextInt(rng, strongNodes + 1) }));
  while (!m.outcome() && m.ply < MAX_PLIES) {
    const seat = m.toMove()[0] as Seat;
    const level = levels[seat] as Level;
    const budget = level === 'strong' ? { budget: budgets[seat] } : {};
    const move = BOTS[level].choose({ game, view: game.view(m.state, seat), seat, rng, ...budget });
    if (move === null) break;
    const played = m.play(seat, move);
    if (!played.ok) throw new Error(`game ${i}: ${move} refused`);
  }
  return m;
}

const sides: Record<Level, SeatReview[]> = { random: [], greedy: [], strong: [] };
const started = performance.now();
for (let i = from; i < from + games; i++) {
  const m = play(i);
  const review = reviewPerfect(game, m.record(), { nodes });
  if (!review.ok) throw new Error(review.error.code);
  const levels = pairing(i);
  review.value.seats.forEach((s, seat) => sides[levels[seat] as Level].push(s));
  if (out) appendFileSync(out, JSON.stringify({ i, levels, outcome: m.outcome(), review: review.value }) + '\n');
  if ((i - from + 1) % 30 === 0)
    console.error(`${i - from + 1}/${games} games, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const fixed = (x: number, d = 1): string => x.toFixed(d);
console.log(
  `${gameId}: ${games} games (from ${from}), review at ${nodes.toLocaleString('en')} nodes a position, strong at ${strongNodes.toLocaleString('en')}–${(2 * strongNodes).toLocaleString('en')} nodes a move, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log(
  'level  | sides | accuracy mean | deciles 10 20 30 40 50 60 70 80 90 | per game inacc / mist / blund | per 40 moves',
);
for (const level of LEVELS) {
  const all = sides[level];
  const list = all.filter((s) => s.accuracy !== undefined);
  const clean = all.filter((s) => s.inaccuracies + s.mistakes + s.blunders === 0).length;
  const acc = list.map((s) => s.accuracy as number).sort((a, b) => a - b);
  const at = (p: number): number => acc[Math.min(acc.length - 1, Math.floor(p * acc.length))] ?? NaN;
  // Accuracy over the sides that have one; the classes over every side.
  const mean = (f: (s: SeatReview) => number, of = all): number => of.reduce((t, s) => t + f(s), 0) / of.length;
  const moves = all.reduce((t, s) => t + s.moves, 0);
  const per40 = (f: (s: SeatReview) => number): number => (40 * all.reduce((t, s) => t + f(s), 0)) / moves;
  console.log(
    `${level.padEnd(6)} | ${String(list.length).padStart(5)} | ${fixed(mean((s) => s.accuracy as number, list)).padStart(13)} | ${[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((p) => fixed(at(p)).padStart(5)).join(' ')} | ${fixed(mean((s) => s.inaccuracies))} / ${fixed(mean((s) => s.mistakes))} / ${fixed(mean((s) => s.blunders))} | ${fixed(per40((s) => s.inaccuracies))} / ${fixed(per40((s) => s.mistakes))} / ${fixed(per40((s) => s.blunders))} | ${fixed((100 * clean) / all.length)} % | ${all.length - list.length}`,
  );
}
