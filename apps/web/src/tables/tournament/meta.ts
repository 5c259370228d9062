import type { GameMeta } from '../../table-api.ts';

export const meta: GameMeta = {
  id: 'tournament',
  order: 4,
  landed: true,
  players: [3, 6],
  name: { en: 'Tournament at Camelot', fr: 'Le Tournoi de Camelot' },
  pitch: {
    en: 'A trick-taking card game for 3 to 6 (2 with a variant): knights duel with weapons, take wounds and call on the powers of Avalon and the Morgane. The fewest wounds at the end wins the tournament.',
    fr: 'Un jeu de plis pour 3 à 6 (2 en variante)\u00a0: les chevaliers s’affrontent avec leurs armes, encaissent des blessures et invoquent les pouvoirs d’Avalon et de Morgane. Le moins blessé remporte le tournoi.',
  },
  picture: `<g transform="rotate(-20 60 46)"><rect x="40" y="18" width="26" height="40" rx="3" fill="#f4efe2" stroke="#333"/></g><rect x="48" y="16" width="26" height="40" rx="3" fill="#f4efe2" stroke="#333"/><g transform="rotate(20 60 46)"><rect x="56" y="18" width="26" height="40" rx="3" fill="#f4efe2" stroke="#333"/></g><path d="M60 24l4 10h-8z" fill="#8b2d2d"/>`,
};
