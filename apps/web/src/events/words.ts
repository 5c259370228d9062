import { countText, pluralFor, type Lang } from '@roundtable/core';
import { formatMonth } from '../dates.ts';

/** The words of events and seasons (issue 35), in English and French. */
const WORDS = {
  events: { en: 'Events', fr: 'Tournois' },
  eventsTitle: {
    en: 'Events: arenas, Swiss and round robins',
    fr: 'Tournois\u00a0: arènes, systèmes suisses et toutes rondes',
  },
  eventsHelp: {
    en: 'Play a series of ordinary matches against the other entrants; the standings follow every result.',
    fr: 'Jouez une série de parties ordinaires contre les autres inscrits\u00a0; le classement suit chaque résultat.',
  },
  newEvent: { en: 'Organise an event', fr: 'Organiser un tournoi' },
  seasons: { en: 'Seasons', fr: 'Saisons' },
  upcoming: { en: 'Upcoming', fr: 'À venir' },
  running: { en: 'Under way', fr: 'En cours' },
  finished: { en: 'Finished', fr: 'Terminés' },
  cancelled: { en: 'Cancelled', fr: 'Annulé' },
  statusUpcoming: { en: 'Upcoming', fr: 'À venir' },
  statusRunning: { en: 'Under way', fr: 'En cours' },
  statusFinished: { en: 'Finished', fr: 'Terminé' },
  noEvents: { en: 'None for now.', fr: 'Aucun pour l’instant.' },
  allGames: { en: 'Every game', fr: 'Tous les jeux' },
  allKinds: { en: 'Every kind', fr: 'Toutes les formules' },
  filterGame: { en: 'Game', fr: 'Jeu' },
  filterKind: { en: 'Kind', fr: 'Formule' },
  kind: { en: 'Kind', fr: 'Formule' },
  arena: { en: 'Arena', fr: 'Arène' },
  swiss: { en: 'Swiss', fr: 'Système suisse' },
  roundrobin: { en: 'Round robin', fr: 'Toutes rondes' },
  arenaHelp: {
    en: 'For a fixed time: whoever finishes a match is paired again at once. A win is 2 points, a draw 1; after two wins in a row, each result counts double.',
    fr: 'Pendant un temps fixé\u00a0: qui finit une partie est apparié aussitôt. Une victoire vaut 2\u00a0points, une nulle 1\u00a0; après deux victoires de suite, chaque résultat compte double.',
  },
  swissHelp: {
    en: 'A fixed number of rounds; each round pairs players of similar score who have not met yet.',
    fr: 'Un nombre fixé de rondes\u00a0; chaque ronde réunit des joueurs de score voisin qui ne se sont pas encore rencontrés.',
  },
  roundrobinHelp: {
    en: 'Everyone meets everyone; every match starts at once (suits correspondence: days per move).',
    fr: 'Chacun rencontre tous les autres\u00a0; toutes les parties commencent ensemble (convient à la correspondance\u00a0: jours par coup).',
  },
  name: { en: 'Name of the event', fr: 'Nom du tournoi' },
  game: { en: 'Game', fr: 'Jeu' },
  playersPerTable: { en: 'Players per table', fr: 'Joueurs par table' },
  rounds: { en: 'Rounds', fr: 'Rondes' },
  minutes: { en: 'Length (minutes)', fr: 'Durée (minutes)' },
  startsAt: { en: 'Start time', fr: 'Heure de début' },
  startsAtHelp: {
    en: 'Empty: you start it yourself from its page.',
    fr: 'Vide\u00a0: vous le lancez vous-même depuis sa page.',
  },
  rated: { en: 'Rated', fr: 'Classé' },
  ratedLabel: {
    en: 'Rated: every match changes the players’ ratings',
    fr: 'Classé\u00a0: chaque partie modifie la cote des joueurs',
  },
  conditions: { en: 'Who may enter', fr: 'Qui peut s’inscrire' },
  minRating: { en: 'Lowest rating', fr: 'Cote minimale' },
  maxRating: { en: 'Highest rating', fr: 'Cote maximale' },
  minRatedGames: { en: 'Rated games played at least', fr: 'Parties classées jouées, au moins' },
  inviteCode: { en: 'Invitation code', fr: 'Code d’invitation' },
  inviteCodeHelp: {
    en: 'Optional: only people who have it may enter (4 characters or more).',
    fr: 'Facultatif\u00a0: seuls ceux qui l’ont peuvent s’inscrire (4\u00a0caractères ou plus).',
  },
  botsAllowed: {
    en: 'Bot accounts may enter (their results are marked)',
    fr: 'Les comptes robots peuvent s’inscrire (leurs résultats sont signalés)',
  },
  byInvitation: { en: 'by invitation', fr: 'sur invitation' },
  botsAllowedShort: { en: 'bots welcome', fr: 'robots admis' },
  maxEntrants: { en: 'Most entrants', fr: 'Inscrits au plus' },
  create: { en: 'Create the event', fr: 'Créer le tournoi' },
  needAccount: {
    en: 'Log in to organise or enter an event.',
    fr: 'Connectez-vous pour organiser un tournoi ou vous y inscrire.',
  },
  needClock: {
    en: 'An event needs a clock, so that no match can stall a round: choose a time per move, Fischer or days per move.',
    fr: 'Un tournoi a besoin d’une pendule, pour qu’aucune partie ne bloque une ronde\u00a0: choisissez un temps par coup, Fischer ou des jours par coup.',
  },
  options: { en: 'Game options', fr: 'Options du jeu' },
  organiser: { en: 'Organiser', fr: 'Organisateur' },
  entrants: { en: 'Entrants', fr: 'Inscrits' },
  clock: { en: 'Clock', fr: 'Pendule' },
  starts: { en: 'Starts', fr: 'Début' },
  startsByHand: { en: 'when the organiser starts it', fr: 'quand l’organisateur le lance' },
  round: { en: 'Round', fr: 'Ronde' },
  roundOf: { en: 'Round {n} of {total}', fr: 'Ronde {n} sur {total}' },
  join: { en: 'Enter', fr: 'S’inscrire' },
  withdraw: { en: 'Withdraw', fr: 'Se retirer' },
  start: { en: 'Start now', fr: 'Lancer maintenant' },
  youEntered: { en: 'You are entered.', fr: 'Vous êtes inscrit.' },
  invitationAsked: {
    en: 'This event asks for an invitation code.',
    fr: 'Ce tournoi demande un code d’invitation.',
  },
  standings: { en: 'Standings', fr: 'Classement' },
  rank: { en: 'Rank', fr: 'Rang' },
  player: { en: 'Player', fr: 'Joueur' },
  points: { en: 'Points', fr: 'Points' },
  played: { en: 'Played', fr: 'Jouées' },
  wins: { en: 'Wins', fr: 'Victoires' },
  buchholz: { en: 'Buchholz', fr: 'Buchholz' },
  'sonneborn-berger': { en: 'Sonneborn–Berger', fr: 'Sonneborn-Berger' },
  performance: { en: 'Performance', fr: 'Performance' },
  tieBreaksHelp: {
    en: 'Ties are broken in the order of the columns after the points: Buchholz is the sum of the opponents’ points; Sonneborn–Berger adds each opponent’s points weighted by the result against them.',
    fr: 'Les égalités sont départagées dans l’ordre des colonnes après les points\u00a0: le Buchholz est la somme des points des adversaires\u00a0; le Sonneborn-Berger ajoute les points de chaque adversaire pondérés par le résultat contre lui.',
  },
  noStandings: { en: 'Nobody has entered yet.', fr: 'Personne n’est encore inscrit.' },
  botReplaced: { en: 'a bot played for them', fr: 'un robot a joué à sa place' },
  botReplacedShort: { en: 'bot stood in', fr: 'remplacé par un robot' },
  forfeit: { en: 'forfeit', fr: 'forfait' },
  withdrawn: { en: 'withdrawn', fr: 'retiré' },
  onFire: {
    en: 'on a streak: the next result counts double',
    fr: 'en série\u00a0: le prochain résultat compte double',
  },
  pairings: { en: 'Pairings', fr: 'Appariements' },
  table: { en: 'Table', fr: 'Table' },
  seats: { en: 'Players, in seat order', fr: 'Joueurs, dans l’ordre des places' },
  result: { en: 'Result', fr: 'Résultat' },
  match: { en: 'Match', fr: 'Partie' },
  openMatch: { en: 'Open the match', fr: 'Ouvrir la partie' },
  bye: { en: 'Bye', fr: 'Exempt' },
  playing: { en: 'Being played', fr: 'En cours' },
  done: { en: 'Over', fr: 'Terminée' },
  place: { en: 'place', fr: 'place' },
  playsFirst: { en: 'plays first', fr: 'joue en premier' },
  crosstable: { en: 'Crosstable', fr: 'Grille' },
  crosstableHelp: {
    en: 'Each cell: what the row’s player scored against the column’s (1 a win, ½ a draw, 0 a loss).',
    fr: 'Chaque case\u00a0: ce que le joueur de la ligne a marqué contre celui de la colonne (1 une victoire, ½ une nulle, 0 une défaite).',
  },
  exportJson: { en: 'The event’s record (JSON)', fr: 'Le relevé du tournoi (JSON)' },
  exportHelp: {
    en: 'Pairings, results and tie-breaks; each match can be checked against its own record.',
    fr: 'Appariements, résultats et départages\u00a0; chaque partie se vérifie sur son propre relevé.',
  },
  yourMatch: { en: 'Your match of this round:', fr: 'Votre partie de cette ronde\u00a0:' },
  yourMatches: { en: 'Your matches being played:', fr: 'Vos parties en cours\u00a0:' },
  playYourMatch: { en: 'Play your match', fr: 'Jouer votre partie' },
  berserk: {
    en: 'Berserk (half your clock, +1 point if you win)',
    fr: 'Berserk (moitié de votre pendule, +1\u00a0point si vous gagnez)',
  },
  berserked: {
    en: 'You berserked: half your clock, +1 point if you win.',
    fr: 'Vous avez fait berserk\u00a0: moitié de votre pendule, +1\u00a0point si vous gagnez.',
  },
  tableBerserk: { en: 'Berserk', fr: 'Berserk' },
  tableBerserkHelp: {
    en: 'Half your clock for an extra point if you win. Only before your first move.',
    fr: 'La moitié de votre pendule pour un point de plus si vous gagnez. Seulement avant votre premier coup.',
  },
  berserkMark: { en: 'berserked', fr: 'berserk' },
  berserkWins: { en: 'berserked wins', fr: 'victoires en berserk' },
  berserkAllowed: {
    en: 'Berserk allowed (an arena with a Fischer clock: half the clock before the first move, +1 point for a win)',
    fr: 'Berserk permis (arène avec pendule Fischer\u00a0: moitié de la pendule avant le premier coup, +1\u00a0point pour une victoire)',
  },
  live: {
    en: 'Live: this page follows the event as it happens.',
    fr: 'En direct\u00a0: cette page suit le tournoi au fil des résultats.',
  },
  liveDown: {
    en: 'Connection lost: this page looks again every few seconds.',
    fr: 'Connexion perdue\u00a0: cette page se met à jour toutes les quelques secondes.',
  },
  toldRunning: { en: 'The event has started.', fr: 'Le tournoi a commencé.' },
  toldStarted: { en: ' has started.', fr: ' a commencé.' },
  toldOver: {
    en: 'The event is over: the standings are final.',
    fr: 'Le tournoi est terminé\u00a0: le classement est définitif.',
  },
  back: { en: 'All events', fr: 'Tous les tournois' },
  noSuchEvent: { en: 'There is no such event.', fr: 'Ce tournoi n’existe pas.' },
  bot: { en: 'bot', fr: 'robot' },
  playerEvents: { en: 'Events', fr: 'Tournois' },
  noPlayerEvents: { en: 'No event yet.', fr: 'Aucun tournoi pour l’instant.' },
  event: { en: 'Event', fr: 'Tournoi' },
  status: { en: 'Status', fr: 'État' },
  // Seasons
  seasonTitle: { en: 'Season', fr: 'Saison' },
  seasonHelp: {
    en: 'A season is a calendar month (UTC). The ladder ranks points earned in the month’s events, then rating gained over the month; the first person at the month’s end wins it.',
    fr: 'Une saison est un mois du calendrier (UTC). Le classement range les points gagnés dans les tournois du mois, puis la cote gagnée dans le mois\u00a0; la première personne à la fin du mois la remporte.',
  },
  seasonEnds: { en: 'Ends', fr: 'Se termine' },
  seasonWinner: { en: 'Winner', fr: 'Vainqueur' },
  pastWinners: { en: 'Past winners', fr: 'Vainqueurs passés' },
  month: { en: 'Month', fr: 'Mois' },
  noPastWinner: {
    en: 'Nobody won a season of this game in the twelve months before this one.',
    fr: 'Personne n’a remporté de saison de ce jeu dans les douze mois précédents.',
  },
  nobody: { en: 'nobody', fr: 'personne' },
  gained: { en: 'Rating gained', fr: 'Cote gagnée' },
  rating: { en: 'Rating', fr: 'Cote' },
  ratedGames: { en: 'Rated games', fr: 'Parties classées' },
  eventPoints: { en: 'Event points', fr: 'Points de tournoi' },
  emptySeason: {
    en: 'Nobody has played a rated match or an event of this game this month yet.',
    fr: 'Personne n’a encore joué de partie classée ni de tournoi de ce jeu ce mois-ci.',
  },
  thisMonth: { en: 'This month', fr: 'Ce mois-ci' },
  working: { en: 'One moment…', fr: 'Un instant…' },
} as const;

export type EventWord = keyof typeof WORDS;

export function ew(lang: Lang, key: EventWord): string {
  return WORDS[key][lang];
}

/** "Round 2 of 5" (a round robin's count is known once it starts; an arena has none). */
export function roundOf(lang: Lang, n: number, total: number | null): string {
  if (total === null) return `${ew(lang, 'round')} ${n}`;
  return ew(lang, 'roundOf').replace('{n}', String(n)).replace('{total}', String(total));
}

/** "4 entrants", "1 inscrit". */
export function entrantsCount(lang: Lang, n: number, max?: number): string {
  const of = max !== undefined ? (lang === 'fr' ? ` sur ${max}` : ` of ${max}`) : '';
  if (lang === 'fr') return `${n}${of}\u00a0${pluralFor(n, lang) ? 'inscrits' : 'inscrit'}`;
  return `${n}${of} ${pluralFor(n, lang) ? 'entrants' : 'entrant'}`;
}

/** A score with its halves as ½: 2.5 → "2½", 0.5 → "½"; table scores keep two decimals. */
export function score(n: number): string {
  const whole = Math.floor(n);
  const rest = n - whole;
  if (rest === 0) return String(whole);
  if (Math.abs(rest - 0.5) < 1e-9) return whole === 0 ? '½' : `${whole}½`;
  return n.toFixed(2);
}

/** A score read aloud, for the screen-reader mode: "2 and a half points". */
export function scoreWords(lang: Lang, n: number): string {
  const whole = Math.floor(n);
  const half = Math.abs(n - whole - 0.5) < 1e-9;
  if (n !== whole && !half) return lang === 'fr' ? `${n.toFixed(2)}\u00a0points` : `${n.toFixed(2)} points`;
  // French counts 1.5 in the singular ("1 point et demi") as it does 0 and 1; half a point alone is said so.
  if (half && whole === 0) return lang === 'fr' ? 'un demi-point' : 'half a point';
  if (lang === 'fr')
    return half
      ? `${countText(whole, 'point', 'points', lang)} et demi`
      : countText(whole, 'point', 'points', lang).replace(' ', '\u00a0');
  return half ? `${whole} and a half points` : countText(whole, 'point', 'points', lang);
}

/** "1st", "2nd"; "1er", "2e". */
export function ordinal(lang: Lang, n: number): string {
  if (lang === 'fr') return n === 1 ? '1er' : `${n}e`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "December 2026", "décembre 2026" (a season's month in UTC). */
export function monthName(lang: Lang, month: string): string {
  return formatMonth(month, lang);
}
