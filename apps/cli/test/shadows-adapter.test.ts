/**
 * The Chevaliers terminal adapter: Excalibur's cancel window (option excaliburCancel, research §8/§14
 * [decision]) reads as its own step, naming the holder, not as the Progression of Evil.
 */
import { describe, expect, it } from 'vitest';
import { scenario, shadows, view } from '@roundtable/shadows';
import { renderShadows } from '../src/games/shadows.ts';

const render = (s: ReturnType<typeof scenario>, viewer: number, lang: 'en' | 'fr' = 'en'): string =>
  renderShadows(view(s, viewer), { color: false, lang, viewer, humans: [viewer] });

function drawn(top: string) {
  const s = scenario({ players: 3, relics: { excalibur: 1 }, blackTop: [top] });
  const t = shadows.play(s, 0, { type: 'evil', choice: 'black' });
  if (!t.ok) throw new Error(t.error.code);
  return t.value;
}

describe('Excalibur cancels a black card just drawn: the banner', () => {
  it('asks the holder, by name, whether to cancel the card just drawn, in English and French', () => {
    const s = drawn('picts');
    expect(s.phase.kind).toBe('excalibur');
    for (const seat of [0, 1, 2]) {
      const text = render(s, seat);
      expect(text).toContain('Excalibur: cancel the black card just drawn');
      expect(text).toContain('Galahad holds Excalibur');
      expect(text).not.toContain('Progression of Evil');
    }
    expect(render(s, 2, 'fr')).toContain('Excalibur\u00a0: annuler la carte noire qui vient d’être piochée');
    expect(render(s, 2, 'fr')).toContain('Sire Galahad tient Excalibur');
  });

  it('a combat card drawn stays hidden from the other seats in the banner', () => {
    const s = drawn('bk-5');
    expect(s.phase.kind).toBe('excalibur');
    const other = render(s, 2);
    expect(other).toContain(
      'Excalibur: cancel the black card just drawn (a Black Knight card, seen only by its drawer)?',
    );
    expect(other).not.toMatch(/\(bk-5\)/);
    expect(render(s, 0)).toMatch(/Card drawn: .*\(bk-5\)/);
  });

  it('the ordinary Progression of Evil still reads as such', () => {
    const s = scenario({ players: 3 });
    expect(render(s, 0)).toContain('Progression of Evil');
  });
});

describe('What a seat saw stays on its screen ("you saw…")', () => {
  it("King Arthur's swap: both knights in it see it after the swap, the third does not", () => {
    let s = scenario({
      players: 3,
      hands: [['grail'], ['fight-5'], []],
      phase: { kind: 'heroic' },
      turn: { stage: 'heroic' },
    });
    for (const [seat, move] of [
      [0, 'give grail @1'],
      [1, 'return fight-5'],
      [0, 'draw'],
      [0, 'end'],
    ] as const) {
      const parsed = shadows.parseMove(s, seat, move);
      if (!parsed.ok) throw new Error(move);
      const next = shadows.play(s, seat, parsed.value);
      if (!next.ok) throw new Error(next.error.code);
      s = next.value;
    }
    expect(render(s, 0)).toMatch(/You saw — swap with Sir Galahad: gave .*\(grail\), got .*\(fight-5\)/);
    expect(render(s, 1)).toMatch(/You saw — swap with King Arthur: gave .*\(fight-5\), got .*\(grail\)/);
    expect(render(s, 2)).not.toContain('You saw');
    expect(render(s, 1, 'fr')).toContain('Vous avez vu — échange avec Roi Arthur');
  });
});
