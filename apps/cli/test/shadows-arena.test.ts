import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkers, greedyBot, type Bot } from '@roundtable/ai';
import { replay } from '@roundtable/core';
import { shadows } from '@roundtable/shadows';
import { formatArena, runArena } from '../src/arena/arena.ts';
import { AccusationTally } from '../src/arena/roles.ts';
import { shadowsAdapter } from '../src/games/shadows.ts';

afterAll(() => closeWorkers());

const roles = shadowsAdapter.arena!.roles!;

/** Greedy, but accuses as soon as the rules allow (the greedy bot never does): the arena has accusations to count. */
const accuser: Bot = {
  level: 'accuser',
  choose(input) {
    const sample = input.game.determinize(input.view, input.seat, [...input.rng] as typeof input.rng);
    const moves = input.game.legalMoves(sample, input.seat).map((m) => input.game.formatMove(sample, m));
    return moves.find((m) => m.startsWith('accuse ')) ?? greedyBot.choose(input);
  },
};

describe('arena: Chevaliers per side (loyal / traitor) and the accusations made', () => {
  it('tallies each seat under its true side and counts accusations right when they name the traitor', async () => {
    const jsonl = `${process.env.TMPDIR ?? '/tmp'}/shadows-arena-${process.pid}.jsonl`;
    const r = await runArena({
      game: shadows,
      bots: [accuser, 'greedy'],
      players: 4,
      games: 6,
      seed: 'sides',
      roles,
      jsonl,
    });
    expect(r.roleName).toBe('side');
    const lines = (await import('node:fs'))
      .readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            roles: (string | null)[];
            record: Parameters<typeof replay>[1];
            outcome: { reason: string };
          },
      );
    // The sides are the true loyalties, read from the replayed state (the arena saw only the spectator's view).
    let traitors = 0;
    const expected = new AccusationTally();
    for (const l of lines) {
      const match = replay(shadows, l.record);
      if (!match.ok) throw new Error(match.error.code);
      const state = match.value.state as { knights: { loyalty: string }[] };
      if (l.outcome.reason === 'arena-cap') continue;
      expect(l.roles).toEqual(state.knights.map((k) => k.loyalty));
      traitors += l.roles.filter((x) => x === 'traitor').length;
      expected.add(roles.accusations!, match.value.history, l.roles);
    }
    const side = (name: string) => r.roles!.find((x) => x.role === name);
    expect(side('traitor')?.games ?? 0).toBe(traitors);
    expect((side('loyal')?.games ?? 0) + traitors).toBe(
      4 * lines.filter((l) => l.outcome.reason !== 'arena-cap').length,
    );
    // Every accusation was counted, and judged against the true traitor.
    const a = r.accusations!;
    expect(a).toEqual(expected.result());
    expect(a.made).toBeGreaterThan(0);
    expect(a.right).toBeLessThanOrEqual(a.made);
    expect(a.byRole.reduce((n, x) => n + x.made, 0)).toBe(a.made);
    const table = formatArena(r);
    expect(table).toMatch(/^side\s+games\s+wins/m);
    expect(table).toMatch(/^Accusations: \d+ in \d+ of 6 games/m);
  }, 120_000);

  it('reads a traitor the spectator cannot see from the outcome: the traitor wins when the loyal knights lose', () => {
    const over = (loyalWin: boolean) => ({ phase: { kind: 'over', loyalWin, reason: 'x' }, traitor: null });
    expect(roles.roleOf(over(false), 2, { winners: [2], draw: false, reason: 'x' })).toBe('traitor');
    expect(roles.roleOf(over(false), 1, { winners: [2], draw: false, reason: 'x' })).toBe('loyal');
    expect(roles.roleOf(over(true), 2, { winners: [0, 1, 3], draw: false, reason: 'x' })).toBe('traitor');
    expect(roles.roleOf(over(true), 0, { winners: [0, 1, 3], draw: false, reason: 'x' })).toBe('loyal');
    // No traitor at the table (the loyalty deck may have none): everyone is loyal, win or lose.
    expect(roles.roleOf(over(false), 0, { winners: [], draw: false, reason: 'x' })).toBe('loyal');
    expect(roles.accusations!.target('accuse @3')).toBe(3);
    expect(roles.accusations!.target('play accuser @3')).toBeNull();
  });
});
