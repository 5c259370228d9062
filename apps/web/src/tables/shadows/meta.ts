import type { TableArt } from '../../table-api.ts';

/** The picture on the home screen (names, blurb and player counts come from the game's descriptor). */
export const art: TableArt = {
  picture: `<circle cx="60" cy="40" r="30" fill="#6b4f2a"/><circle cx="60" cy="40" r="22" fill="#8a6a3c"/>${Array.from({ length: 7 }, (_, i) => `<circle cx="${60 + 34 * Math.cos((i * 2 * Math.PI) / 7)}" cy="${40 + 34 * Math.sin((i * 2 * Math.PI) / 7)}" r="5" fill="${i === 3 ? '#222' : '#e8dcc0'}"/>`).join('')}<path d="M60 28v20M54 34h12" stroke="#e8dcc0" stroke-width="3"/>`,
};
