import { games } from '@roundtable/catalog';
import type { Registry } from '../registry.ts';
import type { TerminalAdapter } from '../terminal/adapter.ts';
import { camelotAdapter } from './camelot.ts';
import { joustAdapter } from './joust.ts';
import { lancelotAdapter } from './lancelot.ts';
import { shadowsAdapter } from './shadows.ts';
import { tournamentAdapter } from './tournament.ts';

/** How each game is drawn at the terminal; a game missing here is drawn by the generic adapter. */
export const adapters: Readonly<Record<string, TerminalAdapter>> = {
  camelot: camelotAdapter,
  joust: joustAdapter,
  lancelot: lancelotAdapter,
  tournament: tournamentAdapter,
  shadows: shadowsAdapter,
};

export const registry: Registry = { games, adapters };
