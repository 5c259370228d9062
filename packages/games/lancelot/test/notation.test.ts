import { describe, expect, it } from 'vitest';
import { lancelot } from '../src/index.ts';
import { RED, errorOf, options, scene, value } from './helpers.ts';

const start = () =>
  scene({ players: 2, pieces: {}, toMove: 'R', sword: 'G7', shields: 'RB', options: { excalibur: true } });

describe('Move notation: K4, E:G6, G8 E:?, E:G6 G8, G8 E:G6, pass', () => {
  it.each([
    ['K4', { kind: 'place', square: 'K4' }, 'K4'],
    ['k4', { kind: 'place', square: 'K4' }, 'K4'],
    ['E:G6', { kind: 'sword', square: 'G6' }, 'E:G6'],
    ['G8 E:?', { kind: 'place', square: 'G8', thenSword: true }, 'G8 E:?'],
    [
      'E:G6 G8',
      {
        kind: 'turn',
        steps: [
          { kind: 'sword', square: 'G6' },
          { kind: 'place', square: 'G8' },
        ],
      },
      'E:G6 G8',
    ],
    [
      'G8   e:g6',
      {
        kind: 'turn',
        steps: [
          { kind: 'place', square: 'G8', thenSword: true },
          { kind: 'sword', square: 'G6' },
        ],
      },
      'G8 E:G6',
    ],
    ['pass', { kind: 'pass' }, 'pass'],
    ['PASSE', { kind: 'pass' }, 'pass'],
  ])('"%s" reads and writes back', (text, move, written) => {
    expect(value(lancelot.parseMove(start(), RED, text))).toEqual(move);
    expect(lancelot.formatMove(start(), move as never)).toBe(written);
  });

  it.each(['', 'Z9', 'K15', 'K0', 'E:', 'E:?', 'K4 K5', 'E:G6 E:G7', 'E:? G8', 'K4 E:G6 pass', 'pass K4', 'x'])(
    '"%s" is bad notation',
    (text) => {
      expect(errorOf(lancelot.parseMove(start(), RED, text)).code).toBe('BAD_NOTATION');
    },
  );

  it('every legal step writes and reads back to itself', () => {
    for (const players of [2, 5]) {
      const s = value(lancelot.setup({ players, options: options(players, { excalibur: true }), seed: 2 }));
      const placed = value(lancelot.play(s, s.seat, { kind: 'sword', square: 'G7' }));
      for (const m of lancelot.legalMoves(placed, placed.seat)) {
        expect(value(lancelot.parseMove(placed, placed.seat, lancelot.formatMove(placed, m)))).toEqual(m);
      }
    }
  });
});
