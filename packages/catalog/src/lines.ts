import type { GameDescriptor } from '@roundtable/core';
import type { BotProfile } from '@roundtable/ai';
import { descriptor as camelot } from '@roundtable/camelot/descriptor';
import { descriptor as lancelot } from '@roundtable/lancelot/descriptor';
import { descriptor as joust } from '@roundtable/joust/descriptor';
import { descriptor as tournament } from '@roundtable/tournament/descriptor';
import { descriptor as shadows } from '@roundtable/shadows/descriptor';
import { descriptor as stones } from '@roundtable/stones/descriptor';
import { descriptor as sealed } from '@roundtable/sealed/descriptor';

/** One game in the catalog: its descriptor (light: no engine code) and its bots' profile, loaded on demand. */
export interface CatalogLine {
  readonly descriptor: GameDescriptor;
  readonly bots: () => Promise<BotProfile>;
}

/**
 * Every game Round Table knows, one line each, in menu order: the only list of games (ARCHITECTURE.md, "One game,
 * one place"). The terminal, the engine protocol, the arena, the server and the web derive every list from it.
 * This module loads no engine and no bot: a page lists the games from it and loads one game's code when played.
 */
export const LINES: readonly CatalogLine[] = [
  { descriptor: camelot, bots: () => import('@roundtable/ai/bots/camelot').then((m) => m.profile) },
  { descriptor: lancelot, bots: () => import('@roundtable/ai/bots/lancelot').then((m) => m.profile) },
  { descriptor: joust, bots: () => import('@roundtable/ai/bots/joust').then((m) => m.profile) },
  { descriptor: tournament, bots: () => import('@roundtable/ai/bots/tournament').then((m) => m.profile) },
  { descriptor: shadows, bots: () => import('@roundtable/ai/bots/shadows').then((m) => m.profile) },
  // Small games kept for tests (listed only with fixtures on): one with nothing hidden, one with hidden hands.
  { descriptor: stones, bots: async () => ({ id: 'stones' }) },
  { descriptor: sealed, bots: async () => ({ id: 'sealed' }) },
];

/**
 * Whether the games kept for tests are listed: `ROUNDTABLE_FIXTURES=1` in the environment of a Node process, or
 * `globalThis.ROUNDTABLE_FIXTURES = true` in a page (set by a browser test before the page's scripts run).
 */
export function fixturesOn(): boolean {
  const g = globalThis as { process?: { env?: Record<string, string | undefined> }; ROUNDTABLE_FIXTURES?: unknown };
  return g.process?.env?.ROUNDTABLE_FIXTURES === '1' || g.ROUNDTABLE_FIXTURES === true;
}

/** The lines listed now (the fixtures only when `fixturesOn()`). */
export function listedLines(): readonly CatalogLine[] {
  const all = fixturesOn();
  return LINES.filter((l) => all || !l.descriptor.fixture);
}

/** The descriptors of the games listed, in menu order. */
export function descriptors(): readonly GameDescriptor[] {
  return listedLines().map((l) => l.descriptor);
}

/** A line by game id, fixtures included (a bot worker asked about a game the page plays). */
export function lineById(id: string): CatalogLine | undefined {
  return LINES.find((l) => l.descriptor.id === id);
}
