import type { GameError, Lang, MessageCatalog } from '@roundtable/core';
import { seatName } from './seats.ts';

/** `row 4` → `rangée 4`, `column K` → `colonne K`, `diagonal L1-A12` → `diagonale L1-A12`. */
export function lineName(line: unknown, lang: Lang): string {
  const text = String(line);
  if (lang === 'en') return text;
  return text
    .replace(/^row /, 'rangée ')
    .replace(/^column /, 'colonne ')
    .replace(/^diagonal /, 'diagonale ');
}

function seat(e: GameError, lang: Lang): string {
  return typeof e.seat === 'number' ? seatName(e.seat, lang) : String(e.seat);
}

function piece(e: GameError, lang: Lang): string {
  if (e.piece === 'excalibur') return 'Excalibur';
  return lang === 'en' ? 'a knight' : 'un chevalier';
}

/** Lancelot's own error codes, in English and French. */
export const messages: MessageCatalog = {
  OFF_FIELD: {
    en: (e) => `${String(e.square)} is outside the field (${String(e.field)} with this number of players).`,
    fr: (e) => `${String(e.square)} est hors du champ du tournoi (${String(e.field)} avec ce nombre de joueurs).`,
  },
  BAD_SQUARE: {
    en: (e) => `"${String(e.square)}" is not a square (columns A to N, rows 1 to 14, e.g. K4).`,
    fr: (e) => `«\u00a0${String(e.square)}\u00a0» n’est pas une case (colonnes A à N, rangées 1 à 14, p. ex. K4).`,
  },
  OCCUPIED: {
    en: (e) =>
      `${String(e.square)} is already taken (${e.by === 'excalibur' ? 'Excalibur' : `a ${seatName(Number(e.by), 'en')} knight`}).`,
    fr: (e) =>
      `${String(e.square)} est déjà occupée (${e.by === 'excalibur' ? 'Excalibur' : `un chevalier ${seatName(Number(e.by), 'fr')}`}).`,
  },
  CHIVALRY: {
    en: (e) =>
      `Rule of chivalry: ${piece(e, 'en')} on ${String(e.square)} would give ${seat(e, 'en')} +${String(e.advantage)} on ${lineName(e.line, 'en')} (at most +2).`,
    fr: (e) =>
      `Règle de chevalerie\u00a0: ${piece(e, 'fr')} en ${String(e.square)} donnerait +${String(e.advantage)} à ${seat(e, 'fr')} sur la ${lineName(e.line, 'fr')} (au plus +2).`,
  },
  NO_KNIGHTS_LEFT: {
    en: (e) => `${seat(e, 'en')} has no knight left to place.`,
    fr: (e) => `${seat(e, 'fr')} n’a plus de chevalier à placer.`,
  },
  NO_EXCALIBUR: {
    en: () => 'This game is played without the power of the sword (Excalibur).',
    fr: () => 'Cette partie se joue sans le pouvoir de l’épée (Excalibur).',
  },
  SWORD_USED: {
    en: (e) => `${seat(e, 'en')} has already invoked Excalibur: once per game.`,
    fr: (e) => `${seat(e, 'fr')} a déjà invoqué Excalibur\u00a0: une seule fois par partie.`,
  },
  SWORD_NOT_MOVED: {
    en: (e) => `Excalibur is already on ${String(e.square)}: invoking it means moving it to another square.`,
    fr: (e) => `Excalibur est déjà en ${String(e.square)}\u00a0: l’invoquer, c’est la déplacer sur une autre case.`,
  },
  NO_SQUARE_FOR_KNIGHT: {
    en: (e) =>
      `After Excalibur on ${String(e.square)}, ${seat(e, 'en')} could place no knight: an invocation goes with a knight.`,
    fr: (e) =>
      `Après Excalibur en ${String(e.square)}, ${seat(e, 'fr')} ne pourrait placer aucun chevalier\u00a0: une invocation accompagne un chevalier.`,
  },
  NO_SQUARE_FOR_SWORD: {
    en: (e) => `After a knight on ${String(e.square)}, ${seat(e, 'en')} would have no square for Excalibur.`,
    fr: (e) => `Après un chevalier en ${String(e.square)}, ${seat(e, 'fr')} n’aurait aucune case pour Excalibur.`,
  },
  MUST_PLACE_SWORD: {
    en: (e) => `${seat(e, 'en')} must now place Excalibur (E:square).`,
    fr: (e) => `${seat(e, 'fr')} doit maintenant placer Excalibur (E:case).`,
  },
  MUST_PLACE_KNIGHT: {
    en: (e) => `${seat(e, 'en')} has invoked Excalibur and must now place a knight.`,
    fr: (e) => `${seat(e, 'fr')} a invoqué Excalibur et doit maintenant placer un chevalier.`,
  },
  CANNOT_PASS: {
    en: (e) => `${seat(e, 'en')} may not pass: a legal placement exists (${String(e.example)}).`,
    fr: (e) => `${seat(e, 'fr')} ne peut pas passer\u00a0: un placement légal existe (${String(e.example)}).`,
  },
  BAD_MOVE: {
    en: (e) => `Not a Lancelot move: ${String(e.reason)}.`,
    fr: (e) => `Ce n’est pas un coup de Lancelot\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
};
