/**
 * Re-searches every shipped puzzle: each solver move must still be the confirming search's best, with winning
 * chances at least MARGIN above the next best move's, and each reply of the opponent legal.
 *
 *   nice -n 19 npx tsx packages/puzzles/bench/verify.ts [--sample N] [--part K/N] [--prune]
 *
 * Prints each failure and the count; `--prune` rewrites src/camelot.json without the puzzles that failed.
 * `--part K/N` checks every N-th puzzle from the K-th (0 ≤ K < N), so that N processes share the work (they do not
 * prune); `--prune-from LOG…` then removes the puzzles those runs' printed output names as failed, searching nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Match, type AnyGame, type Seat } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import type { Puzzle } from '../src/types.ts';
import { CONFIRM_NODES, MARGIN, uniqueBest } from './unique.ts';

const game = camelot as AnyGame;

/** Why a puzzle fails the check, or null when every solver move is unique by MARGIN. */
export function checkPuzzle(p: Puzzle, nodes = CONFIRM_NODES): string | null {
  const made = Match.create(game, { position: p.position });
  if (!made.ok) return `position refused: ${made.error.code}`;
  const m = made.value;
  for (let k = 0; k < p.solution.length; k++) {
    const move = p.solution[k] as string;
    if (k % 2 === 0) {
      const found = uniqueBest(m.state, nodes);
      if (!found) return `move ${k + 1} (${move}) is not unique by ${MARGIN}`;
      if (found.best !== move) return `move ${k + 1}: the search prefers ${found.best} to ${move}`;
    }
    const played = m.play(m.toMove()[0] as Seat, move);
    if (!played.ok) return `move ${k + 1} (${move}) is refused: ${played.error.code}`;
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const from = args.indexOf('--prune-from');
  if (from >= 0) {
    const path = fileURLToPath(new URL('../src/camelot.json', import.meta.url));
    const puzzles = JSON.parse(readFileSync(path, 'utf8')) as Puzzle[];
    const failed = new Set(
      args
        .slice(from + 1)
        .flatMap((log) => readFileSync(log, 'utf8').split('\n'))
        .flatMap((l) => /^(c\d+): /.exec(l)?.[1] ?? []),
    );
    const kept = puzzles.filter((p) => !failed.has(p.id));
    writeFileSync(path, `${JSON.stringify(kept, null, 1)}\n`);
    console.log(`${puzzles.length - kept.length} removed from ${path}: ${kept.length} left`);
    process.exit(0);
  }
  const k = args.indexOf('--sample');
  const sample = k >= 0 ? Number(args[k + 1]) : Infinity;
  const path = fileURLToPath(new URL('../src/camelot.json', import.meta.url));
  const puzzles = JSON.parse(readFileSync(path, 'utf8')) as Puzzle[];
  const part = args.indexOf('--part');
  const [shard = NaN, shards = NaN] = part >= 0 ? (args[part + 1] ?? '').split('/').map(Number) : [0, 1];
  if (!Number.isInteger(shard) || !Number.isInteger(shards) || shards < 1 || shard < 0 || shard >= shards) {
    console.error('--part K/N: 0 ≤ K < N');
    process.exit(2);
  }
  const base = Number.isFinite(sample) ? Math.max(1, Math.floor(puzzles.length / sample)) : 1;
  const started = Date.now();
  const failed = new Set<string>();
  let checked = 0;
  for (let i = shard * base; i < puzzles.length && checked < sample; i += base * shards) {
    const p = puzzles[i] as Puzzle;
    const why = checkPuzzle(p);
    checked++;
    if (why) {
      failed.add(p.id);
      console.log(`${p.id}: ${why}`);
    }
  }
  console.log(
    `${checked} puzzles re-searched at ${CONFIRM_NODES.toLocaleString('en')} nodes: ${checked - failed.size} unique by ${MARGIN} or more, ${failed.size} not (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  if (args.includes('--prune') && failed.size > 0 && shards === 1) {
    writeFileSync(
      path,
      `${JSON.stringify(
        puzzles.filter((p) => !failed.has(p.id)),
        null,
        1,
      )}\n`,
    );
    console.log(`${failed.size} removed from ${path}`);
  }
  process.exitCode = failed.size > 0 ? 1 : 0;
}
