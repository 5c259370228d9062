import type { Lang } from '@roundtable/core';

/** The clubs' words (clubs/), in English and French (a non-breaking space before « : ; ! ? »). */
const WORDS = {
  clubs: { en: 'Clubs', fr: 'Clubs' },
  title: { en: 'Clubs and households', fr: 'Clubs et foyers' },
  intro: {
    en: 'Rated games are between players at different addresses, so that nobody can rate a second account of their own. A club vouches for its members: two members of the same club may play rated from one address (a household, a club evening behind one router), a few games a day, and both players’ pages say so.',
    fr: 'Les parties classées opposent des joueurs d’adresses différentes, pour que personne ne puisse classer un second compte à soi. Un club se porte garant de ses membres\u00a0: deux membres du même club peuvent jouer une partie classée depuis une même adresse (un foyer, une soirée de club derrière une même box), quelques parties par jour, et les pages des deux joueurs le disent.',
  },
  yourClubs: { en: 'Your clubs', fr: 'Vos clubs' },
  none: { en: 'You belong to no club yet.', fr: 'Vous n’êtes encore membre d’aucun club.' },
  owner: { en: 'Owner', fr: 'Propriétaire' },
  members: { en: 'Members', fr: 'Membres' },
  code: { en: 'Invitation code', fr: 'Code d’invitation' },
  link: { en: 'Invitation link', fr: 'Lien d’invitation' },
  linkHint: {
    en: 'Whoever has the code or the link may join, or create an account into the club: those sign-ups count against the club’s new members of the day, not your address’s.',
    fr: 'Quiconque a le code ou le lien peut rejoindre le club, ou s’y inscrire\u00a0: ces inscriptions comptent dans les nouveaux membres du jour du club, pas dans ceux de votre adresse.',
  },
  newCode: { en: 'New code (the old one stops working)', fr: 'Nouveau code (l’ancien ne marche plus)' },
  limits: { en: 'Limits', fr: 'Limites' },
  found: { en: 'Found a club', fr: 'Fonder un club' },
  foundHint: {
    en: 'An established account founds a club (rated games and weeks since sign-up): a new account cannot mint clubs.',
    fr: 'Un compte établi fonde un club (parties classées et semaines depuis l’inscription)\u00a0: un compte neuf ne peut pas créer de clubs.',
  },
  clubName: { en: 'Club name', fr: 'Nom du club' },
  create: { en: 'Found it', fr: 'Le fonder' },
  join: { en: 'Join a club', fr: 'Rejoindre un club' },
  joinButton: { en: 'Join', fr: 'Rejoindre' },
  invited: { en: 'You are invited to a club', fr: 'Vous êtes invité dans un club' },
  signupInto: { en: 'Create your account in this club', fr: 'Créer votre compte dans ce club' },
  name: { en: 'Name', fr: 'Nom' },
  password: { en: 'Password', fr: 'Mot de passe' },
  signUp: { en: 'Sign up and join', fr: 'S’inscrire et rejoindre' },
  orLogIn: {
    en: 'Have an account? Log in, then come back to this link.',
    fr: 'Vous avez un compte\u00a0? Connectez-vous, puis revenez à ce lien.',
  },
  joined: { en: 'You are a member of this club.', fr: 'Vous êtes membre de ce club.' },
  leave: { en: 'Leave', fr: 'Quitter' },
  remove: { en: 'Remove', fr: 'Retirer' },
  wards: {
    en: 'An account created through the club plays rated games only with the club’s members until it is no longer provisional.',
    fr: 'Un compte créé par le club ne joue de parties classées qu’avec les membres du club tant qu’il est provisoire.',
  },
  // Rated play from one address, told before the match is created (new-match page).
  sameAddressRefused: {
    en: 'A second player at your address (the same home network) will be refused a seat of this rated match, and offered the same match unrated instead; if they take it, this rated match gives way to the unrated one.',
    fr: 'Un second joueur à votre adresse (le même réseau domestique) se verra refuser un siège de cette partie classée, et proposer la même partie sans classement\u00a0; s’il l’accepte, cette partie classée laisse place à la partie non classée.',
  },
  sameAddressClubs: {
    en: 'Members of your clubs are welcome from your address (a few rated games a day):',
    fr: 'Les membres de vos clubs sont bienvenus depuis votre adresse (quelques parties classées par jour)\u00a0:',
  },
  sameAddressNoClub: {
    en: 'Members of a club you both belong to may play rated from one address:',
    fr: 'Les membres d’un même club peuvent jouer une partie classée depuis une même adresse\u00a0:',
  },
  sameAddressAllowed: {
    en: 'This server lets players at one address play rated together (it sits behind a proxy).',
    fr: 'Ce serveur laisse jouer des parties classées entre joueurs d’une même adresse (il est derrière un proxy).',
  },
  // The unrated offer (join page).
  playUnrated: { en: 'Play unrated instead', fr: 'Jouer sans classement' },
  unratedHint: {
    en: 'The same game, options and clock, not rated; the host’s table moves there.',
    fr: 'Le même jeu, les mêmes options et la même pendule, sans classement\u00a0; la table de l’hôte s’y rend.',
  },
  // The host's table, moved there when the joiner took the unrated offer.
  unratedMoved: {
    en: 'This match is unrated: the player who joined plays from your address (the same home network), where a second rated seat was refused, so your rated match gave way to the same match unrated, as you were told when you created it.',
    fr: 'Cette partie n’est pas classée\u00a0: le joueur qui vous a rejoint joue depuis votre adresse (le même réseau domestique), où un second siège classé était refusé\u00a0; votre partie classée a donc laissé place à la même partie sans classement, comme annoncé à sa création.',
  },
  // Player page.
  playerClubs: { en: 'Clubs', fr: 'Clubs' },
  vouched: {
    en: 'Rated games from one address, vouched for by a club',
    fr: 'Parties classées depuis une même adresse, au titre d’un club',
  },
  vouchedRow: { en: 'against', fr: 'contre' },
  by: { en: 'club', fr: 'club' },
} as const satisfies Record<string, Record<Lang, string>>;

export type ClubWord = keyof typeof WORDS;

export const cw = (lang: Lang, key: ClubWord): string => WORDS[key][lang];

/** A club's limits in a sentence. */
export function limitsLine(
  lang: Lang,
  l: { members: number; joinsPerDay: number; ratedPerPair: number; ratedPerAccount: number; ratedPerDay: number },
): string {
  return lang === 'fr'
    ? `${l.members}\u00a0membres au plus, ${l.joinsPerDay}\u00a0nouveaux par jour\u00a0; depuis une même adresse, par jour\u00a0: ${l.ratedPerPair}\u00a0parties classées par paire et par jeu, ${l.ratedPerAccount} par joueur, ${l.ratedPerDay} pour le club.`
    : `At most ${l.members} members, ${l.joinsPerDay} new ones a day; from one address, a day: ${l.ratedPerPair} rated games per pair and game, ${l.ratedPerAccount} per player, ${l.ratedPerDay} for the club.`;
}

/** A colon as each language writes it (French: a non-breaking space before it). */
export const colon = (lang: Lang): string => (lang === 'fr' ? '\u00a0: ' : ': ');
