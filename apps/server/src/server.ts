import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import pino, { type Logger } from 'pino';
import { LIMITS } from '@roundtable/protocol';
import { DEFAULT_LIMITS, DEFAULTS, listenUrl, type Limits, type ServerConfig } from './config.ts';
import { errorBody } from './errors.ts';
import { langOf, registerRoutes, ROUTES } from './http.ts';
import { MatchService } from './match-service.ts';
import type { Socket } from 'node:net';
import { createSocketLayer } from './socket.ts';
import { SqliteStore } from './storage/sqlite.ts';
import { PostgresStore } from './storage/postgres.ts';
import { SharedCluster } from './cluster/cluster.ts';
import type { Bus } from './cluster/bus.ts';
import { Leases } from './cluster/leases.ts';
import { RedisBus } from './cluster/redis-bus.ts';
import { ShardLeases } from './cluster/shard-leases.ts';
import { shardNode, shardOf } from './processes/shard.ts';
import { makeMatchIdsOfShard } from './tokens.ts';
import type { Cluster } from './match/cluster.ts';
import { LocalCluster } from './match/local-cluster.ts';
import type { Store } from './storage/store.ts';
import { AccountService } from './accounts/service.ts';
import { SqliteAccountStore } from './accounts/sqlite-store.ts';
import { PostgresAccountStore } from './accounts/postgres-store.ts';
import { registerAccountRoutes, sessionFromCookie } from './accounts/routes.ts';
import type { AccountStore } from './accounts/store.ts';
import { People } from './social/people.ts';
import { registerSocialRoutes } from './social/routes.ts';
import { BotAccounts } from './bot-accounts/service.ts';
import { registerBotRoutes } from './bot-accounts/routes.ts';
import { Matchmaker } from './social/matchmaking.ts';
import { Table } from './social/table.ts';
import { serveWebClient } from './web/static.ts';
import { Guard } from './limits/guard.ts';
import { openJobQueue, type JobQueue } from './jobs/index.ts';
import { openLearning } from './review/open.ts';
import { openSeasons } from './seasons/open.ts';
import { openClubs } from './clubs/open.ts';
import { startCallbacks } from './notices/start.ts';
import { openEvents } from './events/start.ts';
import { openConditional } from './conditional/open.ts';
import { registerMyTurnRoutes } from './my-turn/routes.ts';
import { openVacations } from './vacation/open.ts';
import { openAbsence } from './absence/open.ts';
import { absenceOptions, vacationOptions, type SlowPlayTimes } from './vacation/times.ts';
import { openRecords } from './records/open.ts';
import { openGameDatabase } from './database/open.ts';

export interface RunningServer {
  /** http://host:port */
  readonly url: string;
  readonly port: number;
  /**
   * A connection the primary process handed over (`serve --processes`: this is one of its workers), with the
   * bytes it had already read from it.
   */
  accept(socket: Socket, head: Buffer): void;
  /** Stops taking connections and moves, stores every move already taken, then closes storage. */
  close(): Promise<void>;
}

/** One worker of `roundtable serve --processes <count>` (processes/): its shard, and the bus of its primary. */
export interface Shard {
  readonly index: number;
  readonly count: number;
  readonly bus: Bus;
}

export interface StartOptions extends Partial<Omit<ServerConfig, 'limits'>> {
  /** The caps (config.ts `Limits`); those left out keep their defaults. */
  readonly limits?: Partial<Limits>;
  /** A logger to use (tests pass a silent one); by default pino to stdout at `logLevel`. */
  readonly logger?: Logger;
  /** Another storage (PostgreSQL later); by default SQLite in `dataDir`. */
  readonly store?: Store;
  /** This process is a worker of `serve --processes` (processes/worker.ts): it does not listen, the primary does. */
  readonly shard?: Shard;
  /** scrypt cost of new passwords (tests pass a cheap one); by default the one of accounts/password.ts. */
  readonly passwordCost?: { N: number; r: number; p: number };
  /** How long the first digest waits after a turn (mail/digest.ts; tests pass less). */
  readonly digestWaitMs?: number;
  /** The least low-clock window that is pushed (push/notices.ts LOW_CLOCK; tests pass less). */
  readonly lowClockMinMs?: number;
  /** How often the events run here are looked at (events/runner.ts; tests pass less). */
  readonly eventPollMs?: number;
  /** Vacations and held seats (vacation/, absence/): tests pass a shorter day and quicker checks. */
  readonly slowPlay?: SlowPlayTimes;
}

/**
 * Starts the Round Table server: HTTP API and the web client on one port, WebSocket at `/ws`, SQLite in the
 * data folder. Resolves once it listens.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Caps a caller leaves out keep their defaults.
  const config: ServerConfig = { ...DEFAULTS, ...options, limits: { ...DEFAULT_LIMITS, ...options.limits } };
  const log = options.logger ?? pino({ level: config.logLevel });
  // The clocks get back the time the database was away (set once the match service exists).
  let credit: (ms: number, why: string) => void = () => undefined;
  const store =
    options.store ??
    (config.database
      ? await PostgresStore.open(config.database, {
          onState: (up, reason, downMs) => {
            if (!up) return log.error(reason);
            log.warn({ downMs }, reason);
            credit(downMs, 'PostgreSQL');
          },
          onSlow: (ms, writes) => log.warn({ ms: Math.round(ms), writes }, 'slow write to PostgreSQL'),
        })
      : new SqliteStore(config.dataDir, { durability: config.durability }));
  // One process alone, or one of several on one PostgreSQL and one Redis, or a worker of `serve --processes`.
  const shard = options.shard ?? null;
  let cluster: Cluster;
  let shared: SharedCluster | null = null;
  try {
    if (config.redis) {
      if (!(store instanceof PostgresStore))
        throw new Error('--redis needs --database: the processes share one PostgreSQL');
      const pool = store.pool;
      cluster = shared = await SharedCluster.start({
        bus: new RedisBus(config.redis, log),
        leases: (node) => new Leases(pool, node, config.leaseMs),
        leaseMs: config.leaseMs,
        log,
      });
    } else if (shard) {
      if (!(store instanceof SqliteStore)) throw new Error('a worker of --processes serves the embedded SQLite');
      const path = store.path;
      makeMatchIdsOfShard(shard.index, shard.count);
      cluster = shared = await SharedCluster.start({
        bus: shard.bus,
        leases: () => ShardLeases.open(config.dataDir, path, shard.index, shard.count, config.leaseMs),
        node: shardNode(shard.index),
        leaseMs: config.leaseMs,
        log,
      });
    } else cluster = new LocalCluster();
  } catch (e) {
    if (!options.store) await store.close();
    throw e;
  }
  const service = new MatchService(
    store,
    log,
    {
      botWorkers: config.botWorkers,
      botMs: config.botMs,
      idleMs: config.idleMs,
      snapshotEvery: config.snapshotEvery,
      limits: config.limits,
      leaseMs: config.leaseMs,
      ...(shard ? { mine: (id: string) => shardOf(id, shard.count) === shard.index } : {}),
    },
    cluster,
  );
  credit = (ms, why) => service.credit(ms, why);
  shared?.serve(service);
  // Accounts beside the matches: in PostgreSQL on the same pool when the matches are there, else accounts.db.
  let accountStore: AccountStore;
  try {
    accountStore =
      store instanceof PostgresStore
        ? await PostgresAccountStore.open(store.pool)
        : new SqliteAccountStore(config.dataDir);
  } catch (e) {
    await service.close();
    await cluster.close();
    if (!options.store) await store.close();
    throw e;
  }
  // Background work that must happen once across processes (pushes, e-mails, reviews): see jobs/queue.ts.
  let jobs: JobQueue;
  try {
    jobs = await openJobQueue(store, config.dataDir, log);
  } catch (e) {
    await service.close();
    await cluster.close();
    await accountStore.close();
    if (!options.store) await store.close();
    throw e;
  }
  // The limits beside the matches they count: PostgreSQL's tables (shared by every process), or limits.db.
  const guard =
    store instanceof PostgresStore
      ? Guard.postgres(store.pool, config.limits)
      : Guard.sqlite(config.dataDir, store instanceof SqliteStore ? store.path : null, config.limits);
  service.admission = guard;
  const accounts = new AccountService(accountStore, guard, options.passwordCost);
  const people = new People(accounts, service, log, guard);
  // Clubs vouch for their members' rated seats from one address (clubs/, SECURITY.md "Clubs and households").
  const clubs = openClubs(store, config.dataDir, accounts, guard);
  people.clubs = clubs.clubs;
  const bots = new BotAccounts(accounts, service, guard);
  for (const name of await bots.seedHouse())
    log.warn({ name }, 'a person holds the name of a house bot: that level has no bot account here');
  // Reviews of finished matches and puzzle ratings (review/, puzzles/): rated matches queue their review at the end.
  const learning = await openLearning(store, jobs, service, config, log);
  // Conditional moves (conditional/): trees beside the matches, followed after each stored move by its owner.
  const conditional = openConditional(store, service, config.dataDir, log);
  const vacation = openVacations(
    store,
    service,
    accounts,
    config.dataDir,
    vacationOptions(config, options.slowPlay),
    log,
  );
  const absence = openAbsence(store, service, config.dataDir, absenceOptions(config, options.slowPlay), log);
  // Open records (issue 37): exports, day files, consents, the operator's imports.
  const records = await openRecords(store, jobs, service, config, log);
  // The game database and the opening explorer (database/): finished matches are indexed by a job.
  // The workers of `--processes` keep the positions' keys too: an index job claimed by the worker that played the
  // match reads them, one claimed by another replays the moves (what is kept is bounded: live-keys.ts).
  const gameDatabase = await openGameDatabase(store, accountStore, jobs, config.dataDir, log, !config.redis);
  service.moveListeners.push((live, move) => gameDatabase.indexer.moved(live, move));
  service.onEnded = (live) => {
    void people.rate(live).catch((e: unknown) => log.error({ err: e, match: live.id }, 'could not rate a match'));
    learning.reviews.onEnded(live);
    records?.onEnded(live);
    gameDatabase.indexer.onEnded(live);
    events.ended(live);
  };
  service.onImported = (id) => gameDatabase.indexer.onImported(id);
  gameDatabase.indexer.onIndexed = (id, rated) => learning.miner.onIndexed(id, rated);
  const table = new Table(service, accountStore, log, guard);
  table.clubs = clubs.clubs;
  // Chat lines, resignations and offers sent through another process run here when this one owns the match.
  service.onTableCall = (live, seat, msg) => table.perform(live, seat, msg);
  // With several processes the play-now queues are in Redis, shared by all of them.
  const matchmaker = new Matchmaker(service, accountStore, guard, shared);
  const sockets = createSocketLayer(service, config.rate, log, config.limits.socketsPerAddress, {
    table,
    whoIs: (cookie, botToken) =>
      botToken !== undefined ? bots.whoIs(botToken) : accounts.whoIs(sessionFromCookie(cookie)),
    botRate: { perSecond: config.limits.botRate, burst: config.limits.botRate * 4 },
    seatOf: (me, live) => people.seatOf(me, live),
    events: {
      watch: (w, id, req) => events.watchers.watch(w, id, req),
      unwatch: (w, id) => events.watchers.unwatch(w, id),
      drop: (w) => events.watchers.drop(w),
    },
  });
  // Pushes and e-mails that call players back with every tab closed (notices/start.ts).
  let publicUrl = config.publicUrl?.replace(/\/+$/, '') ?? null;
  const callbacks = await startCallbacks({
    store,
    dataDir: config.dataDir,
    jobs,
    accounts,
    people,
    guard,
    service,
    table,
    log,
    smtp: config.smtp,
    mailFrom: config.mailFrom,
    pushContact: config.pushContact,
    publicUrl: () => publicUrl ?? 'http://localhost',
    retrySeconds: config.noticeRetrySeconds,
    ...(options.digestWaitMs !== undefined ? { digestWaitMs: options.digestWaitMs } : {}),
    ...(options.lowClockMinMs !== undefined ? { lowClockMinMs: options.lowClockMinMs } : {}),
    ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
  });
  // Arenas, Swiss and round robins (events/): a round's start is told as a match's start is, and planned in the digest.
  const events = openEvents({
    store,
    dataDir: config.dataDir,
    matches: service,
    accounts,
    limits: config.limits,
    log,
    node: shared?.node ?? null,
    announcer: shared,
    ...(options.eventPollMs !== undefined ? { pollMs: options.eventPollMs } : {}),
    roundStarted: (live, players) => {
      callbacks.notices.started(live);
      for (const a of players) callbacks.notices.onTurnNoticed?.(a);
    },
  });
  vacation.vacations.tellBack = (live, by, seats) => callbacks.notices.back(live, by, seats);
  if (callbacks.digests)
    callbacks.digests.backSince = async (account, since, now, lang) =>
      (await vacation.vacations.backSince(account, since, now, lang)).map((b) => ({
        name: b.name,
        game: b.game,
        link: `${publicUrl ?? 'http://localhost'}/#/m/${encodeURIComponent(b.matchId)}`,
      }));
  const started = Date.now();

  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.maxBodyBytes,
  });
  app.addHook('onResponse', async (req, reply) => {
    log.debug(
      { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'http',
    );
  });
  app.setErrorHandler(
    (error: { statusCode?: number; message?: string; max?: number; retrySeconds?: number }, req, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 429 && error.max !== undefined) {
        return void reply.code(429).send({
          error: errorBody(
            { code: 'HTTP_RATE_LIMITED', max: error.max, retrySeconds: error.retrySeconds ?? 60 },
            langOf(req),
          ),
        });
      }
      if (status === 500) log.error({ err: error }, 'request failed');
      const code = status === 500 ? 'INTERNAL' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
      void reply
        .code(status)
        .send({ error: errorBody({ code, reason: error.message ?? 'invalid request' }, langOf(req)) });
    },
  );
  // Per client address, on the API only: the web client's files, /healthz and the WebSocket upgrade are free
  // (WebSocket messages have their own per-connection limit).
  await app.register(fastifyRateLimit, {
    max: config.httpRate,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api'),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      max: context.max,
      retrySeconds: Math.ceil(context.ttl / 1000),
    }),
  });
  registerRoutes(
    app as unknown as FastifyInstance,
    service,
    started,
    store,
    {
      sockets: () => sockets.counts(),
      limits: config.limits,
      problems: () => service.problems(),
      fencing: () => service.fencing(),
    },
    people,
  );
  registerAccountRoutes(app as unknown as FastifyInstance, accounts);
  registerSocialRoutes(app as unknown as FastifyInstance, people, matchmaker);
  registerBotRoutes(app as unknown as FastifyInstance, accounts, bots);
  learning.register(app as unknown as FastifyInstance, accounts);
  conditional.register(app as unknown as FastifyInstance, accounts);
  registerMyTurnRoutes(app as unknown as FastifyInstance, accounts, service);
  clubs.register(app as unknown as FastifyInstance, service);
  records?.register(app as unknown as FastifyInstance, accounts);
  gameDatabase.register(app as unknown as FastifyInstance);
  callbacks.register(app as unknown as FastifyInstance);
  events.register(app as unknown as FastifyInstance);
  openSeasons(store, config.dataDir, events.service, accountStore).register(app as unknown as FastifyInstance);
  vacation.register(app as unknown as FastifyInstance);
  absence.register(app as unknown as FastifyInstance, accounts);
  if (config.debug) {
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    app.get('/debug/memory', async (req) => {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (gc && (req.query as { gc?: string }).gc !== '0') gc();
      const cpu = process.cpuUsage();
      // How late the event loop ran timers since the last call (ms): what every message waited on top of its work.
      const loop = {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      };
      loopDelay.reset();
      const writes = store instanceof SqliteStore || store instanceof PostgresStore ? store.stats() : null;
      return {
        ...process.memoryUsage(),
        cpuMicros: cpu.user + cpu.system,
        matches: service.activeCount,
        gc: gc !== undefined,
        loop,
        writes,
      };
    });
    // A CPU profile of the next `ms` milliseconds (open it in Chrome DevTools), for the bench; with
    // `kind=allocations`, a sampling profile of every allocation made meanwhile, collected or not (what the
    // garbage collector has to clear).
    app.get('/debug/profile', async (req) => {
      const query = req.query as { ms?: string; kind?: string };
      const ms = Math.min(60_000, Number(query.ms ?? 5000));
      const { Session } = await import('node:inspector');
      const session = new Session();
      session.connect();
      const post = (method: string, params?: object): Promise<unknown> =>
        new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
      // The same steps for both: the CPU profiler, or the sampling heap profiler keeping collected objects too.
      const [domain, start, stop, params] =
        query.kind === 'allocations'
          ? [
              'HeapProfiler',
              'startSampling',
              'stopSampling',
              {
                samplingInterval: 4096,
                includeObjectsCollectedByMajorGC: true,
                includeObjectsCollectedByMinorGC: true,
              },
            ]
          : ['Profiler', 'start', 'stop', undefined];
      await post(`${domain}.enable`);
      await post(`${domain}.${start}`, params);
      await new Promise((r) => setTimeout(r, ms));
      const { profile } = (await post(`${domain}.${stop}`)) as { profile: unknown };
      session.disconnect();
      return profile;
    });
  }

  const web = await serveWebClient(app as unknown as FastifyInstance, config.webDir);
  if (!web) app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(fallbackPage()));
  app.setNotFoundHandler((req, reply) => {
    // The web client routes in the browser: unknown pages that are not API calls get its index.
    if (web && req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.code(404).send({ error: errorBody({ code: 'NOT_FOUND', path: req.url.split('?')[0] }, langOf(req)) });
  });

  app.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.destroy();
      return;
    }
    sockets.wss.handleUpgrade(req, socket, head, (ws) => sockets.wss.emit('connection', ws, req));
  });

  try {
    // A worker of `serve --processes` takes the connections its primary hands it; anything else listens.
    if (shard) await app.ready();
    else await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    await service.close();
    await jobs.close();
    await gameDatabase.close();
    await callbacks.close();
    await cluster.close();
    await accountStore.close();
    await guard.close();
    if (!options.store) await store.close();
    throw e;
  }
  const address = shard ? null : app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = listenUrl(config.host, port);
  publicUrl ??= url;
  const resumed = await service.resume();
  events.begin();
  // (A worker's primary says where to point the browser, once every worker serves.)
  if (shard)
    log.info({ shard: shard.index, data: config.dataDir, resumed }, `worker ${shard.index} of ${shard.count} serves`);
  else
    log.info(
      { url, data: config.dataDir, web: web ? config.webDir : null, resumed },
      `Round Table is up: point your browser to ${url}`,
    );

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    accept(socket, head) {
      if (closing) return void socket.destroy();
      app.server.emit('connection', socket);
      socket.unshift(head);
      socket.resume();
    },
    close() {
      closing ??= (async () => {
        sockets.close();
        matchmaker.close();
        await events.close();
        await service.close();
        await app.close();
        await learning.close();
        await conditional.close();
        await vacation.close();
        await absence.close();
        await clubs.close();
        await jobs.close();
        await records?.close();
        await gameDatabase.close();
        await callbacks.close();
        await cluster.close();
        await accountStore.close();
        await guard.close();
        await store.close();
        log.info('Round Table stopped');
      })();
      return closing;
    },
  };
}

function fallbackPage(): string {
  const rows = ROUTES.map(
    (r) =>
      `<tr><td><code>${r.method}</code></td><td><code>${escape(r.path)}</code></td><td>${escape(r.what)}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Round Table server</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td{padding:.2rem .6rem;vertical-align:top}</style></head>
<body><h1>Round Table</h1>
<p>The server is running, but the web client is not built (no <code>apps/web/dist</code>). Le client web n'est pas construit.</p>
<p>Play from the terminal (<code>roundtable play</code>) or through the API below; the WebSocket protocol is described in <code>apps/server/PROTOCOL.md</code>.</p>
<table>${rows}</table></body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
