import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/service.ts';
import type { Limits } from '../config.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresEventStore } from './postgres-store.ts';
import { registerEventRoutes } from './routes.ts';
import { EventRunner } from './runner.ts';
import { EventService } from './service.ts';
import { SqliteEventStore } from './sqlite-store.ts';
import type { EventStore } from './store.ts';
import { AnnouncingEventStore } from './live/announcing-store.ts';
import { ClusterEventBus, LocalEventBus, type Announcer } from './live/bus.ts';
import { EventWatchers } from './live/watchers.ts';

export interface EventsOptions {
  readonly store: Store;
  readonly dataDir: string;
  readonly matches: MatchService;
  readonly accounts: AccountService;
  readonly limits: Limits;
  readonly log: Logger;
  /** This process's name when it is one of several (its leases); null: one process alone. */
  readonly node: string | null;
  readonly pollMs?: number;
  /** A round started for these accounts in `live` (notices/: a push, and the e-mail digest planned). */
  readonly roundStarted?: (live: LiveMatch, accounts: readonly string[]) => void;
  /** Several processes: the cluster that carries an event's changes to the watchers on every process. */
  readonly announcer?: Announcer | null;
}

export interface Events {
  readonly service: EventService;
  readonly runner: EventRunner;
  /** The connections watching events here (live/): the WebSocket layer's `watch-event`. */
  readonly watchers: EventWatchers;
  /** The match service's "a match ended" hook goes here too. */
  ended(live: LiveMatch): void;
  register(app: FastifyInstance): void;
  /** Begins running events (once the server listens). */
  begin(): void;
  close(): Promise<void>;
}

/** The events of a server: their store beside the matches', the service, the runner and the routes. */
export function openEvents(o: EventsOptions): Events {
  const bus = o.announcer
    ? new ClusterEventBus(o.announcer, (e) => o.log.error({ err: e }, 'events: cannot hear the other processes'))
    : new LocalEventBus();
  const store: EventStore = new AnnouncingEventStore(
    o.store instanceof PostgresStore
      ? new PostgresEventStore(o.store.pool, o.node !== null)
      : new SqliteEventStore(o.dataDir),
    bus,
  );
  const service = new EventService(store, o.accounts.store, o.limits);
  const runner = new EventRunner(store, o.matches, o.store, o.accounts.store, o.log, {
    pollMs: o.pollMs ?? 1000,
    noShowMs: o.limits.eventNoShowSeconds * 1000,
    node: o.node ?? 'alone',
    ...(o.roundStarted ? { roundStarted: o.roundStarted } : {}),
  });
  service.starter = runner;
  const watchers = new EventWatchers((id) => service.detail(id, null), bus, o.log);
  return {
    service,
    runner,
    watchers,
    ended: (live) => runner.ended(live),
    register: (app) => registerEventRoutes(app, o.accounts, service),
    begin: () => runner.begin(),
    async close() {
      watchers.close();
      await runner.close();
      await store.close();
    },
  };
}
