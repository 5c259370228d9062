import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Lang } from '@roundtable/core';

/** Every string of the interface, in English and French. Game texts (rules, errors, card names) come from the engines. */
const STRINGS = {
  tagline: {
    en: 'Five Arthurian games: play alone against bots, with friends online, or around one screen.',
    fr: 'Cinq jeux arthuriens\u00a0: seul contre des robots, entre amis en ligne, ou autour d’un même écran.',
  },
  home: { en: 'Games', fr: 'Jeux' },
  lobby: { en: 'Lobby', fr: 'Salon' },
  rules: { en: 'Rules', fr: 'Règles' },
  coming: { en: 'Coming', fr: 'À venir' },
  play: { en: 'Play', fr: 'Jouer' },
  newMatch: { en: 'New match', fr: 'Nouvelle partie' },
  players: { en: 'Players', fr: 'Joueurs' },
  where: { en: 'Where', fr: 'Où' },
  here: {
    en: 'On this device (hot-seat and bots, no server needed)',
    fr: 'Sur cet appareil (joueurs à tour de rôle et robots, sans serveur)',
  },
  online: {
    en: 'Online (invite friends, bots on the server)',
    fr: 'En ligne (inviter des amis, robots sur le serveur)',
  },
  seat: { en: 'Seat', fr: 'Place' },
  you: { en: 'You', fr: 'Vous' },
  human: { en: 'Player at this screen', fr: 'Joueur à cet écran' },
  openSeat: { en: 'Open seat (invite)', fr: 'Place libre (invitation)' },
  bot: { en: 'Bot', fr: 'Robot' },
  options: { en: 'Options', fr: 'Options' },
  yourName: { en: 'Your name', fr: 'Votre nom' },
  create: { en: 'Start the match', fr: 'Commencer la partie' },
  loading: { en: 'Loading…', fr: 'Chargement…' },
  openMatches: { en: 'Open matches to join', fr: 'Parties ouvertes' },
  activeMatches: { en: 'Matches being played (watch)', fr: 'Parties en cours (regarder)' },
  myMatches: { en: 'My matches', fr: 'Mes parties' },
  none: { en: 'None for now.', fr: 'Aucune pour l’instant.' },
  join: { en: 'Join', fr: 'Rejoindre' },
  watch: { en: 'Watch', fr: 'Regarder' },
  resume: { en: 'Resume', fr: 'Reprendre' },
  forget: { en: 'Forget', fr: 'Oublier' },
  serverDown: {
    en: 'The server cannot be reached: online play is unavailable, play on this device.',
    fr: 'Le serveur est injoignable\u00a0: le jeu en ligne est indisponible, jouez sur cet appareil.',
  },
  invite: { en: 'Invitation link', fr: 'Lien d’invitation' },
  copy: { en: 'Copy', fr: 'Copier' },
  copied: { en: 'Copied', fr: 'Copié' },
  waitingPlayers: { en: 'Waiting for players to join…', fr: 'En attente des joueurs…' },
  yourTurn: { en: 'Your turn', fr: 'À vous de jouer' },
  toPlay: { en: 'to play', fr: 'au trait' },
  thinking: { en: 'thinking…', fr: 'réfléchit…' },
  gameOver: { en: 'Game over', fr: 'Partie terminée' },
  wins: { en: 'wins', fr: 'gagne' },
  win: { en: 'win', fr: 'gagnent' },
  draw: { en: 'Draw', fr: 'Partie nulle' },
  spectator: { en: 'Spectator', fr: 'Spectateur' },
  moves: { en: 'Moves', fr: 'Coups' },
  log: { en: 'Event log', fr: 'Journal' },
  typeMove: { en: 'Type a move', fr: 'Saisir un coup' },
  send: { en: 'Play', fr: 'Jouer' },
  replay: { en: 'Replay', fr: 'Revoir' },
  live: { en: 'Back to the game', fr: 'Retour à la partie' },
  sound: { en: 'Sound', fr: 'Son' },
  language: { en: 'Français', fr: 'English' },
  reconnecting: { en: 'Connection lost: reconnecting…', fr: 'Connexion perdue\u00a0: reconnexion…' },
  passTo: { en: 'Pass the device to', fr: 'Passez l’appareil à' },
  ready: { en: 'I am ready: show my cards', fr: 'Je suis prêt\u00a0: montrer mes cartes' },
  privacy: { en: 'Nobody else should look at the screen.', fr: 'Personne d’autre ne doit regarder l’écran.' },
  close: { en: 'Close', fr: 'Fermer' },
  undo: { en: 'Take back', fr: 'Reprendre le coup' },
  flip: { en: 'Flip the board', fr: 'Retourner le plateau' },
  whitePiece: { en: 'white', fr: 'blanc' },
  blackPiece: { en: 'black', fr: 'noir' },
  knight: { en: 'knight', fr: 'chevalier' },
  man: { en: 'man', fr: 'pion' },
  playPath: { en: 'Play this move', fr: 'Jouer ce coup' },
  cancel: { en: 'Cancel', fr: 'Annuler' },
  movable: {
    en: 'The pieces ringed in blue can move: click one, then where it goes.',
    fr: 'Les pièces cerclées de bleu peuvent bouger\u00a0: cliquez-en une, puis sa destination.',
  },
  compulsory: {
    en: 'Capturing is compulsory: the ringed pieces can capture.',
    fr: 'La prise est obligatoire\u00a0: les pièces cerclées peuvent prendre.',
  },
  lastMove: { en: 'Last move', fr: 'Dernier coup' },
  captured: { en: 'Captured', fr: 'Prises' },
  castleMovesLeft: { en: 'Castle moves left', fr: 'Coups de château restants' },
  noMoveFromHere: { en: 'This piece has no legal move now.', fr: 'Cette pièce n’a aucun coup légal maintenant.' },
  notYourTurnHere: { en: 'It is not your turn.', fr: 'Ce n’est pas à vous de jouer.' },
  showThreats: { en: 'Show threats', fr: 'Montrer les menaces' },
  threatBy: {
    en: 'A knight placed here would capture one of yours:',
    fr: 'Un chevalier posé ici prendrait l’un des vôtres\u00a0:',
  },
  showForbidden: { en: 'Show forbidden squares', fr: 'Montrer les cases interdites' },
  invoke: { en: 'Invoke Excalibur with this knight', fr: 'Invoquer Excalibur avec ce chevalier' },
  swordFirst: { en: 'Move Excalibur first', fr: 'Déplacer d’abord Excalibur' },
  placeSword: { en: 'Place Excalibur: click a square.', fr: 'Placez Excalibur\u00a0: cliquez une case.' },
  placeKnight: { en: 'Place a knight: click a square.', fr: 'Placez un chevalier\u00a0: cliquez une case.' },
  pass: { en: 'Pass', fr: 'Passer' },
  shield: { en: 'white shield', fr: 'bouclier blanc' },
  hand: { en: 'in hand', fr: 'en main' },
  target: { en: 'captures to win', fr: 'captures pour gagner' },
  yourHand: { en: 'Your hand', fr: 'Votre main' },
  tournament: { en: 'Tournament', fr: 'Tournoi' },
  deck: { en: 'Deck', fr: 'Pioche' },
  discard: { en: 'Discard', fr: 'Défausse' },
  total: { en: 'total', fr: 'total' },
  out: { en: 'withdrawn', fr: 'retiré' },
  tokens: { en: 'Tokens', fr: 'Jetons' },
  tokensToWin: { en: 'tokens to win', fr: 'jetons pour gagner' },
  chooseFor: { en: 'Choose how to play', fr: 'Choisissez comment jouer' },
  cards: { en: 'cards', fr: 'cartes' },
  redraw: { en: 'redraw', fr: 'rendu' },
  back: { en: 'Back', fr: 'Retour' },
  seed: { en: 'Seed (optional)', fr: 'Graine (facultative)' },
  level: { en: 'level', fr: 'niveau' },
  connected: { en: 'connected', fr: 'connecté' },
  away: { en: 'away', fr: 'absent' },
} as const satisfies Record<string, { en: string; fr: string }>;

export type StringKey = keyof typeof STRINGS;

export const LangContext = createContext<Lang>('en');

export function text(lang: Lang, key: StringKey): string {
  return STRINGS[key][lang];
}

/** The interface language and a translator for it. */
export function useT(): { lang: Lang; t: (key: StringKey) => string } {
  const lang = useContext(LangContext);
  return { lang, t: (key) => STRINGS[key][lang] };
}

export const BOT_LABELS: Record<string, { en: string; fr: string }> = {
  random: { en: 'random', fr: 'hasard' },
  greedy: { en: 'greedy', fr: 'glouton' },
  easy: { en: 'easy', fr: 'facile' },
  medium: { en: 'medium', fr: 'moyen' },
  strong: { en: 'strong', fr: 'fort' },
};
export const BOT_LEVELS = Object.keys(BOT_LABELS);

export function initialLang(): Lang {
  const saved = localStorage.getItem('rt.lang');
  if (saved === 'fr' || saved === 'en') return saved;
  return navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** A colon after a label: French sets it off with a non-breaking space ("Reliques : …"). */
export function colon(lang: Lang): string {
  return lang === 'fr' ? '\u00a0:' : ':';
}
