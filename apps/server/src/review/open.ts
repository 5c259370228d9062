import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/service.ts';
import type { ServerConfig } from '../config.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { MatchService } from '../match-service.ts';
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
  let closeStores = (): void => {};
  if (store instanceof PostgresStore) {
    reviewStore = new PostgresReviewStore(store.pool);
    puzzleStore = new PostgresPuzzleStore(store.pool);
  } else {
    const r = new SqliteReviewStore(config.dataDir);
    const p = new SqlitePuzzleStore(config.dataDir);
    reviewStore = r;
    puzzleStore = p;
    closeStores = () => {
      r.close();
      p.close();
    };
  }
  const reviews = new ReviewService(reviewStore, jobs, matches, log, config.reviewThreads);
  await reviews.start();
  return {
    reviews,
    register(app, accounts) {
      registerReviewRoutes(app, reviews);
      registerPuzzleRoutes(app, accounts, puzzleStore);
    },
    async close() {
      await reviews.close();
      closeStores();
    },
  };
}
