import { afterAll, describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import { botFor, closeWorkers } from '../src/index.ts';
import { WIN } from '../src/alphabeta.ts';
import { CamelotPosition } from '../src/camelot/position.ts';
import { camelotPosition, legalNotation, rng } from './fixtures.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

afterAll(() => closeWorkers());

const choose = (level: string, state: ReturnType<typeof camelotPosition>, iterations = 20_000): string | null =>
  botFor(level)!.choose({
    game: camelot,
    view: camelot.view(state, state.side),
    seat: state.side,
    rng: rng(1),
    budget: { iterations },
  });

describe('Camelot search (alpha-beta)', () => {
  it('enters the enemy castle with its second piece to win at once', () => {
    // White holds G16 (Black's castle) and stands next to F16.
    const s = camelotPosition('M:G16 M:F15 M:A4 M:B4 m:L8 m:L9 m:K9');
    for (const level of ['easy', 'medium', 'strong']) {
      const parsed = camelot.parseMove(s, 0, choose(level, s)!);
      const after = parsed.ok ? camelot.play(s, 0, parsed.value) : parsed;
      expect(after.ok && after.value.outcome?.reason, level).toBe('castle');
    }
  });

  it('takes the longer of two capture sequences', () => {
    // Either E6xE8xE10 (two men) or K5xK7 (one man); each is answered by one recapture.
    const s = camelotPosition('M:E6 M:K5 M:A4 m:E7 m:E9 m:K6 m:L12');
    expect(legalNotation(camelot, s, 0).sort()).toEqual(['E6xE8xE10', 'K5xK7']);
    for (const level of ['easy', 'medium', 'strong']) expect(choose(level, s), level).toBe('E6xE8xE10');
  });

  it('avoids an immediate loss: captures the man about to enter its castle rather than a free man', () => {
    // Black holds G1 and threatens F2-F1; White must capture F2 (E2xG2), not the man on A7.
    const s = camelotPosition('M:E2 M:A6 M:L4 m:G1 m:F2 m:A7');
    expect(legalNotation(camelot, s, 0).sort()).toEqual(['A6xA8', 'E2xG2']);
    for (const level of ['easy', 'medium', 'strong']) expect(choose(level, s), level).toBe('E2xG2');
  });

  it('is deterministic under a seed and a node budget (time plays no part)', () => {
    const s = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
    if (!s.ok) throw new Error('setup');
    for (const level of ['easy', 'medium', 'strong']) {
      const a = choose(level, s.value, 3000);
      const b = choose(level, s.value, 3000);
      expect(a).toBe(b);
      expect(legalNotation(camelot, s.value, 0)).toContain(a);
    }
  });
});

describe('Camelot search: the end rules in force (option ends)', () => {
  // White's last piece: E6xE8xG6 takes both Black men, E6xG8 only one (then one piece each: a draw).
  const lastTwo = 'M:E6 m:E7 m:F7';

  it("seed: « A player captures all opponent's pieces. This player wins the game. » — the bot takes them all with its last piece", () => {
    const s = camelotPosition(lastTwo);
    expect(legalNotation(camelot, s, 0).sort()).toEqual(['E6xE8xG6', 'E6xG8']);
    for (const level of ['easy', 'medium', 'strong']) expect(choose(level, s), level).toBe('E6xE8xG6');
  });

  it('the search scores the ends as the engine does: a win under the seed, a draw under ends=wcf', () => {
    for (const [ends, score] of [
      ['seed', -WIN],
      ['wcf', 0],
    ] as const) {
      // After the capture of everything by a lone piece, Black (to move) has lost, or it is a draw.
      const pos = new CamelotPosition(camelotPosition(lastTwo, 'w', ends));
      pos.generate(0);
      const list = pos.list(0);
      let i = 0;
      while ((list.capLen[i] as number) !== 2) i++;
      pos.make(0, i);
      expect(pos.terminal(1), ends).toBe(score);
      // « A player cannot make a legal move. This player loses the game. »: Black to move, stuck, against one piece.
      const stuck = new CamelotPosition(camelotPosition('M:A4 m:F16 m:E15 m:F15 m:G15 m:F14 m:D14 m:H14', 'b', ends));
      expect(stuck.noMoves(0), ends).toBe(score);
    }
  });
});
