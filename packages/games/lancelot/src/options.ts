import { err, ok, readOptions, type OptionSpec, type Result } from '@roundtable/core';
import type { LancelotOptions } from './state.ts';

/** seed 002, "Le vainqueur du tournoi": 7, 8, 9, 10 captures for 2, 3, 4, 5 players. */
export function defaultTarget(players: number): number {
  return players + 5;
}

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'diagonals',
    kind: 'boolean',
    default: false,
    label: { en: 'Diagonals', fr: 'Diagonales' },
    help: {
      en: 'Diagonals longer than 4 squares are lines too (chivalry and captures).',
      fr: 'Les diagonales de plus de 4 cases sont aussi des rangées (chevalerie et captures).',
    },
  },
  {
    key: 'excalibur',
    kind: 'boolean',
    default: false,
    label: { en: 'Power of the sword (Excalibur)', fr: 'Pouvoir de l’épée (Excalibur)' },
    help: {
      en: 'Excalibur is placed before the first turn; each player may move it once, and it then counts as theirs.',
      fr: 'Excalibur est placée avant le premier tour\u00a0; chaque joueur peut la déplacer une fois, elle compte alors comme son pion.',
    },
  },
  {
    key: 'target',
    kind: 'integer',
    default: defaultTarget,
    min: 1,
    max: 120,
    label: { en: 'Captures to win', fr: 'Captures pour gagner' },
    help: {
      en: '7, 8, 9, 10 for 2, 3, 4, 5 players; lower for a quick game, higher for experts.',
      fr: '7, 8, 9, 10 à 2, 3, 4, 5 joueurs\u00a0; moins pour une partie rapide, plus pour les experts.',
    },
  },
];

export function parseOptions(raw: unknown, players: number): Result<LancelotOptions> {
  if (!Number.isInteger(players) || players < 2 || players > 5)
    return err({ code: 'BAD_PLAYERS', players, min: 2, max: 5 });
  const read = readOptions(optionSpecs, raw, players);
  if (!read.ok) return read;
  const o = read.value;
  return ok({ diagonals: o.diagonals === true, excalibur: o.excalibur === true, target: Number(o.target) });
}
