import { countText, type Lang } from '@roundtable/core';

/** The terminal's own words, in both languages (the games' errors come translated from their catalogs). */
const en = {
  prompt: (name: string) => `${name} > `,
  plays: (name: string, move: string) => `${name} plays ${move}`,
  thinking: (name: string) => `${name} is thinking…`,
  passScreen: (name: string) =>
    `Pass the terminal to ${name}. ${name}, press Enter when the others cannot see the screen.`,
  legalMoves: (moves: string) => `Legal moves: ${moves}`,
  noLegalMoves: 'No legal move.',
  nothingToUndo: 'Nothing to undo.',
  notYourMove: (name: string) => `The last move is ${name}'s: with hidden hands, you take back only your own.`,
  undone: (n: number) => `Took back ${countText(n, 'move', 'moves', 'en')}.`,
  bye: 'Game left unfinished.',
  inputEnded: 'Input ended: leaving the game.',
  botFailed: (name: string, why: string) => `${name} could not move (${why}); the game stops here.`,
  stuck: 'Nobody can move, yet the game is not over; the game stops here.',
  gameOver: 'Game over.',
  draw: (reason: string) => `Draw: ${reason}.`,
  sharedDraw: (names: string, reason: string) => `Shared win for ${names}: ${reason}.`,
  nobody: (reason: string) => `Nobody wins: ${reason}.`,
  wins: (names: string, several: boolean, reason: string) => `${names} ${several ? 'win' : 'wins'}: ${reason}.`,
  and: 'and',
  unknownLine: (line: string) => `"${line}" is neither a move nor a command; type "help".`,
  helpHint: 'Type a move, or "help" for the commands (hints, rules, undo, quit).',
  recordAfterEnd:
    'In a game with hidden cards the record waits for the end: its seed gives the deal and its moves name face-down cards.',
  help: [
    "Type a move in the game's notation, or one of:",
    '  hints          list your legal moves (also "hint", "moves")',
    "  undo           take back your last move and the bots' replies (never past a card drawn or a die rolled)",
    '  board          draw the board again',
    '  record         print the match record (JSON, replayable)',
    '  rules          the rules of this game',
    '  help           this list',
    '  quit           leave the game',
  ],
  human: 'human',
  bot: (level: string) => `bot ${level}`,
  noRules: 'No rules text for this game yet.',
};

const fr: typeof en = {
  prompt: (name) => `${name} > `,
  plays: (name, move) => `${name} joue ${move}`,
  thinking: (name) => `${name} réfléchit…`,
  passScreen: (name) =>
    `Passez le terminal à ${name}. ${name}, appuyez sur Entrée quand les autres ne voient plus l’écran.`,
  legalMoves: (moves) => `Coups légaux\u00a0: ${moves}`,
  noLegalMoves: 'Aucun coup légal.',
  nothingToUndo: 'Rien à reprendre.',
  notYourMove: (name) => `Le dernier coup est de ${name}\u00a0: avec des mains cachées, on ne reprend que les siens.`,
  undone: (n) => `${countText(n, 'coup', 'coups', 'fr')} repris.`,
  bye: 'Partie abandonnée en cours.',
  inputEnded: 'Fin de l’entrée\u00a0: on quitte la partie.',
  botFailed: (name, why) => `${name} n’a pas pu jouer (${why})\u00a0; la partie s’arrête ici.`,
  stuck: 'Personne ne peut jouer et pourtant la partie n’est pas finie\u00a0; elle s’arrête ici.',
  gameOver: 'Partie terminée.',
  draw: (reason) => `Partie nulle\u00a0: ${reason}.`,
  sharedDraw: (names, reason) => `Victoire partagée entre ${names}\u00a0: ${reason}.`,
  nobody: (reason) => `Personne ne gagne\u00a0: ${reason}.`,
  wins: (names, several, reason) => `${names} ${several ? 'gagnent' : 'gagne'}\u00a0: ${reason}.`,
  and: 'et',
  unknownLine: (line) => `«\u00a0${line}\u00a0» n’est ni un coup ni une commande\u00a0; tapez «\u00a0aide\u00a0».`,
  helpHint: 'Votre coup, ou «\u00a0aide\u00a0» pour les commandes (coups, règles, annuler, quitter).',
  recordAfterEnd:
    'Dans un jeu à cartes cachées, l’enregistrement attend la fin\u00a0: sa graine donne la donne et ses coups nomment des cartes face cachée.',
  help: [
    'Tapez un coup dans la notation du jeu, ou l’une de ces commandes (les mots anglais marchent aussi)\u00a0:',
    '  coups          la liste de vos coups légaux (hints)',
    '  annuler        reprendre votre dernier coup et les réponses des bots, jamais au-delà d’une carte piochée ou d’un dé lancé (undo)',
    '  plateau        redessiner le plateau (board)',
    '  enregistrement afficher l’enregistrement de la partie, JSON rejouable (record)',
    '  règles         les règles de ce jeu (rules)',
    '  aide           cette liste (help)',
    '  quitter        quitter la partie (quit)',
  ],
  human: 'humain',
  bot: (level) => `bot ${level}`,
  noRules: 'Pas encore de texte des règles pour ce jeu.',
};

export type Text = typeof en;

export function text(lang: Lang): Text {
  return lang === 'fr' ? fr : en;
}
