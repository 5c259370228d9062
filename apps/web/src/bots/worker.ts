/// <reference lib="webworker" />
import { createRng, type AnyGame } from '@roundtable/core';
import { botFor, searchBot, STRONG_MS, type Bot, type BotMemory } from '@roundtable/ai';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { lancelot } from '@roundtable/lancelot';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';

/**
 * The bots of packages/ai, run off the page's thread so the board stays responsive while they think. The
 * `strong` level searches on one thread here (the Node worker pool of the server is not available in a page).
 */
// The bots import every engine anyway (their evaluation hooks), so the worker holds them all.
const engines: Record<string, AnyGame> = {
  camelot: camelot as AnyGame,
  lancelot: lancelot as AnyGame,
  joust: joust as AnyGame,
  tournament: tournament as AnyGame,
  shadows: shadows as AnyGame,
};

const strong = searchBot({ level: 'strong', ms: STRONG_MS });

function bot(level: string): Bot {
  if (level === 'strong') return strong;
  return botFor(level) ?? (botFor('easy') as Bot);
}

self.onmessage = (
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
    const game = engines[gameId];
    if (!game) throw new Error(`no engine for ${gameId}`);
    const move = bot(level).choose({ game, view, seat, rng: createRng(seed), memory });
    self.postMessage({ id, move, memory });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
