import type { GameError } from './result.ts';

export type Lang = 'en' | 'fr';
export const LANGS: readonly Lang[] = ['en', 'fr'];

/** One message per language, built from the error's details. */
export type Message = { readonly [L in Lang]: (error: GameError) => string };
export type MessageCatalog = { readonly [code: string]: Message };

/** Errors every game and every front door can raise. Games add their own catalog beside this one. */
export const commonMessages: MessageCatalog = {
  NOT_YOUR_TURN: {
    en: (e) => `It is not seat ${String(e.seat)}'s turn${list(e.toMove, ' (to move: ', ')')}.`,
    fr: (e) => `Ce n’est pas au siège ${String(e.seat)} de jouer${list(e.toMove, ' (au trait\u00a0: ', ')')}.`,
  },
  BAD_SEAT: {
    en: (e) => `There is no seat ${String(e.seat)} in this game (seats 0 to ${String(e.max)}).`,
    fr: (e) => `Il n’y a pas de siège ${String(e.seat)} dans cette partie (sièges 0 à ${String(e.max)}).`,
  },
  GAME_OVER: {
    en: () => 'The game is over: no more moves can be played.',
    fr: () => 'La partie est terminée\u00a0: plus aucun coup ne peut être joué.',
  },
  BAD_PLAYERS: {
    en: (e) =>
      `This game is for ${e.min === e.max ? String(e.min) : `${String(e.min)} to ${String(e.max)}`} players, not ${String(e.players)}.`,
    fr: (e) =>
      `Ce jeu se joue ${e.min === e.max ? `à ${String(e.min)}` : `de ${String(e.min)} à ${String(e.max)}`} joueurs, pas ${String(e.players)}.`,
  },
  UNDO_BARRIER: {
    en: (e) =>
      `Move ${String(e.ply)} ("${String(e.move)}") cannot be taken back: it revealed what was hidden (a card drawn or turned up, a die rolled).`,
    fr: (e) =>
      `Le coup ${String(e.ply)} («\u00a0${String(e.move)}\u00a0») ne peut pas être repris\u00a0: il a révélé ce qui était caché (carte piochée ou retournée, dé lancé).`,
  },
  BAD_OPTION: {
    en: (e) => `Option "${String(e.option)}": ${String(e.reason ?? 'invalid value')}.`,
    fr: (e) =>
      `Option «\u00a0${String(e.option)}\u00a0»\u00a0: ${String(e.reasonFr ?? e.reason ?? 'valeur invalide')}.`,
  },
  BAD_SEED: {
    en: (e) => `The seed must be an integer or a non-empty string, not ${JSON.stringify(e.seed)}.`,
    fr: (e) => `La graine doit être un entier ou une chaîne non vide, pas ${JSON.stringify(e.seed)}.`,
  },
  BAD_NOTATION: {
    en: (e) => `Cannot read the move "${String(e.text)}": ${String(e.reason)}.`,
    fr: (e) => `Impossible de lire le coup «\u00a0${String(e.text)}\u00a0»\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  BAD_POSITION: {
    en: (e) => `Bad position string: ${String(e.reason)}.`,
    fr: (e) => `Position invalide\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  BAD_STATE: {
    en: (e) => `Bad saved state: ${String(e.reason)}.`,
    fr: (e) => `État sauvegardé invalide\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  BAD_RECORD: {
    en: (e) => `Bad match record: ${String(e.reason)}.`,
    fr: (e) => `Enregistrement de partie invalide\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  BAD_RECORD_TEXT: {
    en: (e) => `Record refused at line ${String(e.line)}, column ${String(e.column)}: ${sentence(e.reason)}.`,
    fr: (e) =>
      `Enregistrement refusé ligne ${String(e.line)}, colonne ${String(e.column)}\u00a0: ${sentence(e.reasonFr ?? e.reason)}.`,
  },
  UNKNOWN_GAME: {
    en: (e) => `Unknown game "${String(e.game)}"${list(e.known, ' (known: ', ')')}.`,
    fr: (e) => `Jeu inconnu «\u00a0${String(e.game)}\u00a0»${list(e.known, ' (jeux connus\u00a0: ', ')')}.`,
  },
};

/** A reason that may be a whole sentence already (an engine's message), without its final period. */
function sentence(value: unknown): string {
  return String(value).replace(/\.$/, '');
}

function list(value: unknown, before: string, after: string): string {
  return Array.isArray(value) && value.length > 0 ? `${before}${value.join(', ')}${after}` : '';
}

/**
 * The text of an error in a language: the game's catalog first, then the common one. An unknown code still
 * yields a readable line (the code and its details) rather than nothing.
 */
export function describeError(error: GameError, lang: Lang = 'en', catalog: MessageCatalog = {}): string {
  const message = catalog[error.code] ?? commonMessages[error.code];
  if (message) return message[lang](error);
  const { code, ...details } = error;
  const rest = Object.keys(details).length > 0 ? ` ${JSON.stringify(details)}` : '';
  return `${code}${rest}`;
}
