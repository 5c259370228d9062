import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** Another server holds the data folder's lock: `main` prints the message and exits with 1. */
export class DataFolderLocked extends Error {}

export interface FolderLock {
  /** Lets another primary start here (also done by the operating system when this process dies, however). */
  release(): void;
}

/**
 * Keeps two embedded servers (one process, or the primary of `serve --processes N`) off one data folder: each owns
 * its matches with no lease, so a second one would play the same matches beside the first. The lock is an exclusive transaction on
 * `processes.lock` (a SQLite file), opened once and held for the primary's life: SQLite's file locks are the
 * operating system's, which drops them when the process dies, however it dies, so no stale lock is ever left for
 * a person to delete.
 */
export function lockDataFolder(dataDir: string): FolderLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'processes.lock');
  // No busy wait: a second primary is told at once.
  const db = new Database(path, { timeout: 0 });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY' || (e as { code?: string }).code === 'SQLITE_LOCKED')
      throw new DataFolderLocked(
        `the data folder ${dataDir} is in use by another Round Table server (its lock ${path} is held); stop that one first, or choose another --data`,
      );
    throw e;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
