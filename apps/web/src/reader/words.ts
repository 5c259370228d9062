import type { Lang } from '@roundtable/core';

/** The screen-reader mode's own words (the games' names of squares and cards come from their `speech`). */
export const READER_WORDS = {
  mode: { en: 'Screen-reader mode', fr: 'Mode lecteur d’écran' },
  announcements: { en: 'Announcements', fr: 'Annonces' },
  hearAgain: { en: 'Hear the last turn again', fr: 'Réentendre le dernier tour' },
  nothingYet: { en: 'Nothing has happened yet.', fr: 'Rien ne s’est encore passé.' },
  command: { en: 'Move or command', fr: 'Coup ou commande' },
  commandHelp: {
    en: 'Type a move in the game’s notation, or a command: help lists them.',
    fr: 'Tapez un coup dans la notation du jeu, ou une commande\u00a0: aide les énumère.',
  },
  moves: { en: 'Legal moves', fr: 'Coups légaux' },
  noMoves: { en: 'You have no move to play now.', fr: 'Vous n’avez aucun coup à jouer maintenant.' },
  noLast: { en: 'No move has been played yet.', fr: 'Aucun coup n’a encore été joué.' },
  noClocks: { en: 'This match has no clocks.', fr: 'Cette partie n’a pas de pendules.' },
  unknown: {
    en: 'Neither a move nor a command. Type help for the commands.',
    fr: 'Ni un coup ni une commande. Tapez aide pour les commandes.',
  },
  empty: { en: 'empty', fr: 'vide' },
  canMove: { en: 'can move', fr: 'peut bouger' },
  selected: { en: 'selected', fr: 'choisie' },
  goesHere: { en: 'the move can go here', fr: 'le coup peut passer ici' },
  canPlace: { en: 'you can place here', fr: 'vous pouvez poser ici' },
  gridKeys: {
    en: 'Arrow keys: move on the board. M and Shift+M: the next and previous square you can act on. Enter: choose.',
    fr: 'Flèches : se déplacer sur le plateau. M et Maj+M : case suivante et précédente où agir. Entrée : choisir.',
  },
  inFront: { en: 'cards in front', fr: 'cartes devant soi' },
  notPlayable: { en: 'cannot be played now', fr: 'injouable maintenant' },
  handKeys: {
    en: 'Left and Right: from card to card. M and Shift+M: the next and previous card you can play. Enter: play it.',
    fr: 'Gauche et Droite : de carte en carte. M et Maj+M : carte jouable suivante et précédente. Entrée : la jouer.',
  },
  byEarTitle: { en: 'Playing by ear and by keyboard', fr: 'Jouer à l’oreille et au clavier' },
  byEarIntro: {
    en: 'Switch on the screen-reader mode (the first button of every page). At the table, the board is a grid: the arrow keys walk it, M goes to the next square that can act, Enter chooses. In a hand, Left and Right go from card to card, M to the next card that can be played. Every move of the other players is announced once, at the chosen speed. The command field takes a move in the game’s notation, or one of these commands, answered aloud:',
    fr: 'Activez le mode lecteur d’écran (le premier bouton de chaque page). À la table, le plateau est une grille : les flèches le parcourent, M va à la case suivante où agir, Entrée choisit. Dans une main, Gauche et Droite vont de carte en carte, M à la carte jouable suivante. Chaque coup des autres joueurs est annoncé une fois, à la vitesse choisie. Le champ de commande prend un coup dans la notation du jeu, ou l’une de ces commandes, qui répondent à voix haute :',
  },
  typeCol: { en: 'Type', fr: 'Tapez' },
  answerCol: { en: 'To hear', fr: 'Pour entendre' },
  clockLow: { en: 'Your clock:', fr: 'Votre pendule\u00a0:' },
  send: { en: 'Send', fr: 'Envoyer' },
  helpTitle: { en: 'Commands', fr: 'Commandes' },
  movesHelp: { en: 'the moves you may play now', fr: 'les coups que vous pouvez jouer maintenant' },
  helpHelp: { en: 'this list', fr: 'cette liste' },
} as const satisfies Record<string, Record<Lang, string>>;

export type ReaderWord = keyof typeof READER_WORDS;

export function rw(lang: Lang, key: ReaderWord): string {
  return READER_WORDS[key][lang];
}
