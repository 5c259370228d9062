import { camelot } from '@roundtable/camelot';
import { shadows } from '@roundtable/shadows';
import { describe, expect, it } from 'vitest';
import { camelotAdapter } from '../src/games/camelot.ts';
import { shadowsAdapter } from '../src/games/shadows.ts';
import { describeOutcome } from '../src/play/outcome.ts';

describe('The end of a game in words', () => {
  it('names the winner', () => {
    expect(describeOutcome(camelot, camelotAdapter, { winners: [1], draw: false, reason: 'castle' }, 2, 'en')).toMatch(
      /^Black wins/,
    );
  });

  it('says draw only for a draw', () => {
    expect(
      describeOutcome(camelot, camelotAdapter, { winners: [], draw: true, reason: 'repetition' }, 2, 'en'),
    ).toMatch(/^Draw/);
    expect(
      describeOutcome(camelot, camelotAdapter, { winners: [], draw: true, reason: 'repetition' }, 2, 'fr'),
    ).toMatch(/^Partie nulle/);
  });

  it('says nobody wins when every seat lost (a cooperative game lost without a traitor)', () => {
    const lost = { winners: [], draw: false, reason: 'dead' };
    expect(describeOutcome(shadows, shadowsAdapter, lost, 4, 'en')).toMatch(/^Nobody wins/);
    expect(describeOutcome(shadows, shadowsAdapter, lost, 4, 'fr')).toMatch(/^Personne ne gagne/);
  });
});
