import { describe, expect, it } from 'vitest';
import {
  countText,
  FRONT_QUERIES,
  foldWord,
  frontQueryOf,
  overview,
  parseQuery,
  queryHelp,
  type SpeechCommand,
} from '../src/index.ts';

const commands: readonly SpeechCommand[] = [
  {
    id: 'pieces',
    words: { en: ['pieces', 'where'], fr: ['pièces', 'où'] },
    args: { en: '[side]', fr: '[camp]' },
    help: { en: 'where pieces stand', fr: 'où sont les pièces' },
  },
  {
    id: 'mine',
    words: { en: ['where mine', 'mine'], fr: ['miennes'] },
    help: { en: 'your pieces', fr: 'vos pièces' },
  },
];

describe('reading a query', () => {
  it('understands both languages whatever the case and accents', () => {
    expect(parseQuery(commands, 'PIECES white')).toMatchObject({ command: { id: 'pieces' }, args: ['white'] });
    expect(parseQuery(commands, '  Où  Noir ')).toMatchObject({ command: { id: 'pieces' }, args: ['noir'] });
    expect(parseQuery(commands, 'ou')).toMatchObject({ command: { id: 'pieces' }, args: [] });
    expect(foldWord('Règles')).toBe('regles');
  });

  it('takes the longest command phrase at the start of the line', () => {
    expect(parseQuery(commands, 'where mine')).toMatchObject({ command: { id: 'mine' }, args: [] });
    expect(parseQuery(commands, 'where black')).toMatchObject({ command: { id: 'pieces' }, args: ['black'] });
  });

  it('answers null for a line that calls no command (a move, an empty line)', () => {
    expect(parseQuery(commands, 'F6-F5')).toBeNull();
    expect(parseQuery(commands, '')).toBeNull();
    expect(parseQuery(commands, 'minefield')).toBeNull();
  });

  it('lists each command with its first word, arguments and help in one language', () => {
    expect(queryHelp(commands, 'fr')).toEqual(['  pièces [camp]   où sont les pièces', '  miennes         vos pièces']);
    expect(queryHelp(commands, 'en')[0]).toBe('  pieces [side]   where pieces stand');
  });
});

describe('front-door queries', () => {
  it('reads whose turn, last move, clocks, repeat and log in English and French', () => {
    expect(frontQueryOf('whose turn')?.query).toBe('turn');
    expect(frontQueryOf('à qui')).toBeNull();
    expect(frontQueryOf('tour')?.query).toBe('turn');
    expect(frontQueryOf('Dernier coup')?.query).toBe('last');
    expect(frontQueryOf('pendules')?.query).toBe('clocks');
    expect(frontQueryOf('répéter')?.query).toBe('repeat');
    expect(frontQueryOf('journal')?.query).toBe('log');
    expect(frontQueryOf('play red-4')).toBeNull();
  });

  it('has help in both languages for each', () => {
    for (const q of FRONT_QUERIES)
      for (const lang of ['en', 'fr'] as const) expect(q.help[lang].length).toBeGreaterThan(0);
  });
});

describe('the whole table in words', () => {
  it('answers the overview queries in order, skipping errors', () => {
    const speech = {
      commands: [
        { ...commands[0]!, overview: true },
        commands[1]!,
        { id: 'broken', words: { en: ['broken'], fr: ['casse'] }, help: { en: '-', fr: '-' }, overview: true },
      ],
      name: () => null,
      things: () => [],
      ask: (_v: null, text: string) =>
        text === 'pieces' ? { text: 'All pieces.' } : text === 'broken' ? { text: 'No.', error: true as const } : null,
    };
    expect(overview(speech, null, { viewer: 0, lang: 'en', players: 2 })).toEqual(['All pieces.']);
  });
});

describe('counts in words', () => {
  it('English puts all but one in the plural; French only from two on (0, 1 and 1.5 are singular)', () => {
    expect([0, 1, 2, -1, 1.5].map((n) => countText(n, 'card', 'cards', 'en'))).toEqual([
      '0 cards',
      '1 card',
      '2 cards',
      '-1 card',
      '1.5 cards',
    ]);
    expect([0, 1, 2, -1, 1.5, -2].map((n) => countText(n, 'carte', 'cartes', 'fr'))).toEqual([
      '0 carte',
      '1 carte',
      '2 cartes',
      '-1 carte',
      '1.5 carte',
      '-2 cartes',
    ]);
  });
});
