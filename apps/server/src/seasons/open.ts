import type { FastifyInstance } from 'fastify';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresSeasonStore } from './postgres-store.ts';
import { registerSeasonRoutes } from './routes.ts';
import { SeasonService } from './service.ts';
import { SqliteSeasonStore } from './sqlite-store.ts';

/** The seasons of a server, read beside the accounts (open it after the accounts store: it reads their file). */
export interface Seasons {
  readonly service: SeasonService;
  register(app: FastifyInstance): void;
  close(): Promise<void>;
}

export function openSeasons(store: Store, dataDir: string): Seasons {
  const seasonStore =
    store instanceof PostgresStore ? new PostgresSeasonStore(store.pool) : new SqliteSeasonStore(dataDir);
  const service = new SeasonService(seasonStore);
  return {
    service,
    register(app) {
      registerSeasonRoutes(app, service);
      // The read connection goes with the app, so that the server's own close needs no line of ours.
      app.addHook('onClose', async () => seasonStore.close());
    },
    close: () => seasonStore.close(),
  };
}
