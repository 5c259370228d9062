import type { AnyGame } from '@roundtable/core';
import type { TerminalAdapter } from '../terminal/adapter.ts';

/**
 * The adapter of a game that has no terminal drawing yet: its view as indented JSON. Playable, if not pretty;
 * it hides the screen between humans whenever the game hides anything.
 */
export function genericAdapter(game: AnyGame): TerminalAdapter {
  return {
    gameId: game.id,
    privacyScreen: !game.perfectInformation,
    render(view) {
      return JSON.stringify(view, null, 2);
    },
  };
}
