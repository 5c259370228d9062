import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import { lancelot } from '@roundtable/lancelot';
import { closeWorkers } from '@roundtable/ai';
import { replay } from '@roundtable/core';
import { formatArena, runArena } from '../arena.ts';
import { eloRatings, wilson } from '../stats.ts';

afterAll(() => closeWorkers());

describe('arena statistics', () => {
  it('gives the Wilson interval of a proportion', () => {
    const ci = wilson(9, 10);
    expect(ci.low).toBeCloseTo(0.596, 2);
    expect(ci.high).toBeCloseTo(0.982, 2);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('rates the winner of most games above the loser, centred on 0', () => {
    const pairs = [...Array(30)].map((_, i) => ({ a: 0, b: 1, score: i < 24 ? 1 : 0 }));
    const [a, b] = eloRatings(2, pairs) as [number, number];
    // 24–6 is a score of 0.8, about +240 Elo (the half-draw prior pulls it in a little).
    expect(a - b).toBeGreaterThan(200);
    expect(a - b).toBeLessThan(245);
    expect(a + b).toBeCloseTo(0, 6);
  });
});

describe('runArena', () => {
  it('plays the games with seats rotated, keeps replayable records and tallies every game', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-'));
    const jsonl = join(dir, 'games.jsonl');
    const progress: number[] = [];
    const r = await runArena({
      game: camelot,
      bots: ['greedy', 'random'],
      games: 4,
      iterations: 100,
      seed: 3,
      jsonl,
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(r.played).toBe(4);
    for (const e of r.entrants) expect(e.wins + e.draws + e.losses).toBe(4);
    const lines = readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seats: string[]; record: unknown });
    expect(lines.map((l) => l.seats)).toEqual([
      ['greedy', 'random'],
      ['random', 'greedy'],
      ['greedy', 'random'],
      ['random', 'greedy'],
    ]);
    for (const l of lines) expect(replay(camelot, l.record).ok).toBe(true);
    expect(formatArena(r)).toContain('95% CI');
  });

  it('fills the remaining seats with the last bot named and replays exactly under an iteration budget', async () => {
    const run = () =>
      runArena({ game: lancelot, bots: ['easy', 'greedy'], players: 3, games: 3, iterations: 50, seed: 9 });
    const a = await run();
    expect(a.entrants.map((e) => e.name)).toEqual(['easy', 'greedy#1', 'greedy#2']);
    const b = await run();
    expect(b.entrants.map((e) => [e.wins, e.draws, e.losses])).toEqual(
      a.entrants.map((e) => [e.wins, e.draws, e.losses]),
    );
  });

  it('seats the book level for Camelot and refuses it for Lancelot, naming the levels Lancelot has', async () => {
    const r = await runArena({ game: camelot, bots: ['book', 'random'], games: 1, iterations: 20, maxPlies: 4 });
    expect(r.entrants.map((e) => e.name)).toEqual(['book', 'random']);
    await expect(runArena({ game: lancelot, bots: ['book'], games: 1 })).rejects.toThrow(
      'The bot level "book" is not offered for lancelot, only for camelot (levels for lancelot: random, greedy, easy, medium, strong).',
    );
  });
});
