/// <reference lib="webworker" />
import { analyse } from '@roundtable/ai';
import { loadGame } from '../learn-games.ts';

/**
 * The analysis board's engine, off the page's thread: it deepens without a budget and reports every completed
 * depth; the page stops it by ending the worker (a search has no other way to hear "stop" without shared memory,
 * which a page gets only when cross-origin isolated).
 */
self.onmessage = async (e: MessageEvent<{ id: number; gameId: string; state: unknown }>) => {
  const { id, gameId, state: data } = e.data;
  try {
    const game = await loadGame(gameId);
    const state = game.deserialize(data);
    if (!state.ok) throw new Error(state.error.code);
    const final = analyse(game, state.value, {}, { onDepth: (ev) => self.postMessage({ id, ev, final: false }) });
    self.postMessage({ id, ev: final, final: true });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
