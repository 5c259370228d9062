import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/service.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresHoldStore } from './postgres-store.ts';
import { registerAbsenceRoutes } from './routes.ts';
import { Absence, type AbsenceOptions } from './service.ts';
import { SqliteHoldStore } from './sqlite-store.ts';

/** Seats held by a bot for players gone: the store beside the matches', the service's hooks, the route. */
export function openAbsence(
  store: Store,
  service: MatchService,
  dataDir: string,
  options: AbsenceOptions,
  log: Logger,
): { absence: Absence; register(app: FastifyInstance, accounts: AccountService): void; close(): Promise<void> } {
  const holds = store instanceof PostgresStore ? new PostgresHoldStore(store.pool) : new SqliteHoldStore(dataDir);
  const absence = new Absence(holds, store, service, log, options);
  service.seatHolder = (live, late) => absence.holder(live, late);
  service.onAttached = (live, seat) => absence.attached(live, seat);
  return {
    absence,
    register: (app, accounts) => registerAbsenceRoutes(app, absence, accounts),
    async close() {
      absence.close();
      await holds.shut();
    },
  };
}
