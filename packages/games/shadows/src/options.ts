import { readOptions, type OptionSpec, type Result } from '@roundtable/core';
import type { ShadowsOptions } from './types.ts';

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'loyaltyDeck',
    kind: 'choice',
    default: 'players-plus-one',
    choices: [
      { value: 'players-plus-one', label: { en: 'Players + 1 cards (traitor n/(n+1))', fr: 'Joueurs + 1 cartes (félon n/(n+1))' } },
      { value: 'boxed', label: { en: 'The 8 cards of the box (traitor n/8)', fr: 'Les 8 cartes de la boîte (félon n/8)' } },
    ],
    label: { en: 'Loyalty deck', fr: "Cartes d'allégeance" },
    help: {
      en: 'seed 004: one card per player from n+1 loyalty cards, one of them the traitor; or the boxed deck of 8 (7 loyal, 1 traitor).',
      fr: "seed 004 : une carte par joueur parmi n+1 cartes d'allégeance, dont le félon ; ou les 8 cartes de la boîte (7 loyaux, 1 félon).",
    },
  },
];

export const DEFAULT_OPTIONS: ShadowsOptions = { loyaltyDeck: 'players-plus-one' };

export function parseOptions(raw: unknown, players: number): Result<ShadowsOptions> {
  const read = readOptions(optionSpecs, raw, players);
  if (!read.ok) return read;
  return { ok: true, value: { loyaltyDeck: read.value.loyaltyDeck === 'boxed' ? 'boxed' : 'players-plus-one' } };
}
