import { err, type Result } from '@roundtable/core';
import type { LiveMatch } from '../live-match.ts';
import type { Fence } from '../storage/store.ts';
import type { Adoption, CallAnswer, Cluster } from './cluster.ts';

const ALONE: Fence = { kind: 'alone' };

/**
 * One process serving every match (SQLite, or PostgreSQL without Redis): it owns whatever it loads, for as long
 * as it runs, and has nobody to forward to or tell. Nothing can take a match from it, so it always holds.
 */
export class LocalCluster implements Cluster {
  readonly node = 'local';

  async adopt(): Promise<Adoption> {
    return { role: 'owner', takenOver: null, readAgain: false };
  }

  follows(): boolean {
    return false;
  }

  holds(): boolean {
    return true;
  }

  fence(): Fence {
    return ALONE;
  }

  async lost(): Promise<void> {}

  // Never called: a match is never another process's here. Answered all the same, as the owner would if it could
  // not be reached.
  forwardMove(): Result<void> {
    return err({ code: 'OWNER_UNAVAILABLE', seconds: 1 });
  }

  async forwardCall(): Promise<Result<CallAnswer>> {
    return err({ code: 'OWNER_UNAVAILABLE', seconds: 1 });
  }

  committed(): void {}
  changed(): void {}
  tell(): void {}
  presence(): void {}
  unloaded(_live: LiveMatch): void {}

  problems(): string[] {
    return [];
  }

  async close(): Promise<void> {}
}
