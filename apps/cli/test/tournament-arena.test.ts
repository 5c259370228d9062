import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkers } from '@roundtable/ai';
import { replay } from '@roundtable/core';
import { tournament } from '@roundtable/tournament';
import { formatArena, runArena } from '../src/arena/arena.ts';
import { arenaCommand, type ArenaSeries } from '../src/arena/command.ts';
import { mergeRoles, RoleTally } from '../src/arena/roles.ts';
import { tournamentAdapter } from '../src/games/tournament.ts';
import { BIN, ENV } from './fixtures/engine-process.ts';

afterAll(() => closeWorkers());

const roles = tournamentAdapter.arena!.roles!;
// Short games (50 life) between greedy bots: a few hundred milliseconds each.
const SHORT = { heroes: 'random', godsends: true, life: 50 } as const;

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe('arena: win rates per hero (the role of a seat in Tournament at Camelot)', () => {
  it('tallies every seat of every game under the hero it was dealt, wins adding up to the games played', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-heroes-'));
    const jsonl = join(dir, 'games.jsonl');
    const r = await runArena({
      game: tournament,
      bots: ['greedy'],
      players: 3,
      games: 4,
      seed: 'heroes',
      options: SHORT,
      roles,
      jsonl,
    });
    expect(r.roleName).toBe('hero');
    const heroes = r.roles!;
    expect(heroes.reduce((n, h) => n + h.games, 0)).toBe(3 * 4);
    // Each game has one win to share out, and a fair share of 1/3 per seat.
    expect(heroes.reduce((n, h) => n + h.score, 0)).toBeCloseTo(4, 9);
    for (const h of heroes) {
      expect(h.fairShare).toBeCloseTo(1 / 3, 9);
      expect(h.ratio).toBeCloseTo(h.winRate * 3, 9);
      expect(h.winLow).toBeLessThanOrEqual(h.winRate);
      expect(h.winHigh).toBeGreaterThanOrEqual(h.winRate);
    }
    // The heroes are the ones the engine dealt from each game's seed, and they vary from game to game.
    const lines = readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { roles: string[]; outcome: { winners: number[] }; record: { seed: string } });
    for (const l of lines) {
      const dealt = tournament.setup({ players: 3, options: SHORT, seed: l.record.seed });
      expect(dealt.ok && dealt.value.heroes).toEqual(l.roles);
      expect(replay(tournament, l.record).ok).toBe(true);
    }
    expect(new Set(lines.map((l) => l.roles.join())).size).toBeGreaterThan(1);
    // A hero's wins are the wins of the seats that held it.
    const arthurWins = lines.reduce(
      (n, l) =>
        n +
        l.roles.filter((h, s) => h === 'arthur' && l.outcome.winners.includes(s)).length /
          Math.max(1, l.outcome.winners.length),
      0,
    );
    expect(heroes.find((h) => h.role === 'arthur')?.score ?? 0).toBeCloseTo(arthurWins, 9);
    const table = formatArena(r);
    expect(table).toContain('× fair');
    expect(table).toMatch(/^hero\s+games\s+wins/m);
  });

  it('merges player counts with each game weighted by its own fair share', () => {
    const three = new RoleTally();
    three.add('arthur', 1, true, 3);
    three.add('arthur', 0, false, 3);
    const six = new RoleTally();
    six.add('arthur', 0.5, false, 6);
    six.add('arthur', 0, false, 6);
    const [arthur] = mergeRoles([three.results(), six.results()]);
    expect(arthur).toMatchObject({ role: 'arthur', games: 4, wins: 1, shared: 1, score: 1.5 });
    expect(arthur!.fairShare).toBeCloseTo((1 / 3 + 1 / 3 + 1 / 6 + 1 / 6) / 4, 9);
    expect(arthur!.ratio).toBeCloseTo(1.5 / 4 / arthur!.fairShare, 9);
  });

  it('runs several player counts from one command, each from its own seed, and merges the hero table', async () => {
    const out = sink();
    const err = sink();
    const code = await arenaCommand(
      [
        'tournament',
        '--bots',
        'greedy',
        '--players',
        '3,4',
        '--games',
        '2',
        '--seed',
        's',
        '--options',
        JSON.stringify(SHORT),
        '--json',
      ],
      (id) => (id === 'tournament' ? tournament : undefined),
      out.stream,
      err.stream,
    );
    expect(code).toBe(0);
    const series = JSON.parse(out.text()) as ArenaSeries;
    expect(series.runs.map((r) => r.players)).toEqual([3, 4]);
    expect(series.roles!.reduce((n, h) => n + h.games, 0)).toBe(2 * 3 + 2 * 4);
    const alone = await runArena({
      game: tournament,
      bots: ['greedy'],
      players: 4,
      games: 2,
      seed: 's/4p',
      options: SHORT,
      roles,
    });
    expect(alone.roles).toEqual(series.runs[1]!.roles);
  });
});

describe('arena --help', () => {
  it('prints the usage and succeeds', async () => {
    const out = sink();
    const err = sink();
    expect(await arenaCommand(['--help'], () => undefined, out.stream, err.stream)).toBe(0);
    expect(out.text()).toContain('usage: roundtable arena GAME --bots');
    expect(err.text()).toBe('');
  });

  it('is answered by the real executable with exit code 0', async () => {
    const r = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'arena', '--help'], { env: ENV, timeout: 30_000 });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--iterations N');
  });

  it('still refuses an unknown flag with a usage error', async () => {
    const err = sink();
    expect(await arenaCommand(['tournament', '--colour'], () => tournament, sink().stream, err.stream)).toBe(2);
    expect(err.text()).toMatch(/Unknown option '--colour'/);
  });
});
