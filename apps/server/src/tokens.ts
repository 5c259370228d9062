import { createHash, randomBytes } from 'node:crypto';
import { idOfShard } from './processes/shard.ts';

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
  return shard ? idOfShard(randomMatchId, shard.index, shard.count) : randomMatchId();
}

function randomMatchId(): string {
  return randomBytes(9).toString('base64url');
}

/** The shard whose ids this process makes (`serve --processes`: a worker owns its shard's matches), or null. */
let shard: { readonly index: number; readonly count: number } | null = null;

/**
 * From now on every match this process makes (created, imported, paired by an event) falls in shard `index` of
 * `count` (processes/shard.ts), so that it owns them: one setting for the whole process, which serves one shard.
 */
export function makeMatchIdsOfShard(index: number, count: number): void {
  shard = { index, count };
}
