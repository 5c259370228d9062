// The Lancelot files that live outside this package (the greedy heuristic in packages/ai and the terminal
// adapter in apps/cli), checked here until those packages have their own Lancelot tests.
import { describe, expect, it } from 'vitest';
import { lancelotGreedy } from '../../../ai/src/lancelot.ts';
import { lancelotAdapter } from '../../../../apps/cli/src/games/lancelot.ts';
import { lancelot, type LancelotMove, type LancelotState } from '../src/index.ts';
import { BLUE, RED, scene, value } from './helpers.ts';

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
    const s = scene({ players: 2, pieces: { D4: 'R', E4: 'R', F4: 'B', D8: 'R', E8: 'B', F8: 'B', G8: 'R', H8: 'R' }, toMove: 'R' });
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

describe('Terminal adapter: the field with letters, Excalibur, captures, whose turn; why and illegal', () => {
  const s = scene({ players: 2, pieces: { D4: 'R', D5: 'R', G6: 'B' }, toMove: 'R', sword: 'K11=B', shields: 'R', options: { excalibur: true } });
  const options = { color: false, lang: 'en' as const, viewer: RED, humans: [RED, BLUE] };

  it('draws the field with a letter per seat and Excalibur marked', () => {
    const screen = lancelotAdapter.render(lancelot.view(s, RED), { ...options, lastMove: 'G6' });
    expect(screen).toContain('  4   R  ·  ·');
    expect(screen).toContain('[B]');
    expect(screen).toContain('†');
    expect(screen).toContain('Red (R): 0 · 28 in hand');
    expect(screen).toContain('Excalibur K11: counts for Blue (B)');
    expect(screen).toContain('To move: Red (R)');
    expect(screen).not.toMatch(/\u001b\[/);
    expect(lancelotAdapter.render(lancelot.view(s, RED), { ...options, color: true })).toMatch(/\u001b\[31;1mR/);
  });

  it('"why K4" names the line and the advantage; "illegal" marks the squares', () => {
    const context = { view: lancelot.view(s, RED), seat: RED, legal: [], options };
    expect(lancelotAdapter.command!('why D9', context)).toBe('Rule of chivalry: a knight on D9 would give Red +3 on column D (at most +2).');
    expect(lancelotAdapter.command!('pourquoi E4', { ...context, options: { ...options, lang: 'fr' } })).toBe('E4 est permise à Rouge ; elle ne capture rien.');
    const marked = lancelotAdapter.command!('illegal', context)!;
    expect(marked).toContain('6 square(s) are illegal for Red');
    expect(marked).toMatch(/ 11 {3}\* /);
    expect(lancelotAdapter.command!('K4', context)).toBeNull();
  });
});
