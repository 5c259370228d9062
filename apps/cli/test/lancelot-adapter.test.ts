// The Lancelot terminal adapter, on scenes built with the engine's test helpers.
import { describe, expect, it } from 'vitest';
import { lancelot } from '@roundtable/lancelot';
import { BLUE, RED, scene } from '../../../packages/games/lancelot/test/helpers.ts';
import { lancelotAdapter } from '../src/games/lancelot.ts';

describe('Terminal adapter: the field with letters, Excalibur, captures, whose turn; why and illegal', () => {
  const s = scene({
    players: 2,
    pieces: { D4: 'R', D5: 'R', G6: 'B' },
    toMove: 'R',
    sword: 'K11=B',
    shields: 'R',
    options: { excalibur: true },
  });
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
    expect(lancelotAdapter.command!('why D9', context)).toBe(
      'Rule of chivalry: a knight on D9 would give Red +3 on column D (at most +2).',
    );
    expect(lancelotAdapter.command!('pourquoi E4', { ...context, options: { ...options, lang: 'fr' } })).toBe(
      'E4 est permise à Rouge\u00a0; elle ne capture rien.',
    );
    const marked = lancelotAdapter.command!('illegal', context)!;
    expect(marked).toContain('6 squares are illegal for Red');
    expect(marked).toMatch(/ 11 {3}\* /);
    expect(lancelotAdapter.command!('K4', context)).toBeNull();
  });
});
