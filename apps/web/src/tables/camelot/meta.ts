import type { TableArt } from '../../table-api.ts';

/** The picture on the home screen (names, blurb and player counts come from the game's descriptor). */
export const art: TableArt = {
  picture: `<rect x="10" y="8" width="100" height="64" rx="4" fill="#e8dcc0"/><g fill="#c9b58a">${Array.from({ length: 24 }, (_, i) => `<rect x="${14 + (i % 6) * 16 + (Math.floor(i / 6) % 2) * 8}" y="${12 + Math.floor(i / 6) * 15}" width="8" height="8"/>`).join('')}</g><rect x="52" y="8" width="16" height="6" fill="#8b2d2d"/><rect x="52" y="66" width="16" height="6" fill="#8b2d2d"/><circle cx="40" cy="30" r="6" fill="#111"/><circle cx="56" cy="30" r="6" fill="#111"/><circle cx="64" cy="50" r="6" fill="#fafafa" stroke="#111"/><circle cx="80" cy="50" r="6" fill="#fafafa" stroke="#111"/><path d="M77 50l3-3 3 3-3 3z" fill="#111"/>`,
};
