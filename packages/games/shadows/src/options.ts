import { readOptions, type OptionSpec, type Result } from '@roundtable/core';
import type { LoyaltyDeck, ShadowsOptions } from './types.ts';

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'loyaltyDeck',
    kind: 'choice',
    default: 'players-plus-one',
    choices: [
      { value: 'players-plus-one', label: { en: 'Players + 1 cards (traitor n/(n+1))', fr: 'Joueurs + 1 cartes (félon n/(n+1))' } },
      { value: 'boxed', label: { en: 'The 8 cards of the box (traitor n/8)', fr: 'Les 8 cartes de la boîte (félon n/8)' } },
      { value: 'sure-traitor', label: { en: 'Always a traitor', fr: 'Toujours un félon' } },
      { value: 'all-loyal', label: { en: 'No traitor (all loyal)', fr: 'Pas de félon (tous loyaux)' } },
    ],
    label: { en: 'Loyalty deck', fr: "Cartes d'allégeance" },
    help: {
      en: 'seed 004: one card per player from n+1 loyalty cards, one of them the traitor; or the boxed deck of 8 (7 loyal, 1 traitor). [decision] Always a traitor: n cards, one the traitor; no traitor: every knight loyal, as everyone knows.',
      fr: "seed 004 : une carte par joueur parmi n+1 cartes d'allégeance, dont le félon ; ou les 8 cartes de la boîte (7 loyaux, 1 félon). [décision] Toujours un félon : n cartes dont le félon ; pas de félon : tous loyaux, et chacun le sait.",
    },
  },
  {
    key: 'excaliburCancel',
    kind: 'choice',
    default: 'once-per-turn',
    choices: [
      { value: 'once-per-turn', label: { en: 'Once per turn', fr: 'Une fois par tour' } },
      { value: 'spent', label: { en: 'Once, then lost', fr: 'Une fois, puis perdue' } },
      { value: 'off', label: { en: 'Never', fr: 'Jamais' } },
    ],
    label: { en: 'Excalibur cancels', fr: 'Excalibur annule' },
    help: {
      en: 'research §8/§14 [decision]: a single source; Excalibur cancels a standard black card just drawn.',
      fr: 'recherche §8/§14 [décision] : source unique ; Excalibur annule une carte noire standard piochée.',
    },
  },
];

const DECKS: readonly LoyaltyDeck[] = ['players-plus-one', 'boxed', 'sure-traitor', 'all-loyal'];

/** How many loyalty cards are dealt from: n+1, the box's 8, or exactly n (sure traitor, all loyal). */
export function loyaltyCards(deck: LoyaltyDeck, players: number): number {
  return deck === 'boxed' ? 8 : deck === 'players-plus-one' ? players + 1 : players;
}

export const DEFAULT_OPTIONS: ShadowsOptions = { loyaltyDeck: 'players-plus-one', excaliburCancel: 'once-per-turn' };

export function parseOptions(raw: unknown, players: number): Result<ShadowsOptions> {
  const read = readOptions(optionSpecs, raw, players);
  if (!read.ok) return read;
  const cancel = read.value.excaliburCancel;
  return {
    ok: true,
    value: {
      loyaltyDeck: DECKS.find((d) => d === read.value.loyaltyDeck) ?? 'players-plus-one',
      excaliburCancel: cancel === 'spent' || cancel === 'off' ? cancel : 'once-per-turn',
    },
  };
}
