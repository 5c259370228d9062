import type { AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { lancelot } from '@roundtable/lancelot';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';

/** Every game Round Table can play, by id. Front doors (terminal, engine, server, web) list games from here. */
export const games: Readonly<Record<string, AnyGame>> = {
  camelot,
  lancelot,
  joust,
  tournament,
  shadows,
};

export const GAME_IDS = Object.keys(games);

export function gameById(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}
