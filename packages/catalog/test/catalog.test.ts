/**
 * The catalog is the only list of games: each line's descriptor agrees with the engine it loads, names its end
 * reasons in both languages, and keeps the engine out of its own module (a page lists the games without their
 * code); Node front doors get every listed game registered with its bots.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { profileOf } from '@roundtable/ai';
import { createRng, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import { LINES, descriptorOf, descriptors, GAME_IDS, games, gameById } from '../src/index.ts';

/** Plays uniformly random legal moves from a fresh match to its end (or 3,000 plies). */
function randomEnd(game: AnyGame, players: number, seed: number): string | null {
  const options = game.parseOptions({}, players);
  if (!options.ok) throw new Error('options');
  const set = game.setup({ players, options: options.value, seed });
  if (!set.ok) throw new Error('setup');
  let s = set.value;
  const rng = createRng(seed);
  for (let i = 0; i < 3000 && !game.outcome(s); i++) {
    const seat = game.toMove(s)[0] as Seat;
    const moves = game.legalMoves(s, seat);
    const next = game.play(s, seat, moves[nextInt(rng, moves.length)]);
    if (!next.ok) throw new Error('illegal');
    s = next.value;
  }
  return game.outcome(s)?.reason ?? null;
}

describe('the catalog', () => {
  it('lists each game once, fixtures apart unless asked for', () => {
    const ids = LINES.map((l) => l.descriptor.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(descriptors().map((d) => d.id)).toEqual(GAME_IDS);
    expect(descriptors().some((d) => d.fixture)).toBe(false);
    expect(LINES.some((l) => l.descriptor.fixture)).toBe(true);
  });

  for (const { descriptor: d } of LINES) {
    it(`${d.id}: the descriptor agrees with its engine and names its ends in both languages`, async () => {
      const game = await d.engine();
      expect(game.id).toBe(d.id);
      expect([game.minPlayers, game.maxPlayers, game.perfectInformation]).toEqual([
        d.minPlayers,
        d.maxPlayers,
        d.perfectInformation,
      ]);
      if (d.usualPlayers) {
        const [low, high] = d.usualPlayers;
        expect(d.minPlayers <= low && low <= high && high <= d.maxPlayers).toBe(true);
      }
      // Capabilities that follow from the rules: secrets are hidden information; no take-back across secrets.
      expect(d.capabilities.secrets).toBe(!d.perfectInformation);
      if (d.capabilities.secrets) expect(d.capabilities.takeBacks).toBe(false);
      for (const words of [d.name, d.blurb, ...Object.values(d.ends), ...(d.scoreLabel ? [d.scoreLabel] : [])])
        expect(words.en.length * words.fr.length).toBeGreaterThan(0);
      // A random game ends for a reason the descriptor names (games that end within a few thousand plies).
      const reason = randomEnd(game, d.minPlayers, 3);
      if (reason !== null) expect(Object.keys(d.ends)).toContain(reason);
    });

    it(`${d.id}: the descriptor's module imports no engine code`, () => {
      const pkg = fileURLToPath(import.meta.resolve(`@roundtable/${d.id}/descriptor`));
      const source = readFileSync(pkg, 'utf8');
      const imports = [...source.matchAll(/^import\s(?!type\b).*$/gm)];
      expect(imports, 'only `import type` at the top').toEqual([]);
    });
  }

  it('registers every listed game and its bots with packages/ai for the Node front doors', () => {
    for (const id of GAME_IDS) {
      expect(gameById(id)).toBe(games[id]);
      expect(descriptorOf(id)?.id).toBe(id);
      expect(profileOf(id).id).toBe(id);
    }
    expect(profileOf('camelot').searcher).toBeTypeOf('function');
    expect(profileOf('shadows').tuning?.annotate).toBeTypeOf('function');
  });
});
