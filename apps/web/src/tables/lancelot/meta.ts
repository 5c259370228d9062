import type { TableArt } from '../../table-api.ts';

/** The picture on the home screen (names, blurb and player counts come from the game's descriptor). */
export const art: TableArt = {
  picture: `<rect x="20" y="6" width="80" height="68" fill="#e8e1cf"/><g stroke="#b5a98a" stroke-width="1">${Array.from({ length: 9 }, (_, i) => `<line x1="${20 + i * 10}" y1="6" x2="${20 + i * 10}" y2="74"/><line x1="20" y1="${6 + i * 8.5}" x2="100" y2="${6 + i * 8.5}"/>`).join('')}</g><circle cx="45" cy="27" r="4" fill="#D55E00"/><circle cx="55" cy="27" r="4" fill="#D55E00"/><circle cx="65" cy="27" r="4" fill="#0072B2"/><circle cx="55" cy="44" r="4" fill="#009E73"/><circle cx="75" cy="53" r="4" fill="#0072B2"/><path d="M82 14l-14 30" stroke="#555" stroke-width="3"/><path d="M72 38l6 4" stroke="#b08a3e" stroke-width="3"/>`,
};
