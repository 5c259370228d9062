/**
 * The terminal's screen-reader words (`roundtable play --plain`, issue 34): lines a screen reader reads well (no
 * drawing, no colour, one event a line), the answers to the front-door queries that need the match rather than a
 * view (whose turn, last move, clocks, the log), and the help that lists every query of the game in play.
 */
import {
  FRONT_QUERIES,
  listText,
  queryHelp,
  type AnyGame,
  type FrontQuery,
  type Lang,
  type Seat,
} from '@roundtable/core';

const en = {
  toMove: (names: string, you: boolean) => `${names} to move${you ? ' (you)' : ''}.`,
  waiting: (names: string) => `Waiting for ${names}.`,
  over: 'The game is over.',
  noMove: 'No move has been played yet.',
  noClock: 'A game in the terminal has no clocks: take your time.',
  nothingToRepeat: 'Nothing to repeat yet.',
  noWords: 'This game has no board in words; "hints" lists your moves.',
  hint: 'Type a move, or "help" for the commands; "board" tells the table in words.',
  queries: 'Questions about the game (answered in words, English and French words both understood):',
  front: 'Questions about the match:',
  board: '  board          the whole table in words',
};

const fr: typeof en = {
  toMove: (names, you) => `Au tour de ${names}${you ? ' (vous)' : ''}.`,
  waiting: (names) => `On attend ${names}.`,
  over: 'La partie est terminée.',
  noMove: 'Aucun coup n’a encore été joué.',
  noClock: 'Une partie au terminal n’a pas de pendule\u00a0: prenez votre temps.',
  nothingToRepeat: 'Rien à répéter pour l’instant.',
  noWords: 'Ce jeu n’a pas de plateau en mots\u00a0; «\u00a0coups\u00a0» donne vos coups.',
  hint: 'Tapez un coup, ou «\u00a0aide\u00a0» pour les commandes\u00a0; «\u00a0plateau\u00a0» dit la table en mots.',
  queries: 'Questions sur le jeu (réponses en mots, les mots anglais et français sont compris)\u00a0:',
  front: 'Questions sur la partie\u00a0:',
  board: '  plateau        toute la table en mots (board)',
};

export type PlainText = typeof en;

export function plainText(lang: Lang): PlainText {
  return lang === 'fr' ? fr : en;
}

/** Characters a screen reader reads badly or that carry meaning by their look: box drawing, blocks, escapes. */
export const DRAWN = /[\u2500-\u259f\u001b]/;

/** "White to move (you)." or "Waiting for Knight 1 and Knight 2." */
export function turnWords(toMove: readonly Seat[], viewer: Seat | null, name: (s: Seat) => string, lang: Lang): string {
  const t = plainText(lang);
  if (toMove.length === 0) return t.over;
  const names = listText(toMove.map(name), lang);
  if (toMove.length > 1) return t.waiting(names);
  return t.toMove(names, toMove[0] === viewer);
}

/** What a front-door query answers from the match: null for "repeat" and "log", which the loop answers. */
export function frontAnswer(
  query: FrontQuery,
  input: { readonly toMove: readonly Seat[]; readonly viewer: Seat; readonly last: readonly string[] },
  name: (s: Seat) => string,
  lang: Lang,
): string | null {
  const t = plainText(lang);
  switch (query) {
    case 'turn':
      return turnWords(input.toMove, input.viewer, name, lang);
    case 'last':
      return input.last.length === 0 ? t.noMove : input.last.join('\n');
    case 'clocks':
      return t.noClock;
    default:
      return null;
  }
}

/** The help's question lines: the match's (turn, last move, …) and the game's own. */
export function queryHelpLines(game: AnyGame, lang: Lang): string[] {
  const t = plainText(lang);
  const out = [t.front, ...queryHelp(FRONT_QUERIES, lang)];
  if (game.speech) out.push(t.queries, ...queryHelp(game.speech.commands, lang));
  return out;
}
