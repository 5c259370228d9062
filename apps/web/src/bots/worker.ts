/// <reference lib="webworker" />
import { createRng, type AnyGame } from '@roundtable/core';
import { botFor, registerGame, searchBot, STRONG_MS, type Bot, type BotMemory } from '@roundtable/ai';
import { lineById } from '@roundtable/catalog/lines';

/**
 * The bots of packages/ai, run off the page's thread so the board stays responsive while they think. The
 * `strong` level searches on one thread here (the Node worker pool of the server is not available in a page).
 * A game's engine and bots are loaded from the catalog the first time the worker is asked about it.
 */
const engines = new Map<string, Promise<AnyGame>>();

function engineOf(id: string): Promise<AnyGame> {
  let p = engines.get(id);
  if (!p) {
    const line = lineById(id);
    if (!line) return Promise.reject(new Error(`no game ${id} in the catalog`));
    p = Promise.all([line.descriptor.engine(), line.bots()]).then(([game, profile]) => {
      registerGame(game, profile);
      return game;
    });
    engines.set(id, p);
  }
  return p;
}

const strong = searchBot({ level: 'strong', ms: STRONG_MS, perGame: true });

function bot(level: string): Bot {
  if (level === 'strong') return strong;
  return botFor(level) ?? (botFor('easy') as Bot);
}

self.onmessage = async (
  e: MessageEvent<{
    id: number;
    gameId: string;
    view: unknown;
    seat: number;
    level: string;
    seed: string;
    memory?: BotMemory;
  }>,
) => {
  const { id, gameId, view, seat, level, seed } = e.data;
  // The match's memory comes with the question and goes back with the answer: the worker keeps nothing.
  const memory = e.data.memory ?? {};
  try {
    const game = await engineOf(gameId);
    const move = bot(level).choose({ game, view, seat, rng: createRng(seed), memory });
    self.postMessage({ id, move, memory });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
