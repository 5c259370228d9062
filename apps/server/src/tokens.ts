import { createHash, randomBytes } from 'node:crypto';

/** A seat token: 32 random bytes, URL-safe. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 is enough here: tokens are 256 random bits, so there is nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Match ids: short, random, URL-safe. */
export function newMatchId(): string {
  return randomBytes(9).toString('base64url');
}
