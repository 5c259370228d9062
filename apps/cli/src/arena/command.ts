import { parseArgs } from 'node:util';
import { closeWorkers } from '@roundtable/ai';
import type { AnyGame } from '@roundtable/core';
import { adapters } from '../games/index.ts';
import { formatArena, progressBar, runArena, type ArenaResults } from './arena.ts';
import {
  formatAccusations,
  formatRoles,
  mergeAccusations,
  mergeRoles,
  rolesOf,
  type AccusationResult,
  type ArenaRoles,
  type RoleResult,
} from './roles.ts';

export const ARENA_USAGE =
  'roundtable arena GAME --bots a,b[,c...] --games N [--ms T | --iterations N | --clock MS[+INC]] [--players P[,Q...]] [--seed S] [--jsonl FILE] [--json] [--options JSON]';

const ARENA_HELP = `Bots against bots, seats rotated one per game: win rates with 95% intervals and Elo, and per role (a
game's heroes) when the game has roles. Each game is seeded from --seed and its index.

usage: ${ARENA_USAGE}

  --bots a,b,...    bot levels, one per seat; the last fills the remaining seats (--bots strong: all strong);
                    exec:COMMAND is an outside engine speaking the protocol (apps/cli/PROTOCOL.md, "the bot
                    side"), e.g. --bots exec:"npx roundtable engine --level medium",strong
  --games N         games per player count (default 10)
  --ms T            think time per move for every searching bot (default: each level's own)
  --iterations N    search iterations per move instead: deterministic, reproducible runs
  --clock MS[+INC]  a clock per seat: MS milliseconds per game, INC added per move; bots budget their
                    time from it and a seat out of time loses (e.g. --clock 60000+500)
  --players P,Q     number of players; a list plays --games at each count, then merges the per-role table
  --seed S          arena seed (default 1); with several counts, count P is seeded S/Pp
  --jsonl FILE      one JSON line per game: seats, roles, outcome and the replayable record
  --json            the results as JSON instead of tables
  --options JSON    game options, e.g. '{"heroes":"random"}'
  -h, --help        this help
`;

/** The results of an arena over several player counts: one run per count and the roles of all merged. */
export interface ArenaSeries {
  readonly runs: readonly ArenaResults[];
  readonly roleName?: string;
  readonly roles?: readonly RoleResult[];
  readonly accusations?: AccusationResult;
}

/**
 * `roundtable arena`: parses the flags, runs the arena with a progress bar on stderr and prints the table (or the
 * results as JSON with --json). Returns the exit code; the caller resolves game ids (the CLI's registry).
 */
export async function arenaCommand(
  argv: readonly string[],
  findGame: (id: string) => AnyGame | undefined,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  findRoles: (id: string) => ArenaRoles | undefined = adapterRoles,
): Promise<number> {
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
        clock: { type: 'string' },
        players: { type: 'string' },
        seed: { type: 'string' },
        jsonl: { type: 'string' },
        json: { type: 'boolean', default: false },
        options: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    err.write(`error: ${(e as Error).message}\nusage: ${ARENA_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.write(ARENA_HELP);
    return 0;
  }
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
    const bots = (values.bots ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter((b) => b.length > 0);
    if (bots.length === 0) throw new Error('--bots names at least one bot level');
    const ms = int('ms', values.ms);
    const iterations = int('iterations', values.iterations);
    const clock = values.clock === undefined ? undefined : parseClock(values.clock);
    if (clock && (ms !== undefined || iterations !== undefined))
      throw new Error('--clock replaces --ms and --iterations: give one of them');
    const counts =
      values.players === undefined ? [undefined] : values.players.split(',').map((p) => int('players', p.trim()));
    const games = int('games', values.games) ?? 10;
    const roles = findRoles(game.id);
    const options = values.options !== undefined ? parseOptions(values.options) : undefined;
    const tty = (err as { isTTY?: boolean }).isTTY === true;
    let lastLine = 0;
    const runs: ArenaResults[] = [];
    // Each count has its own seed, `S/3p`, so that deals do not repeat from one count to the next (game g at 3 and
    // at 4 players would be dealt the same heroes); `--players 3 --seed S/3p` alone replays that part.
    const seed = values.seed ?? '1';
    for (const players of counts) {
      const results = await runArena({
        game,
        bots,
        games,
        ...(ms !== undefined ? { ms } : {}),
        ...(iterations !== undefined ? { iterations } : {}),
        ...(clock ? { clock } : {}),
        ...(players !== undefined ? { players } : {}),
        seed: counts.length > 1 ? `${seed}/${String(players)}p` : seed,
        ...(values.jsonl !== undefined ? { jsonl: values.jsonl, jsonlAppend: runs.length > 0 } : {}),
        ...(options !== undefined ? { options } : {}),
        ...(roles ? { roles } : {}),
        onProgress: (done, total, partial) => {
          const line = `${counts.length > 1 ? `${partial.players}p ` : ''}${progressBar(done, total, partial)}`;
          if (tty) err.write(`\r${line}`);
          else if (done === total || performance.now() - lastLine > 10_000) {
            err.write(`${line}\n`);
            lastLine = performance.now();
          }
        },
      });
      if (tty) err.write('\n');
      runs.push(results);
    }
    if (runs.length === 1) {
      const only = runs[0] as ArenaResults;
      out.write(values.json ? `${JSON.stringify(only, null, 2)}\n` : `${formatArena(only)}\n`);
      return 0;
    }
    const merged: ArenaSeries = {
      runs,
      ...(roles ? { roleName: roles.name.en, roles: mergeRoles(runs.map((r) => r.roles ?? [])) } : {}),
      ...(roles?.accusations
        ? {
            accusations: mergeAccusations(
              runs.map((r) => r.accusations).filter((a): a is AccusationResult => a !== undefined),
            ),
          }
        : {}),
    };
    out.write(values.json ? `${JSON.stringify(merged, null, 2)}\n` : `${formatSeries(merged)}\n`);
    return 0;
  } catch (e) {
    err.write(`error: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await closeWorkers();
  }
}

/** Each run's table, then the roles of every run as one table (fair share: the mean 1/players of the games). */
export function formatSeries(series: ArenaSeries): string {
  const parts = series.runs.map(formatArena);
  if (series.roles && series.roleName) {
    const games = series.runs.reduce((n, r) => n + r.played, 0);
    const counts = series.runs.map((r) => r.players).join(', ');
    parts.push(
      `All ${games} games (${counts} players), per ${series.roleName}:\n${formatRoles(series.roles, series.roleName)}`,
    );
  }
  if (series.accusations) parts.push(formatAccusations(series.accusations));
  return parts.join('\n\n');
}

/** The roles a game's terminal adapter offers the arena (its optional `arena` field). */
function adapterRoles(id: string): ArenaRoles | undefined {
  return Object.hasOwn(adapters, id) ? rolesOf(adapters[id]) : undefined;
}

/** `--clock 60000+500`: milliseconds per game and per move added. */
function parseClock(text: string): { ms: number; inc: number } {
  const m = /^(\d{1,9})(?:\+(\d{1,9}))?$/.exec(text.trim());
  const ms = m ? Number(m[1]) : 0;
  if (!m || ms <= 0) throw new Error(`--clock must be MS or MS+INC in milliseconds (e.g. 60000+500), not "${text}"`);
  return { ms, inc: m[2] !== undefined ? Number(m[2]) : 0 };
}

/** `--options '{"heroes":"random"}'`: a JSON object, checked by the game itself afterwards. */
function parseOptions(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`--options must be a JSON object such as '{"heroes":"random"}': ${(e as Error).message}`, {
      cause: e,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`--options must be a JSON object, not ${text.slice(0, 100)}`);
  return value;
}
