import type { TableArt } from '../../table-api.ts';

/** The picture on the home screen (names, blurb and player counts come from the game's descriptor). */
export const art: TableArt = {
  picture: `<g transform="rotate(-12 45 40)"><rect x="28" y="14" width="32" height="48" rx="4" fill="#CC79A7" stroke="#333"/><text x="44" y="44" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">7</text></g><g transform="rotate(8 75 40)"><rect x="60" y="14" width="32" height="48" rx="4" fill="#0072B2" stroke="#333"/><text x="76" y="44" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">4</text></g><circle cx="100" cy="66" r="6" fill="#F0E442" stroke="#333"/><circle cx="86" cy="70" r="6" fill="#009E73" stroke="#333"/>`,
};
