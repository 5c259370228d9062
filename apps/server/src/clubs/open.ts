import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../accounts/service.ts';
import type { Guard } from '../limits/guard.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresClubStore } from './postgres-store.ts';
import { registerClubRoutes } from './routes.ts';
import { Clubs } from './service.ts';
import { SqliteClubStore } from './sqlite-store.ts';

/** A server's clubs: their store beside the matches' (PostgreSQL, or clubs.db), the service and its routes. */
export function openClubs(
  store: Store,
  dataDir: string,
  accounts: AccountService,
  guard: Guard,
): { clubs: Clubs; register(app: FastifyInstance, service: MatchService): void; close(): Promise<void> } {
  const clubStore = store instanceof PostgresStore ? new PostgresClubStore(store.pool) : new SqliteClubStore(dataDir);
  const clubs = new Clubs(clubStore, accounts, guard);
  return {
    clubs,
    register: (app, service) => registerClubRoutes(app, clubs, accounts, service, guard),
    close: () => clubStore.close(),
  };
}
