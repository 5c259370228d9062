import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../accounts/store.ts';
import type { EventService } from '../events/service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresEventIndex, SqliteEventIndex, type EventIndex } from './event-index.ts';
import { EventHistory } from './player-events.ts';
import { PostgresSeasonStore } from './postgres-store.ts';
import { registerSeasonRoutes } from './routes.ts';
import { SeasonService } from './service.ts';
import { SqliteSeasonStore } from './sqlite-store.ts';

/** The seasons of a server, and players' event histories. */
export interface Seasons {
  readonly service: SeasonService;
  register(app: FastifyInstance): void;
}

/**
 * Opens them beside the accounts and the events (open it after both stores: in SQLite it reads their files); the
 * read connections close with the app.
 */
export function openSeasons(store: Store, dataDir: string, events: EventService, accounts: AccountStore): Seasons {
  const pg = store instanceof PostgresStore ? store.pool : null;
  const seasonStore = pg ? new PostgresSeasonStore(pg) : new SqliteSeasonStore(dataDir);
  const index: EventIndex = pg ? new PostgresEventIndex(pg) : new SqliteEventIndex(dataDir);
  const history = new EventHistory(index, events, accounts);
  const service = new SeasonService(seasonStore);
  service.eventPoints = (game, from, to) => history.points(game, from, to);
  return {
    service,
    register(app) {
      registerSeasonRoutes(app, service, history);
      // The read connections go with the app, so that the server's own close needs no line of ours.
      app.addHook('onClose', async () => {
        await seasonStore.close();
        await index.close();
      });
    },
  };
}
