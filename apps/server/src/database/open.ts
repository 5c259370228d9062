import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountStore } from '../accounts/store.ts';
import type { JobQueue } from '../jobs/index.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresGameDatabase } from './postgres-store.ts';
import { registerDatabaseRoutes } from './routes.ts';
import { LiveKeys } from './live-keys.ts';
import { GameIndexer } from './service.ts';
import { SqliteGameDatabase } from './sqlite-store.ts';
import type { GameDatabaseStore } from './store.ts';

/** A server's game database: its store beside the matches', the index job, the search and explorer routes. */
export interface GameDatabase {
  readonly store: GameDatabaseStore;
  readonly indexer: GameIndexer;
  register(app: FastifyInstance): void;
  close(): Promise<void>;
}

export function openGameDatabaseStore(store: Store, dataDir: string): GameDatabaseStore {
  return store instanceof PostgresStore ? new PostgresGameDatabase(store.pool) : new SqliteGameDatabase(dataDir);
}

export async function openGameDatabase(
  store: Store,
  accounts: AccountStore,
  jobs: JobQueue,
  dataDir: string,
  log: Logger,
  /** Whether this is the only server process (every index job runs here): then keys are taken as matches are played. */
  alone: boolean,
): Promise<GameDatabase> {
  const db = openGameDatabaseStore(store, dataDir);
  const indexer = new GameIndexer(db, store, accounts, jobs, log, alone ? new LiveKeys() : null);
  await indexer.start();
  return {
    store: db,
    indexer,
    register: (app) => registerDatabaseRoutes(app, db),
    close: () => db.close(),
  };
}
