import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are stored as scrypt hashes (memory-hard: N = 2^15, r = 8, p = 1 costs 32 MiB and ~50 ms a try
 * here), salted per account, in a self-describing string so the cost can grow later without a migration:
 * `scrypt$N$r$p$salt$hash` (base64url).
 */
const COST = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  cost: { N: number; r: number; p: number } = COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a stored value it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((v) => Number.isSafeInteger(v) && v > 0) || N > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

/** A stored hash whose cost is below today's should be re-hashed at the next successful login. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$').map(Number);
  return N !== COST.N || r !== COST.r || p !== COST.p;
}
