/**
 * Winning chances that mean what they say: self-play games whose every searched position keeps the search's
 * score, then a logistic fit of the result against the score, checked decile by decile.
 *
 *   nice -n 19 npx tsx packages/ai/bench/calibrate.ts play camelot --games 10000 --out camelot.jsonl
 *   nice -n 19 npx tsx packages/ai/bench/calibrate.ts play lancelot --games 10000 --out lancelot.jsonl
 *   npx tsx packages/ai/bench/calibrate.ts fit camelot camelot.jsonl [--write]   # then npx prettier --write packages/ai/src
 *   nice -n 19 npx tsx packages/ai/bench/calibrate.ts check camelot --games 200 --from 20000 --nodes 30000
 *
 * `play` appends one line per game (and resumes a file: games already in it are skipped; `--from`/`--to` split
 * the run between processes). Game i opens with 0–8 (Lancelot 0–4) uniformly random plies from seed
 * `calibrate/<game>/<i>`, then each side searches a node budget drawn for it from the list below, so the games
 * mix strengths and nothing is left to the clock: a game replays exactly from its index.
 * `fit` fits, for each seat to move, a non-decreasing curve from the score to the expected result (a draw counts
 * ½) by isotonic regression over quantile bins; prints, by five-fold cross-validation over games, the table of
 * predicted deciles against the observed results of the games each fit did not see; then fits on every game
 * (`--write` stores the curves in src/analysis/calibration.json).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Match, createRng, nextInt, type AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { lancelot } from '@roundtable/lancelot';
import { chancesOf, readCurve } from '../src/analysis/chances.ts';
import { analyse } from '../src/analysis/search.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

type ScoreKind = 'camelot' | 'lancelot';

/** The games calibrated, their self-play budgets and random openings, and the scale their curve reads a score at. */
const GAMES: Record<ScoreKind, { game: AnyGame; budgets: number[]; opening: number; scale: number }> = {
  camelot: { game: camelot as AnyGame, budgets: [300, 600, 1200], opening: 8, scale: 100 },
  lancelot: { game: lancelot as AnyGame, budgets: [100, 200, 400], opening: 4, scale: 10_000 },
};

const feature = (id: ScoreKind, score: number): number => score / GAMES[id].scale;

interface GameLine {
  readonly i: number;
  /** Each seat's result: 1 win, 0.5 draw, 0 loss. */
  readonly result: readonly number[];
  readonly plies: number;
  readonly budgets: readonly number[];
  /** [seat to move, score] of every searched position. */
  readonly samples: readonly (readonly [number, number])[];
}

function playOne(id: ScoreKind, i: number, check?: { nodes: number; every: number; out: Sample[] }): GameLine {
  const spec = GAMES[id]!;
  const rng = createRng(`calibrate/${id}/${i}`);
  const made = Match.create(spec.game, { players: 2, seed: `calibrate/${id}/${i}` });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const budgets = [0, 1].map(() => spec.budgets[nextInt(rng, spec.budgets.length)] as number);
  const opening = nextInt(rng, spec.opening + 1);
  const samples: [number, number][] = [];
  while (!m.outcome()) {
    const seat = m.toMove()[0] as number;
    if (m.ply < opening) {
      const legal = m.legalMoves(seat);
      m.playMove(seat, legal[nextInt(rng, legal.length)]);
      continue;
    }
    if (check && m.ply % check.every === 0) {
      // The same position searched at the strength of the review: its score, read by the fitted curve.
      const deep = analyse(spec.game, m.state, { iterations: check.nodes }, { lineLength: 1 });
      if (Math.abs(deep.score) < 900_000) check.out.push({ game: i, seat, x: deep.score, y: NaN });
    }
    const e = analyse(spec.game, m.state, { iterations: budgets[seat] as number }, { lineLength: 1 });
    if (Math.abs(e.score) < 900_000) samples.push([seat, e.score]);
    const played = m.play(seat, e.best as string);
    if (!played.ok)
      throw new Error(
        `${id} ${i}: ${JSON.stringify(played.error)} ${JSON.stringify(e)} ${JSON.stringify(spec.game.position?.write(m.state))}`,
      );
  }
  const o = m.outcome()!;
  const result = [0, 1].map((s) => (o.draw ? 0.5 : o.winners.includes(s) ? 1 : 0));
  return { i, result, plies: m.ply, budgets, samples };
}

function play(id: ScoreKind, args: string[]): void {
  const flag = (name: string, fallback: string): string => {
    const k = args.indexOf(name);
    return k >= 0 ? (args[k + 1] as string) : fallback;
  };
  const games = Number(flag('--games', '10000'));
  const out = flag('--out', `${id}.jsonl`);
  const from = Number(flag('--from', '0'));
  const to = Number(flag('--to', String(games)));
  const done = new Set<number>();
  if (existsSync(out))
    for (const l of readFileSync(out, 'utf8').split('\n')) if (l) done.add((JSON.parse(l) as GameLine).i);
  const started = Date.now();
  let n = 0;
  for (let i = from; i < to; i++) {
    if (done.has(i)) continue;
    appendFileSync(out, `${JSON.stringify(playOne(id, i))}\n`);
    if (++n % 100 === 0) console.log(`${id}: ${n} games in ${Math.round((Date.now() - started) / 1000)} s`);
  }
}

interface Sample {
  readonly game: number;
  readonly seat: number;
  readonly x: number;
  readonly y: number;
}

/** Quantile bins per seat: each bin's mean feature and mean result, then pooled where they are not monotone. */
const BINS = 60;

type Curve = [number, number, number][];

/**
 * Isotonic regression (pool adjacent violators) over quantile bins of the feature: the non-decreasing curve
 * nearest the observed results. Bins keep the ends from resting on a handful of positions.
 */
function fitCurve(samples: readonly Sample[]): Curve {
  const sorted = [...samples].sort((p, q) => p.x - q.x);
  const size = Math.max(1, Math.ceil(sorted.length / BINS));
  // Bins never split equal features: a score met thousands of times (0 in the opening) is one block.
  const blocks: { lo: number; hi: number; y: number; n: number }[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = Math.min(sorted.length, i + size);
    while (j < sorted.length && sorted[j]!.x === sorted[j - 1]!.x) j++;
    const part = sorted.slice(i, j);
    const y = part.reduce((t, s) => t + s.y, 0) / part.length;
    blocks.push({ lo: part[0]!.x, hi: part[part.length - 1]!.x, y, n: part.length });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.y >= blocks[blocks.length - 1]!.y) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const n = a.n + b.n;
      blocks.push({ lo: a.lo, hi: b.hi, y: (a.y * a.n + b.y * b.n) / n, n });
    }
    i = j;
  }
  return blocks.map((b) => [Number(b.lo.toFixed(4)), Number(b.hi.toFixed(4)), Number(b.y.toFixed(4))]);
}

function fitSeats(samples: readonly Sample[]): Curve[] {
  return [0, 1].map((seat) => fitCurve(samples.filter((s) => s.seat === seat)));
}

function fitCommand(id: ScoreKind, files: string[], write: boolean): void {
  const samples: Sample[] = [];
  const games = new Set<number>();
  let plies = 0;
  let draws = 0;
  let firstWins = 0;
  for (const file of files) {
    for (const l of readFileSync(file, 'utf8').split('\n')) {
      if (!l) continue;
      const g = JSON.parse(l) as GameLine;
      if (games.has(g.i)) continue;
      games.add(g.i);
      plies += g.plies;
      if (g.result[0] === 0.5) draws++;
      if (g.result[0] === 1) firstWins++;
      for (const [seat, score] of g.samples)
        samples.push({ game: g.i, seat, x: feature(id, score), y: g.result[seat] as number });
    }
  }
  console.log(
    `${id}: ${games.size} games, ${samples.length} searched positions, ${(plies / games.size).toFixed(1)} plies a game; seat 0 won ${((100 * firstWins) / games.size).toFixed(1)} %, draws ${((100 * draws) / games.size).toFixed(1)} %`,
  );
  // Five folds by game: each position's chance comes from a fit that never saw its game.
  const predicted: { p: number; y: number }[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const curves = fitSeats(samples.filter((s) => s.game % 5 !== fold));
    for (const s of samples) if (s.game % 5 === fold) predicted.push({ p: readCurve(curves[s.seat]!, s.x), y: s.y });
  }
  const worst = table(predicted);
  const seats = fitSeats(samples);
  console.log(
    `\nfitted on every game: ${seats.map((c) => c.length).join(' and ')} points for seat 0 and seat 1 to move`,
  );
  if (write) {
    const path = fileURLToPath(new URL('../src/analysis/calibration.json', import.meta.url));
    const all = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    all[id] = {
      games: games.size,
      positions: samples.length,
      largestGap: Number(worst.toFixed(1)),
      scale: GAMES[id].scale,
      seats,
    };
    writeFileSync(path, `${JSON.stringify(all)}\n`);
    console.log(`written to ${path}`);
  }
}

/**
 * The fitted curves read scores of searches at a few hundred nodes; the review and the analysis board search far
 * deeper. `check` plays games of the run again (the same games, move for move) and searches a position every
 * `--every` plies at `--nodes`, then prints the table of the shipped curves' predictions for those deeper scores.
 * Its positions come a few to a game, so a decile's figure moves with the results of a few dozen games: read it
 * with that error in mind (150 games give deciles of 10–250 positions).
 */
function checkCommand(id: ScoreKind, args: string[]): void {
  const flag = (name: string, fallback: string): string => {
    const k = args.indexOf(name);
    return k >= 0 ? (args[k + 1] as string) : fallback;
  };
  const games = Number(flag('--games', '200'));
  const from = Number(flag('--from', '0'));
  const nodes = Number(flag('--nodes', '30000'));
  // Odd, so that both seats' positions are searched (an even step would only ever meet one seat to move).
  const every = Number(flag('--every', '7'));
  const predicted: { p: number; y: number }[] = [];
  for (let i = from; i < from + games; i++) {
    const out: Sample[] = [];
    const line = playOne(id, i, { nodes, every, out });
    for (const s of out) predicted.push({ p: chancesOf(id, s.seat, s.x), y: line.result[s.seat] as number });
  }
  console.log(`${id}: ${predicted.length} positions of ${games} games searched at ${nodes} nodes`);
  table(predicted);
}

function table(predicted: readonly { p: number; y: number }[]): number {
  console.log('\npredicted decile | positions | mean predicted | observed | gap (points)');
  let worst = 0;
  for (let d = 0; d < 10; d++) {
    const inside = predicted.filter((q) => q.p >= d / 10 && (d === 9 ? q.p <= 1 : q.p < (d + 1) / 10));
    if (inside.length === 0) {
      console.log(`${d * 10}–${d * 10 + 10} % | 0 | — | — | —`);
      continue;
    }
    const mp = inside.reduce((t, q) => t + q.p, 0) / inside.length;
    const my = inside.reduce((t, q) => t + q.y, 0) / inside.length;
    const gap = 100 * (my - mp);
    worst = Math.max(worst, Math.abs(gap));
    console.log(
      `${d * 10}–${d * 10 + 10} % | ${inside.length} | ${(100 * mp).toFixed(1)} | ${(100 * my).toFixed(1)} | ${gap >= 0 ? '+' : ''}${gap.toFixed(1)}`,
    );
  }
  console.log(`largest gap: ${worst.toFixed(1)} points (target: within 5 in every decile)`);
  return worst;
}

const [command, given, ...rest] = process.argv.slice(2);
const id = given as ScoreKind;
if (!id || !Object.hasOwn(GAMES, id)) {
  console.error('usage: calibrate.ts play|fit|check camelot|lancelot …');
  process.exit(2);
}
if (command === 'play') play(id, rest);
else if (command === 'check') checkCommand(id, rest);
else if (command === 'fit')
  fitCommand(
    id,
    rest.filter((a) => !a.startsWith('--')),
    rest.includes('--write'),
  );
else {
  console.error('usage: calibrate.ts play|fit camelot|lancelot …');
  process.exit(2);
}
