import type { Lang } from './errors.ts';

/** Seats are numbered from 0 in turn order. */
export type Seat = number;

/** Who looks at a game: a seat, or a spectator who may see only what is public. */
export type Viewer = Seat | 'spectator';
export const SPECTATOR = 'spectator' as const;

/** A text in every language of the interface. */
export type Localized = { readonly [L in Lang]: string };
