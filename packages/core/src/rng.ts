import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A small, fast, seeded PRNG (sfc32) whose whole state is four 32-bit integers, so it lives in a game state,
 * serialises as JSON and replays exactly. Engines draw from it only inside `setup` and `play`.
 *
 * sfc32 is not a cryptographic generator: it is unpredictable only as long as its 128-bit starting state is
 * unknown, and nobody has shown how to recover that state from the cards a seat sees. What a server guards is
 * the seed: its seeds are `v2:` strings with 128 random bits, and their state is SHA-256 of the whole text
 * (see SECURITY.md).
 */
export type RngState = [number, number, number, number];

export type Seed = number | string;

/** Seeds are integers or non-empty strings; anything else is refused by `isSeed`. */
export function isSeed(seed: unknown): seed is Seed {
  return (typeof seed === 'number' && Number.isSafeInteger(seed)) || (typeof seed === 'string' && seed.length > 0);
}

/**
 * Seeds of this form take their state from SHA-256 of the whole seed text: a server seed is `v2:` and 32 hex
 * digits (128 bits from the OS). Every other seed keeps the original derivation (cyrb128), so the records and
 * arena runs made before still replay move for move.
 */
export const STRONG_SEED_PREFIX = 'v2:';

/** The text a seed stands for: what the PRNG is derived from and what its commitment hashes. */
export function seedText(seed: Seed): string {
  return typeof seed === 'number' ? `#${seed}` : seed;
}

/**
 * The commitment a server publishes when a match starts: SHA-256 of the seed text (UTF-8), in hex. Once the
 * seed is revealed, `printf %s "$SEED" | sha256sum` must print it (a number seed N is hashed as "#N").
 */
export function seedCommitment(seed: Seed): string {
  return bytesToHex(sha256(utf8ToBytes(seedText(seed))));
}

export function createRng(seed: Seed): RngState {
  const text = seedText(seed);
  if (text.startsWith(STRONG_SEED_PREFIX)) {
    // Every bit of the seed reaches the state through SHA-256: no smaller space of deals than the seed's own.
    // The state is hashed under its own label, apart from the commitment (SHA-256 of the bare text): a published
    // commitment must tell nothing about the state, or anyone could deal the cards from it.
    const d = sha256(utf8ToBytes(`roundtable-rng:${text}`));
    const word = (i: number): number => ((d[i]! << 24) | (d[i + 1]! << 16) | (d[i + 2]! << 8) | d[i + 3]!) >>> 0;
    const rng: RngState = [word(0), word(4), word(8), word(12)];
    for (let i = 0; i < 12; i++) nextUint32(rng); // warm up, as below
    return rng;
  }
  // Mix the seed into 128 bits with a string hash (cyrb128), so that close seeds give unrelated streams.
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const rng: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  for (let i = 0; i < 12; i++) nextUint32(rng); // warm up
  return rng;
}

/** The next 32-bit unsigned integer; advances `rng` in place (engines copy their state before playing). */
export function nextUint32(rng: RngState): number {
  let [a, b, c, d] = rng;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  rng[0] = a >>> 0;
  rng[1] = b >>> 0;
  rng[2] = c >>> 0;
  rng[3] = d >>> 0;
  return t >>> 0;
}

/** A uniform integer in [0, n), without modulo bias. */
export function nextInt(rng: RngState, n: number): number {
  if (!(n > 0 && n <= 0x100000000 && Number.isInteger(n))) throw new RangeError(`nextInt: bad bound ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/** A float in [0, 1). */
export function nextFloat(rng: RngState): number {
  return nextUint32(rng) / 0x100000000;
}

/** Fisher–Yates shuffle in place. */
export function shuffle<T>(rng: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

export function isRngState(value: unknown): value is RngState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff)
  );
}
