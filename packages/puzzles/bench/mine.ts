/**
 * Mines Camelot puzzles from games: self-play between quick searches (each side a node budget drawn per game,
 * a random opening, now and then a random move, so that chances come and go), and optionally finished human
 * matches (`--records FILE`: one match record per line, as the server exports them).
 *
 *   nice -n 19 npx tsx packages/puzzles/bench/mine.ts --games 2000 --out mined.jsonl [--from 0] [--records FILE]
 *   npx tsx packages/puzzles/bench/mine.ts --write mined.jsonl…   # the shipped file, ids and order fixed
 *   nice -n 19 npx tsx packages/puzzles/bench/verify.ts --part 0/2 > v0.log   # and --part 1/2 > v1.log beside it
 *   npx tsx packages/puzzles/bench/verify.ts --prune-from v0.log v1.log && npx prettier --write packages/puzzles/src
 *
 * The miner itself (the margin rule, the themes) is src/mine.ts, which the server's mining job shares.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Match, createRng, nextFloat, nextInt, replay, type AnyGame, type Seat } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { analyse } from '@roundtable/ai';
import type { Puzzle } from '../src/types.ts';
import { firstRating, minePositions, puzzleKey, type MinedPuzzle } from '../src/mine.ts';
import './unique.ts';

const game = camelot as AnyGame;
const BUDGETS = [300, 600, 1200];
const RANDOM_MOVE = 0.04;

type Found = MinedPuzzle;

/** Looks through one match's positions (the solver is the side to move). */
function scan(match: Match, label: string, seen: Set<string>, out: string): number {
  let found = 0;
  for (const puzzle of minePositions(match, label, seen)) {
    if (!puzzle) continue;
    appendFileSync(out, `${JSON.stringify(puzzle)}\n`);
    found++;
  }
  return found;
}

/** One self-play game between quick searches, with a random opening and the odd random move. */
function selfPlay(i: number): Match {
  const rng = createRng(`mine/${i}`);
  const made = Match.create(game, { seed: `mine/${i}` });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const budgets = [0, 1].map(() => BUDGETS[nextInt(rng, BUDGETS.length)] as number);
  const opening = nextInt(rng, 9);
  while (!m.outcome() && m.ply < 300) {
    const seat = m.toMove()[0] as Seat;
    const legal = m.legalMoves(seat);
    if (m.ply < opening || nextFloat(rng) < RANDOM_MOVE) {
      m.playMove(seat, legal[nextInt(rng, legal.length)]);
      continue;
    }
    const e = analyse(game, m.state, { iterations: budgets[seat] as number }, { lineLength: 1 });
    m.play(seat, e.best as string);
  }
  return m;
}

function mine(args: string[]): void {
  const flag = (name: string, fallback: string): string => {
    const k = args.indexOf(name);
    return k >= 0 ? (args[k + 1] as string) : fallback;
  };
  const games = Number(flag('--games', '100'));
  const from = Number(flag('--from', '0'));
  const out = flag('--out', 'mined.jsonl');
  const records = flag('--records', '');
  const seen = new Set<string>();
  const done = new Set<string>();
  if (existsSync(out))
    for (const l of readFileSync(out, 'utf8').split('\n')) {
      if (!l) continue;
      const p = JSON.parse(l) as Found;
      seen.add(puzzleKey(p.position));
      done.add(p.source.split(' ply ')[0] as string);
    }
  let total = 0;
  const started = Date.now();
  if (records) {
    readFileSync(records, 'utf8')
      .split('\n')
      .filter(Boolean)
      .forEach((line, k) => {
        const r = replay(game, JSON.parse(line));
        if (r.ok) total += scan(r.value, `record ${k}`, seen, out);
      });
  }
  for (let i = from; i < from + games; i++) {
    if (done.has(`self-play ${i}`)) continue;
    total += scan(selfPlay(i), `self-play ${i}`, seen, out);
    if ((i - from + 1) % 10 === 0)
      console.log(`${i - from + 1} games, ${total} puzzles, ${Math.round((Date.now() - started) / 1000)} s`);
  }
}

/** Writes the shipped file from mined lines: sorted by source, one id each, first ratings. */
function write(files: string[]): void {
  const all: Found[] = [];
  const keys = new Set<string>();
  for (const f of files)
    for (const l of readFileSync(f, 'utf8').split('\n')) {
      if (!l) continue;
      const p = JSON.parse(l) as Found;
      const key = puzzleKey(p.position);
      if (keys.has(key)) continue;
      keys.add(key);
      all.push(p);
    }
  const order = (s: string): number[] => s.match(/\d+/g)!.map(Number);
  all.sort((a, b) => {
    const x = order(a.source);
    const y = order(b.source);
    return (x[0]! - y[0]!) * 1e6 + (x[1]! - y[1]!);
  });
  const puzzles: Puzzle[] = all.map((p, k) => ({
    id: `c${String(k + 1).padStart(4, '0')}`,
    game: 'camelot',
    position: p.position,
    solution: p.solution,
    themes: p.themes,
    rating: firstRating(p),
    deviation: 250,
    margin: Math.round(p.margin * 1000) / 1000,
    source: p.source,
  }));
  const path = fileURLToPath(new URL('../src/camelot.json', import.meta.url));
  writeFileSync(path, `${JSON.stringify(puzzles, null, 1)}\n`);
  const count = new Map<string, number>();
  for (const p of puzzles) for (const t of p.themes) count.set(t, (count.get(t) ?? 0) + 1);
  console.log(`${puzzles.length} puzzles written to ${path}; themes: ${JSON.stringify(Object.fromEntries(count))}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const w = args.indexOf('--write');
  if (w >= 0) write(args.slice(w + 1));
  else mine(args);
}
