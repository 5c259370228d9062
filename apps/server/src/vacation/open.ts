import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/service.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresVacationStore } from './postgres-store.ts';
import { registerVacationRoutes } from './routes.ts';
import { Vacations, type VacationOptions } from './service.ts';
import { SqliteVacationStore } from './sqlite-store.ts';

/** Vacations: the store beside the matches', the clock keeper's hook, the routes. */
export function openVacations(
  store: Store,
  service: MatchService,
  accounts: AccountService,
  dataDir: string,
  options: VacationOptions,
  log: Logger,
): { vacations: Vacations; register(app: FastifyInstance): void; close(): Promise<void> } {
  const kept =
    store instanceof PostgresStore ? new PostgresVacationStore(store.pool) : new SqliteVacationStore(dataDir);
  const vacations = new Vacations(kept, accounts.store, service, log, options);
  service.clockPauses = (live, late) => vacations.pauses(live, late);
  return {
    vacations,
    register: (app) => registerVacationRoutes(app, accounts, vacations),
    async close() {
      vacations.close();
      await kept.close();
    },
  };
}
