import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openSqlite } from '../storage/open-sqlite.ts';
import { shardNode, shardOf } from '../processes/shard.ts';
import type { Claim, LeaseStore } from './leases.ts';

/**
 * Who owns which match among the worker processes of `roundtable serve --processes N` on the embedded SQLite:
 * the worker of the match's shard (processes/shard.ts), for good. Nothing is leased, so nothing is renewed, stolen
 * or handed over: a worker that dies is started again on its shard by the primary, and its matches wait for it.
 *
 * What fences the owner's writes is a lock: the worker holds an exclusive SQLite lock on `shard-<k>.lock` in the
 * data folder for its whole life (a transaction begun EXCLUSIVE and never ended; the operating system drops it when
 * the process dies, however it dies). A second process of the same shard cannot start while the first lives, even
 * by mistake, so at most one process ever writes a shard's matches, and no write needs to carry an epoch.
 */
export class ShardLeases implements LeaseStore {
  private constructor(
    private readonly lock: Database.Database,
    private readonly matches: Database.Database,
    private readonly shard: number,
    private readonly count: number,
    private readonly leaseMs: number,
  ) {}

  /**
   * Takes shard `shard`'s lock (throws, naming the shard, if another process holds it) and opens the matches'
   * database (`matchesPath`) to read what followers compare with their copies.
   */
  static open(dataDir: string, matchesPath: string, shard: number, count: number, leaseMs: number): ShardLeases {
    const lock = new Database(join(dataDir, `shard-${shard}.lock`));
    try {
      lock.pragma('busy_timeout = 5000');
      lock.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      lock.close();
      throw new Error(`shard ${shard} of ${dataDir} is served by another process (${(e as Error).message})`, {
        cause: e,
      });
    }
    const matches = openSqlite(matchesPath, { readonly: true });
    matches.pragma('busy_timeout = 5000');
    return new ShardLeases(lock, matches, shard, count, leaseMs);
  }

  private mine(id: string): boolean {
    return shardOf(id, this.count) === this.shard;
  }

  /** Sure for as long as the lock is held, which is as long as the process lives. */
  valid(): boolean {
    return true;
  }

  async beat(): Promise<boolean> {
    return false;
  }

  async claim(ids: readonly string[]): Promise<Map<string, Claim>> {
    return new Map(ids.filter((id) => this.mine(id)).map((id) => [id, { epoch: 1, lostMs: null }]));
  }

  async held(owned: ReadonlyMap<string, number>): Promise<Set<string>> {
    return new Set([...owned.keys()].filter((id) => this.mine(id)));
  }

  async release(): Promise<void> {}

  async steal(): Promise<Claim | null> {
    return null;
  }

  async handOver(): Promise<boolean> {
    return false;
  }

  async leave(): Promise<void> {
    this.matches.close();
    if (this.lock.open) this.lock.close();
  }

  /** The shard's worker, whose "lease" never runs short (a whole lease left at every round). */
  async owners(ids: readonly string[]): Promise<Map<string, { node: string; epoch: number; leftMs: number }>> {
    return new Map(ids.map((id) => [id, { node: shardNode(shardOf(id, this.count)), epoch: 1, leftMs: this.leaseMs }]));
  }

  async pliesOf(ids: readonly string[]): Promise<Map<string, number>> {
    const last = this.matches.prepare<[string], { ply: number }>(
      'SELECT ply FROM moves WHERE match_id = ? ORDER BY ply DESC LIMIT 1',
    );
    const out = new Map<string, number>();
    for (const id of ids) {
      const row = last.get(id);
      if (row) out.set(id, row.ply + 1);
    }
    return out;
  }

  /** A worker brings back its shard's matches at its start (MatchService.resume): none is ever left ownerless. */
  async orphans(): Promise<string[]> {
    return [];
  }

  async sweep(): Promise<void> {}
}
