import type { Writable } from 'node:stream';
import type { Match } from '@roundtable/core';
import { ok, type Result } from '@roundtable/core';
import { perft } from './perft.ts';

/**
 * `roundtable perft`: perft(1) … perft(depth) with their times, then the count alone on the last line, so
 * scripts can read `| tail -1`.
 */
export function runPerft(match: Match, depth: number, output: Writable): Result<number> {
  let count = 0;
  for (let d = depth === 0 ? 0 : 1; d <= depth; d++) {
    const started = process.hrtime.bigint();
    const counted = perft(match.game, match.state, d);
    if (!counted.ok) return counted;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    count = counted.value;
    const rate = seconds > 0 ? `${Math.round(count / seconds).toLocaleString('en-US')} nodes/s` : '';
    output.write(`perft(${d}) = ${count}  ${seconds.toFixed(3)} s  ${rate}\n`);
  }
  output.write(`${count}\n`);
  return ok(count);
}
