// The Lancelot greedy heuristic, on scenes built with the engine's test helpers.
import { describe, expect, it } from 'vitest';
import { lancelot, type LancelotMove, type LancelotState } from '@roundtable/lancelot';
import { RED, scene, value } from '../../games/lancelot/test/helpers.ts';
import { lancelotGreedy } from '../src/lancelot.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

function greedyChoice(state: LancelotState, seat: number): string[] {
  let best = -Infinity;
  let moves: string[] = [];
  for (const m of lancelot.legalMoves(state, seat) as LancelotMove[]) {
    const score = lancelotGreedy(lancelot, state, value(lancelot.play(state, seat, m)), seat);
    if (score > best) [best, moves] = [score, [lancelot.formatMove(state, m)]];
    else if (score === best) moves.push(lancelot.formatMove(state, m));
  }
  return moves;
}

describe('Greedy heuristic: best immediate capture, and do not give one', () => {
  it('takes the biggest capture', () => {
    const s = scene({
      players: 2,
      pieces: { D4: 'R', E4: 'R', F4: 'B', D8: 'R', E8: 'B', F8: 'B', G8: 'R', H8: 'R' },
      toMove: 'R',
    });
    // I8, J8 or K8 capture E8 and F8 (4 − 2 = +2); a free square of row 4 captures only F4.
    expect(greedyChoice(s, RED).sort()).toEqual(['I8', 'J8', 'K8']);
  });

  it('avoids placing where the opponent can then capture its knights', () => {
    // Column E: Blue E4, E5. A Red knight on E7 would let Blue take it with E9 (Blue 3 − Red 1 = +2).
    const s = scene({ players: 2, pieces: { E4: 'B', E5: 'B' }, toMove: 'R' });
    const after = value(lancelot.play(s, RED, { kind: 'place', square: 'E7' }));
    const safe = value(lancelot.play(s, RED, { kind: 'place', square: 'H7' }));
    expect(lancelotGreedy(lancelot, s, after, RED)).toBeLessThan(lancelotGreedy(lancelot, s, safe, RED));
    expect(greedyChoice(s, RED)).not.toContain('E7');
  });

  it('a winning move beats everything', () => {
    const s = scene({ players: 2, pieces: { D4: 'R', E4: 'R', F4: 'B' }, toMove: 'R', captures: [6, 0], lost: [0, 6] });
    expect(greedyChoice(s, RED).every((m) => /^[G-K]4$/.test(m))).toBe(true);
  });
});
