import { describe, expect, it } from 'vitest';
import { describeError, readOptions, type OptionSpec } from '../src/index.ts';

const specs: OptionSpec[] = [
  { key: 'diagonals', kind: 'boolean', default: false, label: { en: 'Diagonals', fr: 'Diagonales' } },
  { key: 'target', kind: 'integer', default: (n) => n + 5, min: 1, max: 30, label: { en: 'Target', fr: 'Objectif' } },
  {
    key: 'variant',
    kind: 'choice',
    default: 'a',
    choices: [
      { value: 'a', label: { en: 'A', fr: 'A' } },
      { value: 'b', label: { en: 'B', fr: 'B' } },
    ],
    label: { en: 'Variant', fr: 'Variante' },
  },
];

describe('Options', () => {
  it('fills defaults, some depending on the number of players', () => {
    expect(readOptions(specs, undefined, 3)).toEqual({
      ok: true,
      value: { diagonals: false, target: 8, variant: 'a' },
    });
    expect(readOptions(specs, { target: 12, variant: 'b', diagonals: true }, 3)).toEqual({
      ok: true,
      value: { diagonals: true, target: 12, variant: 'b' },
    });
  });

  it.each([
    [[], '(options)'],
    ['x', '(options)'],
    [{ colour: 'red' }, 'colour'],
    [{ diagonals: 'yes' }, 'diagonals'],
    [{ target: 0 }, 'target'],
    [{ target: 2.5 }, 'target'],
    [{ target: '9' }, 'target'],
    [{ variant: 'c' }, 'variant'],
  ])('refuses %j naming the option', (raw, option) => {
    const read = readOptions(specs, raw, 2);
    expect(read).toMatchObject({ ok: false, error: { code: 'BAD_OPTION', option } });
    if (!read.ok) {
      expect(describeError(read.error, 'en')).toContain(option);
      expect(describeError(read.error, 'fr')).toContain(option);
    }
  });
});

describe('Error messages', () => {
  it('translate common codes in English and French and fall back to the code for unknown ones', () => {
    expect(describeError({ code: 'NOT_YOUR_TURN', seat: 1, toMove: [0] }, 'en')).toBe(
      "It is not seat 1's turn (to move: 0).",
    );
    expect(describeError({ code: 'NOT_YOUR_TURN', seat: 1, toMove: [0] }, 'fr')).toBe(
      'Ce n’est pas au siège 1 de jouer (au trait\u00a0: 0).',
    );
    expect(describeError({ code: 'WEIRD', square: 'F6' })).toBe('WEIRD {"square":"F6"}');
    expect(describeError({ code: 'X' }, 'fr', { X: { en: () => 'x', fr: () => 'ixe' } })).toBe('ixe');
  });
});
