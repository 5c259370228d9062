/**
 * The Chevaliers bots (packages/games/shadows/BOTS.md): the ISMCTS search sees a quest won and a death coming,
 * and its loyal knights win seeded games that random knights lose.
 */
import { describe, expect, it } from 'vitest';
import { createRng, type Seat } from '@roundtable/core';
import { scenario, shadows, type ShadowsState } from '@roundtable/shadows';
import type { Bot } from '../src/bot.ts';
import { searchIsmcts } from '../src/ismcts.ts';
import { randomBot } from '../src/random.ts';
import { fixedBudgetBot } from '../src/search-bot.ts';
import { shadowsPolicyBot, shadowsTuning } from '../src/shadows.ts';

function rootStats(s: ShadowsState, seat: Seat, iterations: number): Map<string, number> {
  const report = searchIsmcts({ game: shadows, view: shadows.view(s, seat), seat, rng: createRng('root'), budget: { iterations } }, shadowsTuning);
  if (report.kind !== 'visits') throw new Error('no search');
  return new Map(report.moves.map((m) => [m.move, m.value / Math.max(1, m.visits)]));
}

describe('the ISMCTS search (shadows tuning)', () => {
  it('pushes Excalibur home when that brings the 12th sword, and the bot plays it', () => {
    const s = scenario({ players: 3, hands: [['fight-1', 'fight-2', 'grail'], ['fight-3'], ['fight-4']], locations: ['excalibur', 'camelot', 'camelot'], excalibur: { pos: 4 }, whiteSwords: 10, phase: { kind: 'heroic' }, turn: { stage: 'heroic' } });
    const stats = rootStats(s, 0, 150);
    // A won game is worth 1/3 or 1/2 to each loyal knight (shared with two, or one beside a sampled traitor).
    const push = Math.max(...[...stats].filter(([m]) => m.startsWith('push')).map(([, v]) => v));
    // (A free declaration or Arthur's free swap first lead to the same win.)
    for (const [m, v] of stats) if (!/^(push|declare|give) /.test(m)) expect(v, m).toBeLessThan(push);
    const move = fixedBudgetBot(150).choose({ game: shadows, view: shadows.view(s, 0), seat: 0, rng: createRng('bot') });
    expect(move).toMatch(/^push /);
  });

  it('does not spend its last life point on the Progression of Evil', () => {
    const s = scenario({ players: 3, life: [1, 4, 4], hands: [['fight-1'], ['fight-3'], ['fight-4']] });
    const stats = rootStats(s, 0, 120);
    expect(stats.get('evil life')).toBeLessThan(Math.max(stats.get('evil siege') ?? 0, stats.get('evil black') ?? 0));
    expect(fixedBudgetBot(120).choose({ game: shadows, view: shadows.view(s, 0), seat: 0, rng: createRng('bot') })).not.toBe('evil life');
  });
});

/** Loyal wins of `bot` in seeded 4-player games without a traitor. */
function loyalWins(bot: Bot, games: number): number {
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const options = shadows.parseOptions({ loyaltyDeck: 'all-loyal' }, 4);
    if (!options.ok) throw new Error(options.error.code);
    const created = shadows.setup({ players: 4, options: options.value, seed: `t${g}` });
    if (!created.ok) throw new Error(created.error.code);
    let s = created.value;
    for (let ply = 0; !shadows.outcome(s) && ply < 5000; ply++) {
      const seat = shadows.toMove(s)[0] as Seat;
      const move = bot.choose({ game: shadows, view: shadows.view(s, seat), seat, rng: createRng(`t${g}/${ply}`) });
      const parsed = shadows.parseMove(s, seat, move as string);
      if (!parsed.ok) throw new Error(`${move}`);
      const next = shadows.play(s, seat, parsed.value);
      if (!next.ok) throw new Error(`${move}: ${next.error.code}`);
      s = next.value;
    }
    if (s.phase.kind === 'over' && s.phase.loyalWin) wins++;
  }
  return wins;
}

describe("the searcher's rule of thumb (rollouts, prior, default move)", () => {
  it('wins seeded games without a traitor that random knights lose', () => {
    expect(loyalWins(randomBot, 5)).toBe(0);
    expect(loyalWins(shadowsPolicyBot, 5)).toBeGreaterThanOrEqual(3);
  });
});
