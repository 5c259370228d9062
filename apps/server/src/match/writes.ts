import type { Logger } from 'pino';
import type { GameError } from '@roundtable/core';
import type { LiveMatch } from '../live-match.ts';
import { Fenced, PlyTaken, StorageUnavailable } from '../storage/errors.ts';
import type { MatchWrite, Store } from '../storage/store.ts';
import type { Cluster } from './cluster.ts';

/** This process may not act for the match now (it follows it, or its lease may have lapsed): nothing was written. */
export class NotHeld extends Error {}

/**
 * The owner's writes for its matches: each goes to storage with the owner's fence, and only while this process
 * holds the match by its own clock. A write the database refuses as another owner's makes this process follow
 * the match from then on.
 */
export class OwnerWrites {
  /** Writes not made because the lease may have lapsed, and writes the database refused as another owner's. */
  readonly refused = { notHeld: 0, fenced: 0 };

  constructor(
    private readonly store: Store,
    private readonly cluster: Cluster,
    private readonly log: Logger,
  ) {}

  async commit(live: LiveMatch, write: MatchWrite): Promise<void> {
    if (!this.cluster.holds(live)) {
      this.refused.notHeld++;
      throw new NotHeld(`match ${live.id} is not held by this process now`);
    }
    try {
      await this.store.commit(this.cluster.fence(live), write);
    } catch (e) {
      if (e instanceof Fenced) {
        this.refused.fenced++;
        this.log.warn({ match: live.id }, 'a write was refused as not the owner’s: checking the lease');
        this.cluster.lost(live).catch((e2: unknown) => this.log.warn({ err: e2, match: live.id }, 'could not follow'));
      }
      throw e;
    }
  }
}

/** What a client is told of a write refused with `e` (nothing changed, whatever it was). */
export function refusal(e: unknown, leaseSeconds: number): GameError {
  if (e instanceof Fenced) return { code: 'OWNER_CHANGED' };
  if (e instanceof NotHeld) return { code: 'OWNER_UNAVAILABLE', seconds: leaseSeconds };
  if (e instanceof PlyTaken) return { code: 'PLY_TAKEN' };
  if (e instanceof StorageUnavailable) return { code: 'STORAGE' };
  return { code: 'STORAGE' };
}

/**
 * Whether a refusal may pass by itself (an outage, a lapsed lease, a lease that lapsed while the write waited):
 * worth trying again later, if the match is still this process's by then. A ply already taken is not.
 */
export function passing(e: unknown): boolean {
  return !(e instanceof PlyTaken);
}
