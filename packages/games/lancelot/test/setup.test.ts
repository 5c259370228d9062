import { describe, expect, it } from 'vitest';
import { lancelot } from '../src/index.ts';
import { options, playText, value } from './helpers.ts';

describe('Début du jeu: 30 knights each, a first player drawn at random, clockwise play', () => {
  it('each player receives 30 knights and the field is empty', () => {
    for (const players of [2, 3, 4, 5]) {
      const state = value(lancelot.setup({ players, options: options(players), seed: 'x' }));
      expect(state.hand).toEqual(new Array(players).fill(30));
      expect(state.captures).toEqual(new Array(players).fill(0));
      expect(state.board.every((v) => v === null)).toBe(true);
    }
  });

  it('the first player is drawn from the seed: the same seed draws the same seat, every seat can be drawn', () => {
    for (const players of [2, 3, 4, 5]) {
      const drawn = new Set<number>();
      for (let seed = 0; seed < 60; seed++) {
        const a = value(lancelot.setup({ players, options: options(players), seed }));
        const b = value(lancelot.setup({ players, options: options(players), seed }));
        expect(a).toEqual(b);
        expect(a.seat).toBe(a.first);
        expect(lancelot.toMove(a)).toEqual([a.first]);
        drawn.add(a.first);
      }
      expect(drawn.size).toBe(players);
    }
  });

  it('play goes on in seat order from the first player', () => {
    const state = value(lancelot.setup({ players: 3, options: options(3), seed: 4 }));
    const first = state.first;
    const after = playText(state, 'C3');
    expect(after.board.filter((v) => v !== null)).toEqual([first]);
    expect(lancelot.toMove(after)).toEqual([(first + 1) % 3]);
    const again = playText(after, 'L12', 'F7');
    expect(lancelot.toMove(again)).toEqual([first]);
    expect(again.first).toBe(first);
  });

  it('the seed refuses anything but an integer or a non-empty string', () => {
    const r = lancelot.setup({ players: 2, options: options(2), seed: '' });
    expect(r.ok).toBe(false);
  });

  it('seats are named by colour, in English and French', () => {
    expect([0, 1, 2, 3, 4].map((s) => lancelot.seatName(s, 5, 'en'))).toEqual([
      'Red',
      'Blue',
      'Green',
      'Yellow',
      'Purple',
    ]);
    expect([0, 1, 2, 3, 4].map((s) => lancelot.seatName(s, 5, 'fr'))).toEqual([
      'Rouge',
      'Bleu',
      'Vert',
      'Jaune',
      'Pourpre',
    ]);
  });
});

describe('Placement des chevaliers: one knight on an empty square, never moved again', () => {
  it('a knight stays where it was placed', () => {
    const state = value(lancelot.setup({ players: 2, options: options(2), seed: 3 }));
    const s = playText(state, 'E5', 'F6', 'G7');
    expect(s.hand[state.first]).toBe(28);
    expect(s.hand[1 - state.first]).toBe(29);
    expect(s.board.filter((v) => v !== null)).toHaveLength(3);
  });

  it('an occupied square is refused, naming who holds it', () => {
    const state = value(lancelot.setup({ players: 2, options: options(2), seed: 3 }));
    const s = playText(state, 'E5');
    const seat = lancelot.toMove(s)[0]!;
    const r = lancelot.play(s, seat, { kind: 'place', square: 'E5' });
    expect(r).toEqual({ ok: false, error: { code: 'OCCUPIED', square: 'E5', by: state.first } });
  });
});
