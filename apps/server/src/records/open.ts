import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { games as catalogGames } from '@roundtable/catalog';
import type { AccountService } from '../accounts/service.ts';
import type { ServerConfig } from '../config.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import { SqliteStore } from '../storage/sqlite.ts';
import type { Store } from '../storage/store.ts';
import { DayExports } from './day-job.ts';
import { openPostgresRecords, openSqliteRecords } from './open-store.ts';
import { registerRecordRoutes } from './routes.ts';
import type { RecordsStore } from './store.ts';

/** Open records (issue 37): exports, day files, consents and the operator's imports, wired into one server. */
export interface Records {
  readonly store: RecordsStore;
  readonly days: DayExports;
  /** A match ended online: its end time decides its day file. */
  onEnded(live: LiveMatch): void;
  register(app: FastifyInstance, accounts: AccountService): void;
  close(): Promise<void>;
}

export async function openRecords(
  store: Store,
  jobs: JobQueue,
  service: MatchService,
  config: Pick<ServerConfig, 'dataDir' | 'operatorToken'>,
  log: Logger,
): Promise<Records | null> {
  // Another store (a test's stand-in) has no tables to export from.
  const records =
    store instanceof PostgresStore
      ? openPostgresRecords(store.pool)
      : store instanceof SqliteStore
        ? openSqliteRecords(config.dataDir, store.path)
        : null;
  if (!records) return null;
  const games = Object.values(catalogGames);
  const days = new DayExports(records, jobs, games, config.dataDir, log);
  await days.start();
  return {
    store: records,
    days,
    onEnded(live) {
      void records
        .ended(live.id, live.row.game, Date.now())
        .catch((e: unknown) => log.error({ err: e, match: live.id }, 'could not record the end of a match'));
    },
    register(app, accounts) {
      registerRecordRoutes(app, { records, days, store, service, accounts, operatorToken: config.operatorToken });
    },
    async close() {
      days.close();
      await records.close();
    },
  };
}
