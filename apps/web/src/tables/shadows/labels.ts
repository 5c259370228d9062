import { pluralFor, type Lang } from '@roundtable/core';
import { KINDS, KIND_BY_ID, LOCATION_NAMES, kindOfInstance, type CardKind, type Location } from '@roundtable/shadows';

/** `fight-3.7` → its kind record. */
export function kindOfCard(id: string): CardKind | undefined {
  const k = KIND_BY_ID.get(kindOfInstance(id));
  return k === undefined ? undefined : KINDS[k];
}

export function cardName(id: string, lang: Lang): string {
  return kindOfCard(id)?.[lang] ?? id;
}

const SHORT_PLACES: Record<Location, { en: string; fr: string }> = {
  camelot: { en: 'Camelot', fr: 'Camelot' },
  'black-knight': { en: 'Black Knight', fr: 'Chevalier Noir' },
  lancelot: { en: 'Lancelot / Dragon', fr: 'Lancelot / Dragon' },
  excalibur: { en: 'Excalibur', fr: 'Excalibur' },
  grail: { en: 'Holy Grail', fr: 'Saint Graal' },
  picts: { en: 'Picts', fr: 'Pictes' },
  saxons: { en: 'Saxons', fr: 'Saxons' },
};

export function placeName(p: string, lang: Lang, long = false): string {
  if (long && p in LOCATION_NAMES) return LOCATION_NAMES[p as Location][lang];
  return SHORT_PLACES[p as Location]?.[lang] ?? p;
}

/** Two-language strings of this table. */
const S = {
  roundTable: { en: 'Round Table', fr: 'Table Ronde' },
  swords: { en: 'Swords', fr: 'Épées' },
  white: { en: 'white', fr: 'blanches' },
  black: { en: 'black', fr: 'noires' },
  siege: { en: 'Siege engines', fr: 'Engins de siège' },
  quests: { en: 'Quests', fr: 'Quêtes' },
  knights: { en: 'Knights', fr: 'Chevaliers' },
  life: { en: 'life', fr: 'bravoure' },
  cards: { en: 'cards', fr: 'cartes' },
  card: { en: 'card', fr: 'carte' },
  at: { en: 'at', fr: 'à' },
  dead: { en: 'dead', fr: 'mort' },
  traitorRevealed: { en: 'traitor (unmasked)', fr: 'félon (démasqué)' },
  accused: { en: 'has accused', fr: 'a accusé' },
  yourLoyalty: { en: 'Your loyalty card', fr: 'Votre carte d’allégeance' },
  loyal: { en: 'Loyal knight', fr: 'Chevalier loyal' },
  traitor: { en: 'Traitor', fr: 'Félon' },
  loyalHint: { en: 'Only you see this card.', fr: 'Vous seul voyez cette carte.' },
  yourHand: { en: 'Your hand', fr: 'Votre main' },
  empty: { en: 'empty', fr: 'vide' },
  turn: { en: 'Turn', fr: 'Tour' },
  whiteDeck: { en: 'White pile', fr: 'Pioche blanche' },
  blackDeck: { en: 'Black pile', fr: 'Pioche noire' },
  discard: { en: 'discard', fr: 'défausse' },
  lastRoll: { en: 'Last siege fight', fr: 'Dernière lutte contre un engin' },
  won: { en: 'won', fr: 'gagnée' },
  lost: { en: 'lost', fr: 'perdue' },
  faceDown: { en: 'face down', fr: 'face cachée' },
  over: { en: 'over', fr: 'terminée' },
  figures: { en: 'figures', fr: 'figurines' },
  next: { en: 'next', fr: 'suivante' },
  oblivion: { en: 'oblivion', fr: 'oubli' },
  knightsShore: { en: 'knights', fr: 'chevaliers' },
  relics: { en: 'Relics', fr: 'Reliques' },
  onQuest: { en: 'on its quest', fr: 'sur sa quête' },
  gone: { en: 'out of the game', fr: 'hors jeu' },
  effects: { en: 'Lasting black cards', fr: 'Cartes noires durables' },
  choices: { en: 'Your choices', fr: 'Vos choix' },
  waitFor: { en: 'Waiting for', fr: 'On attend' },
  yourAnswer: { en: 'Your answer', fr: 'Votre réponse' },
  youSee: { en: 'You see', fr: 'Vous voyez' },
  youSaw: { en: 'You saw', fr: 'Vous avez vu' },
  laid: { en: 'Cards laid for the share', fr: 'Cartes posées pour le partage' },
  proposal: { en: 'Proposal', fr: 'Proposition' },
  declared: { en: 'declared', fr: 'a déclaré' },
  present: { en: 'Here', fr: 'Présents' },
  nobody: { en: 'nobody', fr: 'personne' },
  used: { en: 'Actions used', fr: 'Actions faites' },
  needs: { en: 'needs', fr: 'attend' },
  side: { en: 'side', fr: 'face' },
  holder: { en: 'holds', fr: 'détient' },
  notAction: { en: 'This card has no use now.', fr: 'Cette carte ne peut pas servir maintenant.' },
} as const;

export type Key = keyof typeof S;
export const tr = (lang: Lang, k: Key): string => S[k][lang];

export function declarationText(what: string, quest: string | undefined, lang: Lang): string {
  const fr = lang === 'fr';
  if (what === 'strong') return fr ? '«\u00a0je suis fort\u00a0»' : '“I am strong”';
  if (what === 'weak') return fr ? '«\u00a0je suis faible\u00a0»' : '“I am weak”';
  return fr
    ? `«\u00a0je peux aider\u00a0: ${placeName(quest ?? '', lang)}\u00a0»`
    : `“I can help on ${placeName(quest ?? '', lang)}”`;
}

/** A move of the notation as a short sentence on a button. */
export function moveLabel(move: string, lang: Lang, seatLabel: (s: number) => string): string {
  const words = move.split(' ');
  const fr = lang === 'fr';
  const rest = words.slice(1);
  const seat = (w: string): string => (w.startsWith('@') ? seatLabel(Number(w.slice(1))) : w);
  const cards = (ws: readonly string[]): string => ws.map((w) => cardName(w, lang)).join(' + ');
  const a = rest[0] ?? '';
  switch (words[0]) {
    case 'lay':
      return `${fr ? 'Poser' : 'Lay'} ${cardName(a, lang)}`;
    case 'propose':
      return `${fr ? 'Proposer' : 'Propose'}: ${rest.map((n, i) => `${seatLabel(i).split(' (')[0]} ← #${Number(n) + 1}`).join(', ')}`;
    case 'accept':
      return fr ? 'Accepter la proposition' : 'Accept the proposal';
    case 'refuse':
      return fr ? 'Refuser la proposition' : 'Refuse the proposal';
    case 'evil':
      return a === 'black'
        ? fr
          ? 'Piocher une carte noire'
          : 'Draw a black card'
        : a === 'siege'
          ? fr
            ? 'Ajouter un engin de siège'
            : 'Add a siege engine'
          : fr
            ? 'Perdre 1 point de bravoure'
            : 'Lose 1 life point';
    case 'keep':
      return `${fr ? 'Appliquer' : 'Resolve'} ${cardName(a, lang)}`;
    case 'place':
      return a === 'up'
        ? fr
          ? 'Poser face visible'
          : 'Lay it face up'
        : fr
          ? 'Poser face cachée (+1 carte blanche)'
          : 'Lay it face down (+1 white card)';
    case 'war':
      return `${fr ? 'Figurine sur' : 'Figure on'} ${placeName(a, lang)}`;
    case 'target':
      return `${fr ? 'Cibler' : 'Target'} ${seat(a)}`;
    case 'move':
      return `${fr ? 'Aller à' : 'Go to'} ${placeName(a, lang)}`;
    case 'draw':
      return fr ? 'Piocher des cartes blanches' : 'Draw white cards';
    case 'siege':
      return `${fr ? 'Lutter contre un engin' : 'Fight a siege engine'}: ${cards(rest)}`;
    case 'fight':
      return `${fr ? 'Combattre' : 'Fight'}: ${cardName(a, lang)}`;
    case 'push':
      return `${fr ? 'Faire avancer Excalibur' : 'Move Excalibur on'}: ${cardName(a, lang)}`;
    case 'grail':
      return fr ? 'Poser un Graal' : 'Lay a Grail card';
    case 'heal':
      return `${fr ? 'Se soigner' : 'Heal'}: 3 × ${cardName(a, lang)}`;
    case 'kay':
      return `${fr ? 'Keu ajoute' : 'Kay adds'} ${cardName(a, lang)}`;
    case 'save':
      return fr ? 'Sauver le mourant avec le Graal' : 'Save the dying knight with the Grail';
    case 'excalibur':
      return fr ? 'Annuler la carte noire avec Excalibur' : 'Cancel the black card with Excalibur';
    case 'play': {
      const extra = rest
        .slice(1)
        .map((w) =>
          w.startsWith('@')
            ? seat(w)
            : w === 'self'
              ? fr
                ? 'moi'
                : 'me'
              : w === 'others'
                ? fr
                  ? 'les autres'
                  : 'the others'
                : w === 'siege'
                  ? fr
                    ? 'engin'
                    : 'siege engine'
                  : w in SHORT_PLACES
                    ? placeName(w, lang)
                    : cardName(w, lang),
        );
      return [`${fr ? 'Jouer' : 'Play'} ${cardName(a, lang)}`, ...extra].join(' → ');
    }
    case 'give':
      return `${fr ? 'Donner' : 'Give'} ${cardName(a, lang)} → ${seat(rest[1] ?? '')}`;
    case 'return':
      return `${fr ? 'Rendre' : 'Give back'} ${cardName(a, lang)}`;
    case 'discard':
      return `${fr ? 'Défausser' : 'Discard'} ${cards(rest)}`;
    case 'order':
      return `${fr ? 'Ordre' : 'Order'} ${rest.join(' ')}`;
    case 'accuse':
      return `${fr ? 'Accuser' : 'Accuse'} ${seat(a)}`;
    case 'reveal':
      return fr ? 'Se dévoiler (félon)' : 'Reveal myself (traitor)';
    case 'declare':
      return `${fr ? 'Déclarer' : 'Declare'} ${declarationText(a, rest[1], lang)}`;
    case 'pass':
      return fr ? 'Passer' : 'Pass';
    case 'merlin':
      return `${fr ? 'Donner' : 'Give'} ${a || '1'} Merlin`;
    case 'volunteer':
      return fr ? 'Me porter volontaire' : 'Volunteer';
    case 'end':
      return fr ? 'Finir mon tour' : 'End my turn';
    default:
      return move;
  }
}

/** "1 blanche", "3 noires" (swords, cards): in French the colour agrees with the number. */
export function colourWord(colour: 'white' | 'black', n: number, lang: Lang): string {
  if (lang !== 'fr') return colour;
  const word = colour === 'white' ? 'blanche' : 'noire';
  return pluralFor(n, lang) ? `${word}s` : word;
}
