import { readOptions, type OptionSpec, type Result } from '@roundtable/core';
import type { TournamentOptions } from './types.ts';

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'heroes',
    kind: 'choice',
    default: 'random',
    choices: [
      { value: 'random', label: { en: 'dealt at random', fr: 'distribués au hasard' } },
      { value: 'chosen', label: { en: 'chosen in turn', fr: 'choisis à tour de rôle' } },
      { value: 'none', label: { en: 'no heroes', fr: 'sans héros' } },
    ],
    label: { en: 'Heroes', fr: 'Héros' },
    help: {
      en: 'Heroes and their legends: dealt at random, chosen in turn from the dealer’s left, or left out.',
      fr: 'Les héros et leurs légendes\u00a0: distribués au hasard, choisis à tour de rôle depuis la gauche du donneur, ou absents.',
    },
  },
  {
    key: 'godsends',
    kind: 'boolean',
    default: true,
    label: { en: 'Godsends', fr: 'Faveurs divines' },
    help: {
      en: 'Hand out godsend cards between rounds.',
      fr: 'Distribuer les cartes Faveur divine entre les manches.',
    },
  },
  {
    key: 'life',
    kind: 'integer',
    default: 400,
    min: 50,
    max: 400,
    label: { en: 'Starting life', fr: 'Points de vie de départ' },
    help: {
      en: 'Life each knight starts with (400 in the rules; less for a short game).',
      fr: 'Points de vie de chaque chevalier au départ (400 dans les règles\u00a0; moins pour une partie courte).',
    },
  },
];

export const DEFAULT_OPTIONS: TournamentOptions = { heroes: 'random', godsends: true, life: 400 };

export function parseOptions(raw: unknown, players: number): Result<TournamentOptions> {
  const read = readOptions(optionSpecs, raw, players);
  if (!read.ok) return read;
  const o = read.value;
  return {
    ok: true,
    value: { heroes: o.heroes as TournamentOptions['heroes'], godsends: o.godsends === true, life: o.life as number },
  };
}
