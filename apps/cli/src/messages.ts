import type { MessageCatalog } from '@roundtable/core';

/** The errors of the command line and the engine protocol themselves (the games' own come with each game). */
export const cliMessages: MessageCatalog = {
  BAD_JSON: {
    en: (e) => `The request is not valid JSON: ${String(e.reason)}.`,
    fr: (e) => `La requête n’est pas du JSON valide\u00a0: ${String(e.reason)}.`,
  },
  BAD_REQUEST: {
    en: (e) => `Bad request: ${String(e.reason)}.`,
    fr: (e) => `Requête invalide\u00a0: ${String(e.reason)}.`,
  },
  UNKNOWN_COMMAND: {
    en: (e) => `Unknown command "${String(e.cmd)}" (known: ${list(e.known)}).`,
    fr: (e) => `Commande inconnue «\u00a0${String(e.cmd)}\u00a0» (connues\u00a0: ${list(e.known)}).`,
  },
  NO_MATCH: {
    en: () => 'No match is running: send "new" or "load" first.',
    fr: () => 'Aucune partie en cours\u00a0: envoyez d’abord «\u00a0new\u00a0» ou «\u00a0load\u00a0».',
  },
  NO_POSITION_STRINGS: {
    en: (e) => `${String(e.game)} has no position strings.`,
    fr: (e) => `${String(e.game)} n’a pas de chaîne de position.`,
  },
  NOT_PERFECT_INFORMATION: {
    en: (e) => `${String(e.game)} hides information: perft is only defined for games of perfect information.`,
    fr: (e) =>
      `${String(e.game)} cache de l’information\u00a0: perft n’a de sens que pour les jeux à information complète.`,
  },
  // With `game`: the level was asked for that game, and `known` are its levels; `games`: those that have the level.
  BAD_LEVEL: {
    en: (e) =>
      e.game === undefined
        ? `Unknown bot level "${String(e.level)}" (known: ${list(e.known)}).`
        : Array.isArray(e.games) && e.games.length > 0
          ? `The bot level "${String(e.level)}" is not offered for ${String(e.game)}, only for ${list(e.games)} (levels for ${String(e.game)}: ${list(e.known)}).`
          : `Unknown bot level "${String(e.level)}" for ${String(e.game)} (its levels: ${list(e.known)}).`,
    fr: (e) =>
      e.game === undefined
        ? `Niveau de bot inconnu «\u00a0${String(e.level)}\u00a0» (connus\u00a0: ${list(e.known)}).`
        : Array.isArray(e.games) && e.games.length > 0
          ? `Le niveau de bot «\u00a0${String(e.level)}\u00a0» n’est pas proposé pour ${String(e.game)}, seulement pour ${list(e.games)} (niveaux pour ${String(e.game)}\u00a0: ${list(e.known)}).`
          : `Niveau de bot inconnu «\u00a0${String(e.level)}\u00a0» pour ${String(e.game)} (ses niveaux\u00a0: ${list(e.known)}).`,
  },
  BAD_SEAT_KIND: {
    en: (e) => `"${String(e.text)}" is not a player: use ${list(e.known)}.`,
    fr: (e) => `«\u00a0${String(e.text)}\u00a0» n’est pas un joueur\u00a0: utilisez ${list(e.known)}.`,
  },
  NO_MOVE: {
    en: (e) => `Seat ${String(e.seat)} has no legal move.`,
    fr: (e) => `Le siège ${String(e.seat)} n’a aucun coup légal.`,
  },
  NOTHING_TO_UNDO: {
    en: () => 'There is no move to take back.',
    fr: () => 'Il n’y a aucun coup à reprendre.',
  },
  BAD_DEPTH: {
    en: (e) => `The depth must be a whole number from 0 to ${String(e.max)}, not ${JSON.stringify(e.depth)}.`,
    fr: (e) => `La profondeur doit être un entier de 0 à ${String(e.max)}, pas ${JSON.stringify(e.depth)}.`,
  },
  INTERNAL_ERROR: {
    en: (e) => `Internal error (a bug, please report it): ${String(e.reason)}.`,
    fr: (e) => `Erreur interne (un bogue, merci de le signaler)\u00a0: ${String(e.reason)}.`,
  },
};

function list(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? value.join(', ') : 'none';
}
