/**
 * Does the margin rule find Lancelot puzzles? Self-play Lancelot games at two between quick searches (a random
 * opening, the odd random move, as bench/mine.ts plays Camelot), each position given the quick look and then the
 * confirming search of the server's mining job (src/mine.ts `uniqueBest`, the same MARGIN).
 *
 *   nice -n 19 npx tsx packages/puzzles/bench/lancelot.ts [--games 6] [--confirm 20000]
 */
import { Match, createRng, nextFloat, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import { lancelot } from '@roundtable/lancelot';
import { analyse } from '@roundtable/ai';
import { QUICK_NODES, uniqueBest } from '../src/mine.ts';
import './unique.ts';

const game = lancelot as AnyGame;
const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const k = args.indexOf(name);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const games = flag('--games', 6);
const confirmNodes = flag('--confirm', 20_000);
let positions = 0;
let candidates = 0;
let found = 0;
const started = Date.now();
for (let i = 0; i < games; i++) {
  const rng = createRng(`lancelot-mine/${i}`);
  const made = Match.create(game, { players: 2, seed: `lancelot-mine/${i}` });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const opening = nextInt(rng, 9);
  while (!m.outcome() && m.ply < 120) {
    const seat = m.toMove()[0] as Seat;
    const legal = m.legalMoves(seat);
    if (m.ply < opening || nextFloat(rng) < 0.04) {
      m.playMove(seat, legal[nextInt(rng, legal.length)]);
      continue;
    }
    const e = analyse(game, m.state, { iterations: 600 }, { lineLength: 1 });
    m.play(seat, e.best as string);
  }
  for (let ply = 0; ply < m.ply; ply++) {
    const state = m.stateAt(ply);
    positions++;
    if (!uniqueBest(state, QUICK_NODES, game)) continue;
    candidates++;
    const confirmed = uniqueBest(state, confirmNodes, game);
    if (confirmed) {
      found++;
      console.log(`game ${i} ply ${ply}: ${confirmed.best} margin ${confirmed.margin.toFixed(3)}`);
    }
  }
  console.log(
    `${i + 1} games, ${positions} positions, ${candidates} candidates, ${found} confirmed, ${Math.round((Date.now() - started) / 1000)} s`,
  );
}
