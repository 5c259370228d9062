import type { AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { lancelot } from '@roundtable/lancelot';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';

/**
 * The games a search worker can rebuild by id (a worker receives the id and the view, never a game object).
 * A game missing here is still played, on the calling thread only.
 */
export const workerGames: Readonly<Record<string, AnyGame>> = { camelot, lancelot, joust, tournament, shadows };
