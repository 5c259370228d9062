import { readOptions, type OptionSpec, type Result } from '@roundtable/core';
import type { LoyaltyDeck, ShadowsOptions } from './types.ts';

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'loyaltyDeck',
    kind: 'choice',
    default: 'players-plus-one',
    choices: [
      {
        value: 'players-plus-one',
        label: { en: 'Players + 1 cards (traitor n/(n+1))', fr: 'Joueurs + 1 cartes (félon n/(n+1))' },
      },
      {
        value: 'boxed',
        label: { en: 'The 8 cards of the box (traitor n/8)', fr: 'Les 8 cartes de la boîte (félon n/8)' },
      },
      { value: 'sure-traitor', label: { en: 'Always a traitor', fr: 'Toujours un félon' } },
      { value: 'all-loyal', label: { en: 'No traitor (all loyal)', fr: 'Pas de félon (tous loyaux)' } },
    ],
    label: { en: 'Loyalty deck', fr: 'Cartes d’allégeance' },
    help: {
      en: 'Each player gets one loyalty card from players + 1 cards, one of them the traitor; or from the 8 cards of the box (7 loyal, 1 traitor). Always a traitor: one card per player, one of them the traitor. No traitor: every knight is loyal, and everyone knows it.',
      fr: 'Chaque joueur reçoit une carte d’allégeance parmi joueurs + 1 cartes, dont le félon\u00a0; ou parmi les 8 cartes de la boîte (7 loyaux, 1 félon). Toujours un félon\u00a0: une carte par joueur, dont le félon. Pas de félon\u00a0: tous les chevaliers sont loyaux, et chacun le sait.',
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
      en: 'Excalibur’s holder may cancel an ordinary black card just drawn.',
      fr: 'Le porteur d’Excalibur peut annuler une carte noire ordinaire qui vient d’être piochée.',
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
