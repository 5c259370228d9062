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
 * A position becomes a puzzle when its best move's winning chances stand at least MARGIN above the next best
 * move's, first by a quick look (QUICK_NODES) and then confirmed by a deeper search (CONFIRM_NODES) that must
 * find the same move; the solution goes on while the solver's next move (after the search's reply) is unique
 * by the same margin, up to three solver moves. Positions already decided (the best and the next best both at 90
 * % or more, or both at 10 % or less) are left out, and so is a position a few plies after an accepted one.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Match, createRng, nextFloat, nextInt, replay, type AnyGame, type Seat } from '@roundtable/core';
import { camelot, engineOf, type CamelotMove, type CamelotState } from '@roundtable/camelot';
import { analyse } from '@roundtable/ai';
import type { Puzzle, Theme } from '../src/types.ts';
import { CONFIRM_NODES, QUICK_NODES, uniqueBest } from './unique.ts';

const game = camelot as AnyGame;
const MAX_SOLVER_MOVES = 3;
const BUDGETS = [300, 600, 1200];
const RANDOM_MOVE = 0.04;

interface Found {
  readonly position: string;
  readonly solution: string[];
  readonly themes: Theme[];
  readonly margin: number;
  /** The depth at which the deep search first chose the solution's first move and kept it. */
  readonly depth: number;
  readonly source: string;
}

function moveOf(state: CamelotState, text: string): CamelotMove | null {
  const parsed = game.parseMove(state, state.side, text);
  return parsed.ok ? (parsed.value as CamelotMove) : null;
}

/** The themes a solution shows, read from its moves and the positions they pass through. */
export function themesOf(start: CamelotState, solution: readonly string[], chances: number, second: number): Theme[] {
  const themes = new Set<Theme>();
  const engine = engineOf(start);
  let s = start;
  const solver = start.side;
  for (let i = 0; i < solution.length; i++) {
    const m = moveOf(s, solution[i] as string);
    if (!m) break;
    if (i % 2 === 0) {
      if (engine.geo.isEnemyCastle(m.to, solver)) themes.add('castle');
      const piece = s.board[m.from] as number;
      const knight = piece === 2 || piece === 4;
      if (knight && m.jumps.some(Boolean) && m.jumps.some((j) => !j)) themes.add('charge');
      if (m.captures.length >= 2) themes.add('multiple');
      if (i === 0 && m.captures.length === 0 && solution.length >= 3) {
        // The first move gives a piece the opponent must take (captures are compulsory), and the solver then
        // takes back more.
        const after = game.play(s, solver, m);
        if (after.ok) {
          const replies = game.legalMoves(after.value, 1 - solver) as CamelotMove[];
          const next = moveOf(after.value as CamelotState, solution[1] as string);
          const back = next ? game.play(after.value, 1 - solver, next) : null;
          const third = back?.ok ? moveOf(back.value as CamelotState, solution[2] as string) : null;
          if (
            replies.length > 0 &&
            replies.every((r) => r.captures.length > 0) &&
            third &&
            third.captures.length > (next?.captures.length ?? 0)
          )
            themes.add('trap');
        }
      }
      if (i === 0 && m.captures.length > 0 && !themes.has('multiple')) themes.add('material');
    }
    const next = game.play(s, s.side, m);
    if (!next.ok) break;
    s = next.value as CamelotState;
  }
  // Only one move holds: the next best loses, the best keeps the game.
  if (second <= 0.3 && chances >= 0.4) themes.add('defence');
  if (themes.size === 0) themes.add('material');
  return [...themes];
}

/** The confirmed puzzle at `state`, or null. */
export function confirm(state: CamelotState, source: string): Found | null {
  const first = uniqueBest(state, CONFIRM_NODES);
  if (!first) return null;
  const solution = [first.best];
  let margin = first.margin;
  let s: unknown = state;
  for (let k = 1; k < MAX_SOLVER_MOVES; k++) {
    const played = game.parseMove(s, game.toMove(s)[0] as Seat, solution[solution.length - 1] as string);
    const after = played.ok ? game.play(s, game.toMove(s)[0] as Seat, played.value) : null;
    if (!after?.ok || game.outcome(after.value)) break;
    const reply = analyse(game, after.value, { iterations: CONFIRM_NODES }, { lineLength: 1 });
    if (!reply.best) break;
    const parsedReply = game.parseMove(after.value, game.toMove(after.value)[0] as Seat, reply.best);
    const back = parsedReply.ok ? game.play(after.value, game.toMove(after.value)[0] as Seat, parsedReply.value) : null;
    if (!back?.ok || game.outcome(back.value)) break;
    const next = uniqueBest(back.value, CONFIRM_NODES);
    if (!next) break;
    solution.push(reply.best, next.best);
    margin = Math.min(margin, next.margin);
    s = back.value;
  }
  return {
    position: game.position!.write(state),
    solution,
    themes: themesOf(state, solution, first.chances, first.second),
    margin,
    depth: first.depth,
    source,
  };
}

/** Looks through one match's positions (the solver is the side to move). */
function scan(match: Match, label: string, seen: Set<string>, out: string): number {
  let found = 0;
  let quietUntil = -1;
  for (let ply = 0; ply < match.ply; ply++) {
    if (ply < quietUntil) continue;
    const state = match.stateAt(ply) as CamelotState;
    if (game.outcome(state)) break;
    const position = game.position!.write(state);
    const key = position.split(' ').slice(0, 3).join(' ');
    if (seen.has(key)) continue;
    if (!uniqueBest(state, QUICK_NODES)) continue;
    const puzzle = confirm(state, `${label} ply ${ply}`);
    if (!puzzle) continue;
    seen.add(key);
    appendFileSync(out, `${JSON.stringify(puzzle)}\n`);
    found++;
    quietUntil = ply + 6;
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
      seen.add(p.position.split(' ').slice(0, 3).join(' '));
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

/** Difficulty as a first rating: how deep the search had to look, and how long the solution is. */
function firstRating(p: Found): number {
  return Math.round(1100 + 120 * Math.min(6, p.depth) + 150 * ((p.solution.length - 1) / 2));
}

/** Writes the shipped file from mined lines: sorted by source, one id each, first ratings. */
function write(files: string[]): void {
  const all: Found[] = [];
  const keys = new Set<string>();
  for (const f of files)
    for (const l of readFileSync(f, 'utf8').split('\n')) {
      if (!l) continue;
      const p = JSON.parse(l) as Found;
      const key = p.position.split(' ').slice(0, 3).join(' ');
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
