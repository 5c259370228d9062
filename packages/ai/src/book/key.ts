import type { AnyGame } from '@roundtable/core';

/**
 * Whether a game's positions can be indexed at this number of players: two seats, nothing hidden, and a position
 * text (the game's NOTATION.md) to key them by. Chosen by capability, so a new game of that kind is indexed as is.
 */
export function canIndexPositions(game: AnyGame, players: number): boolean {
  return game.perfectInformation && players === 2 && game.position !== undefined;
}

/**
 * The key of a position: 16 hex digits hashed from the game, its options and the whole position text (counters
 * included, so two keys are equal only for the very same position, the same rules state). Two 32-bit FNV-1a-style
 * hashes with different seeds and multipliers: pure JavaScript, so the bots' book reads it in a browser too; at 64
 * bits, millions of positions collide with odds near one in a million.
 */
export function positionKey(game: AnyGame, options: Readonly<Record<string, unknown>>, state: unknown): string {
  return positionKeyer(game, options)(state);
}

/** `positionKey` for many positions of one game under the same options: the options are written once. */
export function positionKeyer(game: AnyGame, options: Readonly<Record<string, unknown>>): (state: unknown) => string {
  const text = positionTexter(game, options);
  return (state) => keyOfText(text(state));
}

/** The text a position's key is hashed from (`keyOfText`), for many positions of one game under the same options. */
export function positionTexter(game: AnyGame, options: Readonly<Record<string, unknown>>): (state: unknown) => string {
  const prefix = `${game.id}|${canonicalOptions(options)}|`;
  const position = game.position!;
  return (state) => prefix + position.write(state as never);
}

/** Options written with their keys sorted: the same options give the same text whatever their order. */
export function canonicalOptions(options: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1))));
}

const halves = new Uint32Array(2);

export function keyOfText(text: string): string {
  keyHalves(text, halves, 0);
  return keyOfHalves(halves[0]!, halves[1]!);
}

/**
 * The key of `text` as two 32-bit numbers, written at `into[at]` and `into[at + 1]`: a server keeps the key of every
 * position of every match in play as numbers in one typed array per match, not as a string each.
 */
export function keyHalves(text: string, into: Uint32Array, at: number): void {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 13;
  a = Math.imul(a, 0xc2b2ae35);
  a ^= a >>> 16;
  into[at] = a;
  into[at + 1] = b;
}

/** The 16 hex digits of a key given as its two halves (`keyHalves`). */
export function keyOfHalves(a: number, b: number): string {
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
