import type { GameMeta } from '../../table-api.ts';

export const meta: GameMeta = {
  id: 'shadows',
  order: 5,
  landed: true,
  players: [3, 7],
  name: { en: 'Knights of the Round Table', fr: 'Les Chevaliers de la Table Ronde' },
  pitch: {
    en: 'A cooperative game for 3 to 7 in the spirit of Shadows over Camelot: quest for the Grail and Excalibur, hold back the Saxons and the Picts — while a hidden traitor may sit among you.',
    fr: 'Un jeu coopératif pour 3 à 7 dans l’esprit des Ombres sur Camelot\u00a0: partez en quête du Graal et d’Excalibur, repoussez Saxons et Pictes — alors qu’un traître se cache peut-être parmi vous.',
  },
  picture: `<circle cx="60" cy="40" r="30" fill="#6b4f2a"/><circle cx="60" cy="40" r="22" fill="#8a6a3c"/>${Array.from({ length: 7 }, (_, i) => `<circle cx="${60 + 34 * Math.cos((i * 2 * Math.PI) / 7)}" cy="${40 + 34 * Math.sin((i * 2 * Math.PI) / 7)}" r="5" fill="${i === 3 ? '#222' : '#e8dcc0'}"/>`).join('')}<path d="M60 28v20M54 34h12" stroke="#e8dcc0" stroke-width="3"/>`,
};
