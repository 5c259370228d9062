import { readOptions, type OptionSpec, type Result } from '@roundtable/core';
import type { JoustOptions } from './types.ts';

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'noRepeatColour',
    kind: 'boolean',
    default: false,
    label: { en: 'No repeated colour', fr: 'Pas deux fois la même couleur' },
    help: {
      en: "The previous tournament's final colour may not be named again (stricter reading of the French memo).",
      fr: 'La couleur finale du tournoi précédent ne peut pas être choisie à nouveau (lecture stricte du mémo).',
    },
  },
  {
    key: 'shieldBlocksKnockDown',
    kind: 'boolean',
    default: false,
    label: { en: 'Shield blocks Knock Down', fr: 'Le Bouclier protège de la Chute' },
    help: {
      en: "Bouclier also protects its owner's hand from Chute (Knock Down).",
      fr: 'Le Bouclier protège aussi la main de son possesseur contre la Chute.',
    },
  },
  {
    key: 'allowTies',
    kind: 'boolean',
    default: false,
    label: { en: 'Ties allowed', fr: 'Égalités permises' },
    help: {
      en: 'A total equal to the highest is enough to stay in (off: strictly highest).',
      fr: 'Un total égal au plus haut suffit pour rester (sinon\u00a0: strictement le plus haut).',
    },
  },
];

export function parseOptions(raw: unknown, players: number): Result<JoustOptions> {
  const read = readOptions(optionSpecs, raw, players);
  if (!read.ok) return read;
  const o = read.value;
  return {
    ok: true,
    value: {
      noRepeatColour: o.noRepeatColour === true,
      shieldBlocksKnockDown: o.shieldBlocksKnockDown === true,
      allowTies: o.allowTies === true,
    },
  };
}
