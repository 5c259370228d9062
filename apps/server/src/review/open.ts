import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/service.ts';
import type { ServerConfig } from '../config.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresMinedPuzzles } from '../puzzles/mined-postgres-store.ts';
import { SqliteMinedPuzzles } from '../puzzles/mined-sqlite-store.ts';
import type { MinedPuzzleStore } from '../puzzles/mined-store.ts';
import { PuzzleMiner } from '../puzzles/mining.ts';
import { PostgresPuzzleStore } from '../puzzles/postgres-store.ts';
import { registerPuzzleRoutes } from '../puzzles/routes.ts';
import { SqlitePuzzleStore } from '../puzzles/sqlite-store.ts';
import type { PuzzleStore } from '../puzzles/store.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresReviewStore } from './postgres-store.ts';
import { registerReviewRoutes } from './routes.ts';
import { ReviewService } from './service.ts';
import { SqliteReviewStore } from './sqlite-store.ts';
import type { ReviewStore } from './store.ts';

/** The reviews and the puzzles of a server: their stores beside the matches', the review jobs, their routes. */
export interface Learning {
  readonly reviews: ReviewService;
  /** Mines finished rated matches for puzzles (its `onIndexed` follows the game database's indexer). */
  readonly miner: PuzzleMiner;
  register(app: FastifyInstance, accounts: AccountService): void;
  close(): Promise<void>;
}

export async function openLearning(
  store: Store,
  jobs: JobQueue,
  matches: MatchService,
  config: Pick<ServerConfig, 'dataDir' | 'reviewThreads'>,
  log: Logger,
): Promise<Learning> {
  let reviewStore: ReviewStore;
  let puzzleStore: PuzzleStore;
  let minedStore: MinedPuzzleStore;
  let closeStores = (): void => {};
  if (store instanceof PostgresStore) {
    reviewStore = new PostgresReviewStore(store.pool);
    puzzleStore = new PostgresPuzzleStore(store.pool);
    minedStore = new PostgresMinedPuzzles(store.pool);
  } else {
    const r = new SqliteReviewStore(config.dataDir);
    const p = new SqlitePuzzleStore(config.dataDir);
    minedStore = new SqliteMinedPuzzles(config.dataDir);
    reviewStore = r;
    puzzleStore = p;
    closeStores = () => {
      r.close();
      p.close();
    };
  }
  const reviews = new ReviewService(reviewStore, jobs, matches, log, config.reviewThreads);
  await reviews.start();
  const miner = new PuzzleMiner(minedStore, store, jobs, log);
  await miner.start();
  return {
    reviews,
    miner,
    register(app, accounts) {
      registerReviewRoutes(app, reviews);
      registerPuzzleRoutes(app, accounts, puzzleStore, minedStore);
    },
    async close() {
      await reviews.close();
      await miner.close();
      closeStores();
      await minedStore.close();
    },
  };
}
