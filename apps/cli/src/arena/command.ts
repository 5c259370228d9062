import { parseArgs } from 'node:util';
import { closeWorkers } from '@roundtable/ai';
import type { AnyGame } from '@roundtable/core';
import { formatArena, progressBar, runArena, type ArenaResults } from './arena.ts';

export const ARENA_USAGE = 'roundtable arena GAME --bots a,b[,c...] --games N [--ms T | --iterations N] [--players P] [--seed S] [--jsonl FILE] [--json]';

/**
 * `roundtable arena`: parses the flags, runs the arena with a progress bar on stderr and prints the table (or the
 * results as JSON with --json). Returns the exit code; the caller resolves game ids (the CLI's registry).
 */
export async function arenaCommand(argv: readonly string[], findGame: (id: string) => AnyGame | undefined, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        bots: { type: 'string' },
        games: { type: 'string', default: '10' },
        ms: { type: 'string' },
        iterations: { type: 'string' },
        players: { type: 'string' },
        seed: { type: 'string' },
        jsonl: { type: 'string' },
        json: { type: 'boolean', default: false },
        options: { type: 'string' },
      },
    });
  } catch (e) {
    err.write(`error: ${(e as Error).message}\nusage: ${ARENA_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const id = positionals[0];
  const game = id ? findGame(id) : undefined;
  if (!game) {
    err.write(`error: ${id ? `unknown game "${id}"` : 'name a game'}\nusage: ${ARENA_USAGE}\n`);
    return 2;
  }
  const int = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, not "${text}"`);
    return n;
  };
  try {
    const bots = (values.bots ?? '').split(',').map((b) => b.trim()).filter((b) => b.length > 0);
    if (bots.length === 0) throw new Error('--bots names at least one bot level');
    const ms = int('ms', values.ms);
    const iterations = int('iterations', values.iterations);
    const players = int('players', values.players);
    const tty = (err as { isTTY?: boolean }).isTTY === true;
    let lastLine = 0;
    const results: ArenaResults = runArena({
      game,
      bots,
      games: int('games', values.games) ?? 10,
      ...(ms !== undefined ? { ms } : {}),
      ...(iterations !== undefined ? { iterations } : {}),
      ...(players !== undefined ? { players } : {}),
      ...(values.seed !== undefined ? { seed: values.seed } : {}),
      ...(values.jsonl !== undefined ? { jsonl: values.jsonl } : {}),
      ...(values.options !== undefined ? { options: JSON.parse(values.options) as unknown } : {}),
      onProgress: (done, total, partial) => {
        const line = progressBar(done, total, partial);
        if (tty) err.write(`\r${line}`);
        else if (done === total || performance.now() - lastLine > 10_000) {
          err.write(`${line}\n`);
          lastLine = performance.now();
        }
      },
    });
    if (tty) err.write('\n');
    out.write(values.json ? `${JSON.stringify(results, null, 2)}\n` : `${formatArena(results)}\n`);
    return 0;
  } catch (e) {
    err.write(`error: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await closeWorkers();
  }
}
