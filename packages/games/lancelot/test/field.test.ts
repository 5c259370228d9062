import { describe, expect, it } from 'vitest';
import { fieldFor, lancelot } from '../src/index.ts';
import { errorOf, options, value } from './helpers.ts';

describe('Champ du tournoi: the field depends on the number of players', () => {
  it.each([
    [2, 8, 'D4', 'K11'],
    [3, 10, 'C3', 'L12'],
    [4, 12, 'B2', 'M13'],
    [5, 14, 'A1', 'N14'],
  ])('%i players play on %i×%i squares, %s to %s', (players, size, low, high) => {
    const field = fieldFor(players, false);
    expect(field.size).toBe(size);
    expect(field.cellCount).toBe(size * size);
    expect(field.corners).toEqual([low, high]);
    const state = value(lancelot.setup({ players, options: options(players), seed: 1 }));
    expect(state.board).toHaveLength(size * size);
  });

  it('a line is a whole row or column of the field, and only squares inside the field count', () => {
    const field = fieldFor(2, false);
    expect(field.lineCount).toBe(16);
    expect(field.lineNames).toContain('row 4');
    expect(field.lineNames).toContain('column K');
    expect(field.lineNames).not.toContain('row 3');
  });

  it('a square outside the field is refused, naming the field', () => {
    const state = value(lancelot.setup({ players: 2, options: options(2), seed: 1 }));
    const seat = lancelot.toMove(state)[0]!;
    expect(errorOf(lancelot.parseMove(state, seat, 'C4'))).toMatchObject({
      code: 'OFF_FIELD',
      square: 'C4',
      field: 'D4-K11',
    });
    expect(errorOf(lancelot.play(state, seat, { kind: 'place', square: 'L11' }))).toMatchObject({
      code: 'OFF_FIELD',
      square: 'L11',
    });
    expect(value(lancelot.parseMove(state, seat, 'k11'))).toEqual({ kind: 'place', square: 'K11' });
  });
});
