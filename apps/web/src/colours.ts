/**
 * Okabe–Ito palette: distinguishable with every common colour-vision deficiency. Seats are also told apart by
 * a letter or a shape, never by colour alone.
 */
export const OKABE_ITO = {
  vermillion: '#D55E00',
  blue: '#0072B2',
  green: '#009E73',
  yellow: '#F0E442',
  purple: '#CC79A7',
  orange: '#E69F00',
  sky: '#56B4E9',
  black: '#000000',
} as const;

export const SEAT_COLOURS = [
  OKABE_ITO.vermillion,
  OKABE_ITO.blue,
  OKABE_ITO.green,
  OKABE_ITO.orange,
  OKABE_ITO.purple,
  OKABE_ITO.sky,
];
