import type { GameMeta } from '../../table-api.ts';

export const meta: GameMeta = {
  id: 'joust',
  order: 3,
  landed: true,
  players: [2, 5],
  name: { en: 'Camelot, the card game', fr: 'Camelot, le jeu de cartes' },
  pitch: {
    en: 'A jousting card game for 2 to 5 (in the spirit of Ivanhoe). Each tournament has a colour; play cards to hold the highest total or withdraw, and strike with action cards — unless someone answers with Lancelot. Win tokens of every colour to win the day.',
    fr: 'Un jeu de cartes de joutes pour 2 à 5 (dans l’esprit d’Ivanhoé). Chaque tournoi a sa couleur\u00a0; posez des cartes pour tenir le plus haut total ou abandonnez, et frappez avec les cartes d’action — sauf si quelqu’un répond par Lancelot. Gagnez des jetons de chaque couleur pour l’emporter.',
  },
  picture: `<g transform="rotate(-12 45 40)"><rect x="28" y="14" width="32" height="48" rx="4" fill="#CC79A7" stroke="#333"/><text x="44" y="44" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">7</text></g><g transform="rotate(8 75 40)"><rect x="60" y="14" width="32" height="48" rx="4" fill="#0072B2" stroke="#333"/><text x="76" y="44" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">4</text></g><circle cx="100" cy="66" r="6" fill="#F0E442" stroke="#333"/><circle cx="86" cy="70" r="6" fill="#009E73" stroke="#333"/>`,
};
