import type { TableArt } from '../../table-api.ts';

/** The picture on the home screen (names, blurb and player counts come from the game's descriptor). */
export const art: TableArt = {
  picture: `<g transform="rotate(-20 60 46)"><rect x="40" y="18" width="26" height="40" rx="3" fill="#f4efe2" stroke="#333"/></g><rect x="48" y="16" width="26" height="40" rx="3" fill="#f4efe2" stroke="#333"/><g transform="rotate(20 60 46)"><rect x="56" y="18" width="26" height="40" rx="3" fill="#f4efe2" stroke="#333"/></g><path d="M60 24l4 10h-8z" fill="#8b2d2d"/>`,
};
