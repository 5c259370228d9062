import type { GameMeta } from '../../table-api.ts';

export const meta: GameMeta = {
  id: 'lancelot',
  order: 2,
  landed: true,
  players: [2, 5],
  name: { en: 'Lancelot', fr: 'Lancelot' },
  pitch: {
    en: 'A game of placement for 2 to 5 knights of the Round Table. Place your knights one by one; reach exactly two more than all your rivals in a row and you capture theirs — but chivalry forbids any greater advantage. With Excalibur, each player may move the sword once.',
    fr: 'Un jeu de placement pour 2 à 5 chevaliers de la Table ronde. Posez vos chevaliers un à un\u00a0; obtenez exactement deux pions d’avance dans une rangée et vous capturez ceux des autres — mais la chevalerie interdit toute plus grande supériorité. Avec Excalibur, chacun peut déplacer l’épée une fois.',
  },
  picture: `<rect x="20" y="6" width="80" height="68" fill="#e8e1cf"/><g stroke="#b5a98a" stroke-width="1">${Array.from({ length: 9 }, (_, i) => `<line x1="${20 + i * 10}" y1="6" x2="${20 + i * 10}" y2="74"/><line x1="20" y1="${6 + i * 8.5}" x2="100" y2="${6 + i * 8.5}"/>`).join('')}</g><circle cx="45" cy="27" r="4" fill="#D55E00"/><circle cx="55" cy="27" r="4" fill="#D55E00"/><circle cx="65" cy="27" r="4" fill="#0072B2"/><circle cx="55" cy="44" r="4" fill="#009E73"/><circle cx="75" cy="53" r="4" fill="#0072B2"/><path d="M82 14l-14 30" stroke="#555" stroke-width="3"/><path d="M72 38l6 4" stroke="#b08a3e" stroke-width="3"/>`,
};
