import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Folder of the SQLite database (created if missing). */
  readonly dataDir: string;
  /**
   * Processes serving the embedded SQLite storage: above 1, a primary process listens and hands each connection to
   * one of that many worker processes, each owning the matches of its shard (processes/). Read by `main` only.
   */
  readonly processes: number;
  /** Folder of the built web client, served at `/` when it exists. */
  readonly webDir: string;
  /** `full`: every acknowledged move survives a power cut; `normal`: a process crash only. */
  readonly durability: 'full' | 'normal';
  /** Bot worker threads. */
  readonly botWorkers: number;
  /** Matches this process reviews at once in the background, each in a worker thread (0: it reviews none). */
  readonly reviewThreads: number;
  /** A bot's thinking budget per move, replacing each level's own; null: every level thinks as long as it is meant to. */
  readonly botMs: number | null;
  /** A match with nobody connected and nothing to do is dropped from memory after this long (reloaded on demand). */
  readonly idleMs: number;
  /** A snapshot of a match in play every this many plies (not a flag: tests set it). */
  readonly snapshotEvery: number;
  /** WebSocket messages per second per connection (sustained), and the burst allowed above it. */
  readonly rate: { readonly perSecond: number; readonly burst: number };
  /** HTTP API requests per minute per client address (`/api/*`; the web client's files and /healthz are not counted). */
  readonly httpRate: number;
  /** Caps (SECURITY.md): matches in play created per client address, matches in memory, WebSockets per address. */
  readonly limits: Limits;
  readonly logLevel: string;
  /** Exposes `GET /debug/memory` (heap after a forced GC when node runs with --expose-gc): for the bench. */
  readonly debug: boolean;
  /** PostgreSQL URL: store there instead of SQLite (several processes may share it). */
  readonly database: string | null;
  /** Redis URL: join the other processes on the same database (ownership of matches, forwarding, fan-out). */
  readonly redis: string | null;
  /** How long a process owns a match without renewing its lease (ms): a dead owner's matches move after this. */
  readonly leaseMs: number;
  /** Where players reach this server (links in e-mails); null: the address it listens on. */
  readonly publicUrl: string | null;
  /** smtp:// or smtps:// URL of the server mail goes out through; null: e-mail is off (everything else works). */
  readonly smtp: string | null;
  /** The From of every mail; null: "Round Table <roundtable@<public host>>". */
  readonly mailFrom: string | null;
  /** Who runs this server, for push services (an https: URL or mailto:); null: the public URL if https, else mailFrom. */
  readonly pushContact: string | null;
  /** The first retry's wait of pushes and mails (doubled at each retry; not a flag: tests set it). */
  readonly noticeRetrySeconds: number;
  /** Days of vacation per account per calendar year (UTC) that stop its correspondence clocks (vacation/). */
  readonly vacationDays: number;
  /**
   * In a match of three or more without a clock, a seat to move whose player is connected nowhere for this long
   * is held by a bot until they come back (absence/), in ms.
   */
  readonly absenceWaitMs: number;
  /** The operator's secret for operator routes (records/: imports), Authorization: Bearer; null: those are off. */
  readonly operatorToken: string | null;
}

export interface Limits {
  /**
   * Matches in play (open or active) made for one client address, whichever way they came into being (created,
   * paired by play-now, a rematch); one more is refused (TOO_MANY_MATCHES).
   */
  readonly matchesPerAddress: number;
  /** Matches held in memory at once; past it, idle ones are unloaded first, else the request is refused (SERVER_BUSY). */
  readonly liveMatches: number;
  /** WebSocket connections open at once from one client address; one more gets TOO_MANY_CONNECTIONS and is closed. */
  readonly socketsPerAddress: number;
  /** Matches in play made for one account, as for an address (TOO_MANY_MATCHES). */
  readonly matchesPerAccount: number;
  /** Accounts signed up from one address in 24 hours (SIGNUP_RATE_LIMITED). */
  readonly signupsPerAddress: number;
  /** Failed logins per name, and per address, in 15 minutes, counted before the password is checked (LOGIN_RATE_LIMITED). */
  readonly loginsPerName: number;
  readonly loginsPerAddress: number;
  /** Password checks (sign-ups and logins) waiting or running at once in a process, and per address (LOGIN_BUSY). */
  readonly hashQueue: number;
  readonly hashPerAddress: number;
  /** Chat lines per 10 seconds, per seat and per account, over all its connections (CHAT_RATE_LIMITED). */
  readonly chatLines: number;
  /** Offers (draw, takeback, rematch) per minute, per seat and per account (OFFER_RATE_LIMITED). */
  readonly offers: number;
  /** Rated results between the same two accounts in one game, per 24 hours (RATED_PAIR_LIMIT; past it, not rated). */
  readonly ratedPerPair: number;
  /** Rated games of a game an account plays before it leaves provisional and shows on that game's leaderboard. */
  readonly provisionalGames: number;
  /** Records imported per address per hour (TOO_MANY_IMPORTS). */
  readonly importsPerAddress: number;
  /** Play-now may pair two requests from one address (behind a proxy that hides clients' addresses); off by default. */
  readonly pairSameAddress: boolean;
  /** Matches in play at once for one bot account: one more challenge accepted is refused (BOT_TOO_MANY_MATCHES). */
  readonly botMatches: number;
  /** WebSocket messages per second of a bot's connection (one with a bot token), burst 4 times that (BOT_RATE_LIMITED). */
  readonly botRate: number;
  /** Challenges a person may have waiting for an answer at once (TOO_MANY_CHALLENGES). */
  readonly challengesPending: number;
  /**
   * How long a challenge waits for its answer before it lapses (ms; seven times that with a correspondence clock):
   * gone from the bot's list, answered with CHALLENGE_LAPSED, no longer counted as waiting.
   */
  readonly challengeLapseMs: number;
  /** Events an organiser has that are not over (EVENT_ORGANISER_CAP). */
  readonly eventsPerOrganiser: number;
  /** Entrants of one event, whatever its organiser asks (EVENT_FULL). */
  readonly entrantsPerEvent: number;
  /** Events an account has entered at once that are not over (EVENT_ENTRANT_CAP). */
  readonly eventsPerEntrant: number;
  /** How long an event's match waits for a seat's first move before it is a no-show (seconds, events/no-shows.ts). */
  readonly eventNoShowSeconds: number;
  /** Clubs (clubs/, SECURITY.md "Clubs and households"): rated games an account needs to found a club. */
  readonly clubFounderGames: number;
  /** Days an account must have existed to found a club. */
  readonly clubFounderDays: number;
  /** Members of one club at once (CLUB_FULL). */
  readonly clubMembers: number;
  /** New members of one club in 24 hours, sign-ups through its code included (CLUB_JOINS_LIMIT). */
  readonly clubJoinsPerDay: number;
  /** Rated results between two members at one address, per game and 24 hours (CLUB_PAIR_LIMIT). */
  readonly clubRatedPerPair: number;
  /** Rated results one account has from one address (or as a ward) vouched for by clubs, per 24 hours (CLUB_ACCOUNT_LIMIT). */
  readonly clubRatedPerAccount: number;
  /** Rated results between members at one address in one club, all games, per 24 hours (CLUB_RATED_LIMIT). */
  readonly clubRatedPerDay: number;
}

export const DEFAULT_LIMITS: Limits = {
  matchesPerAddress: 20,
  liveMatches: 2000,
  socketsPerAddress: 64,
  matchesPerAccount: 20,
  signupsPerAddress: 5,
  loginsPerName: 10,
  loginsPerAddress: 30,
  hashQueue: 32,
  hashPerAddress: 2,
  chatLines: 5,
  offers: 6,
  ratedPerPair: 3,
  provisionalGames: 10,
  importsPerAddress: 30,
  pairSameAddress: false,
  botMatches: 4,
  botRate: 5,
  challengesPending: 5,
  challengeLapseMs: 24 * 3600_000,
  eventsPerOrganiser: 5,
  entrantsPerEvent: 1000,
  eventsPerEntrant: 10,
  eventNoShowSeconds: 120,
  clubFounderGames: 20,
  clubFounderDays: 14,
  clubMembers: 40,
  clubJoinsPerDay: 20,
  clubRatedPerPair: 2,
  clubRatedPerAccount: 4,
  clubRatedPerDay: 16,
};

export const DEFAULTS: ServerConfig = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  processes: 1,
  webDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
  durability: 'full',
  botWorkers: 1,
  reviewThreads: 1,
  botMs: null,
  idleMs: 10 * 60_000,
  snapshotEvery: 200,
  rate: { perSecond: 40, burst: 200 },
  httpRate: 600,
  limits: DEFAULT_LIMITS,
  logLevel: 'info',
  debug: false,
  database: null,
  redis: null,
  leaseMs: 5000,
  publicUrl: null,
  smtp: null,
  mailFrom: null,
  pushContact: null,
  noticeRetrySeconds: 30,
  vacationDays: 30,
  absenceWaitMs: 10 * 60_000,
  operatorToken: null,
};

/** A usage error in flags or environment: `main` prints it and exits with 2. */
export class ConfigError extends Error {}

const FLAGS: Record<string, string> = {
  '--port': 'PORT',
  '--host': 'HOST',
  '--data': 'ROUNDTABLE_DATA',
  '--processes': 'ROUNDTABLE_PROCESSES',
  '--web': 'ROUNDTABLE_WEB',
  '--durability': 'ROUNDTABLE_DURABILITY',
  '--bot-workers': 'ROUNDTABLE_BOT_WORKERS',
  '--bot-ms': 'ROUNDTABLE_BOT_MS',
  '--review-threads': 'ROUNDTABLE_REVIEW_THREADS',
  '--idle-ms': 'ROUNDTABLE_IDLE_MS',
  '--bot-max-matches': 'ROUNDTABLE_BOT_MAX_MATCHES',
  '--bot-rate': 'ROUNDTABLE_BOT_RATE',
  '--max-challenges': 'ROUNDTABLE_MAX_CHALLENGES',
  '--challenge-hours': 'ROUNDTABLE_CHALLENGE_HOURS',
  '--rate': 'ROUNDTABLE_RATE',
  '--http-rate': 'ROUNDTABLE_HTTP_RATE',
  '--max-matches-per-address': 'ROUNDTABLE_MAX_MATCHES_PER_ADDRESS',
  '--max-live-matches': 'ROUNDTABLE_MAX_LIVE_MATCHES',
  '--max-sockets-per-address': 'ROUNDTABLE_MAX_SOCKETS_PER_ADDRESS',
  '--max-matches-per-account': 'ROUNDTABLE_MAX_MATCHES_PER_ACCOUNT',
  '--max-signups-per-address': 'ROUNDTABLE_MAX_SIGNUPS_PER_ADDRESS',
  '--max-logins-per-name': 'ROUNDTABLE_MAX_LOGINS_PER_NAME',
  '--max-logins-per-address': 'ROUNDTABLE_MAX_LOGINS_PER_ADDRESS',
  '--hash-queue': 'ROUNDTABLE_HASH_QUEUE',
  '--hash-per-address': 'ROUNDTABLE_HASH_PER_ADDRESS',
  '--chat-lines': 'ROUNDTABLE_CHAT_LINES',
  '--max-offers': 'ROUNDTABLE_MAX_OFFERS',
  '--max-rated-per-pair': 'ROUNDTABLE_MAX_RATED_PER_PAIR',
  '--provisional-games': 'ROUNDTABLE_PROVISIONAL_GAMES',
  '--max-imports-per-address': 'ROUNDTABLE_MAX_IMPORTS_PER_ADDRESS',
  '--pair-same-address': 'ROUNDTABLE_PAIR_SAME_ADDRESS',
  '--max-events-per-organiser': 'ROUNDTABLE_MAX_EVENTS_PER_ORGANISER',
  '--max-entrants-per-event': 'ROUNDTABLE_MAX_ENTRANTS_PER_EVENT',
  '--max-events-per-entrant': 'ROUNDTABLE_MAX_EVENTS_PER_ENTRANT',
  '--event-no-show-seconds': 'ROUNDTABLE_EVENT_NO_SHOW_SECONDS',
  '--club-founder-games': 'ROUNDTABLE_CLUB_FOUNDER_GAMES',
  '--club-founder-days': 'ROUNDTABLE_CLUB_FOUNDER_DAYS',
  '--club-members': 'ROUNDTABLE_CLUB_MEMBERS',
  '--club-joins-per-day': 'ROUNDTABLE_CLUB_JOINS_PER_DAY',
  '--club-rated-per-pair': 'ROUNDTABLE_CLUB_RATED_PER_PAIR',
  '--club-rated-per-account': 'ROUNDTABLE_CLUB_RATED_PER_ACCOUNT',
  '--club-rated-per-day': 'ROUNDTABLE_CLUB_RATED_PER_DAY',
  '--log-level': 'LOG_LEVEL',
  '--database': 'DATABASE_URL',
  '--redis': 'REDIS_URL',
  '--lease-ms': 'ROUNDTABLE_LEASE_MS',
  '--public-url': 'ROUNDTABLE_PUBLIC_URL',
  '--smtp': 'SMTP_URL',
  '--mail-from': 'ROUNDTABLE_MAIL_FROM',
  '--push-contact': 'ROUNDTABLE_PUSH_CONTACT',
  '--vacation-days': 'ROUNDTABLE_VACATION_DAYS',
  '--absence-wait-minutes': 'ROUNDTABLE_ABSENCE_WAIT_MINUTES',
  '--operator-token': 'ROUNDTABLE_OPERATOR_TOKEN',
};

export const USAGE = `roundtable server
  --port <n>          port (env PORT, default 8080; 0 = any free port)
  --host <addr>       address to listen on (env HOST, default 127.0.0.1; 0.0.0.0 to open to the network)
  --data <dir>        data folder for the SQLite database (env ROUNDTABLE_DATA, default ./data)
  --processes <n>     processes sharing the data folder, 1 to 64 (env ROUNDTABLE_PROCESSES, default 1): above 1, one
                      listens and hands each match's connections to the one that owns it; not with --database
                      (there, run several servers on one PostgreSQL and one Redis)
  --web <dir>         built web client to serve (env ROUNDTABLE_WEB, default apps/web/dist)
  --durability <d>    full | normal (env ROUNDTABLE_DURABILITY, default full)
  --bot-workers <n>   bot worker threads (env ROUNDTABLE_BOT_WORKERS, default: cores - 1, at least 1)
  --bot-ms <n>        bot thinking time per move in ms, for every level (env ROUNDTABLE_BOT_MS; default: the level's own)
  --review-threads <n>  matches reviewed at once in the background, one thread each (env ROUNDTABLE_REVIEW_THREADS,
                      default 1; 0: this process reviews none)
  --idle-ms <n>       unload idle matches after n ms (env ROUNDTABLE_IDLE_MS, default 600000)
  --rate <n>          WebSocket messages per second per connection (env ROUNDTABLE_RATE, default 40)
  --http-rate <n>     HTTP API requests per minute per client address (env ROUNDTABLE_HTTP_RATE, default 600)
  --max-matches-per-address <n>  matches in play one address may have created (env ROUNDTABLE_MAX_MATCHES_PER_ADDRESS, default 20)
  --max-live-matches <n>         matches held in memory at once (env ROUNDTABLE_MAX_LIVE_MATCHES, default 2000)
  --max-sockets-per-address <n>  WebSocket connections open at once per address (env ROUNDTABLE_MAX_SOCKETS_PER_ADDRESS, default 64)
  --max-matches-per-account <n>  matches in play made for one account (env ROUNDTABLE_MAX_MATCHES_PER_ACCOUNT, default 20)
  --max-signups-per-address <n>  accounts signed up per address in 24 h (env ROUNDTABLE_MAX_SIGNUPS_PER_ADDRESS, default 5)
  --max-logins-per-name <n>      failed logins per name in 15 min (env ROUNDTABLE_MAX_LOGINS_PER_NAME, default 10)
  --max-logins-per-address <n>   failed logins per address in 15 min (env ROUNDTABLE_MAX_LOGINS_PER_ADDRESS, default 30)
  --hash-queue <n>               password checks waiting or running at once (env ROUNDTABLE_HASH_QUEUE, default 32)
  --hash-per-address <n>         of those, from one address (env ROUNDTABLE_HASH_PER_ADDRESS, default 2)
  --chat-lines <n>               chat lines per 10 s per seat and per account (env ROUNDTABLE_CHAT_LINES, default 5)
  --max-offers <n>               draw, takeback and rematch offers per minute per seat and per account
                                 (env ROUNDTABLE_MAX_OFFERS, default 6)
  --max-rated-per-pair <n>       rated results between two accounts per game in 24 h (env ROUNDTABLE_MAX_RATED_PER_PAIR, default 3)
  --provisional-games <n>        rated games before an account shows on a leaderboard (env ROUNDTABLE_PROVISIONAL_GAMES, default 10)
  --max-imports-per-address <n>  records imported per address per hour (env ROUNDTABLE_MAX_IMPORTS_PER_ADDRESS, default 30)
  --pair-same-address <on|off>   play-now may pair two requests from one address, for a server behind a proxy
                                 (env ROUNDTABLE_PAIR_SAME_ADDRESS, default off)
  --club-founder-games <n>   rated games an account needs to found a club (env ROUNDTABLE_CLUB_FOUNDER_GAMES, default 20)
  --club-founder-days <n>    days an account must exist to found a club (env ROUNDTABLE_CLUB_FOUNDER_DAYS, default 14)
  --club-members <n>         members of one club (env ROUNDTABLE_CLUB_MEMBERS, default 40)
  --club-joins-per-day <n>   new members of a club in 24 h, sign-ups by its code included
                             (env ROUNDTABLE_CLUB_JOINS_PER_DAY, default 20)
  --club-rated-per-pair <n>  rated results between two members at one address, per game in 24 h
                             (env ROUNDTABLE_CLUB_RATED_PER_PAIR, default 2)
  --club-rated-per-account <n>  rated results of one account vouched for by clubs in 24 h
                             (env ROUNDTABLE_CLUB_RATED_PER_ACCOUNT, default 4)
  --club-rated-per-day <n>   rated results between members at one address, per club in 24 h
                             (env ROUNDTABLE_CLUB_RATED_PER_DAY, default 16)
  --bot-max-matches <n>  matches in play at once per bot account (env ROUNDTABLE_BOT_MAX_MATCHES, default 4)
  --bot-rate <n>         WebSocket messages per second of a bot's connection, burst 4 times that
                         (env ROUNDTABLE_BOT_RATE, default 5)
  --max-challenges <n>   challenges one person may have waiting at once (env ROUNDTABLE_MAX_CHALLENGES, default 5)
  --challenge-hours <n>  a challenge nobody answered lapses after n hours, seven times that with a correspondence
                         clock (env ROUNDTABLE_CHALLENGE_HOURS, default 24: 7 days for correspondence)
  --max-events-per-organiser <n>  events not over one account organises (env ROUNDTABLE_MAX_EVENTS_PER_ORGANISER, default 5)
  --max-entrants-per-event <n>    entrants of one event (env ROUNDTABLE_MAX_ENTRANTS_PER_EVENT, default 1000)
  --max-events-per-entrant <n>    events not over one account has entered (env ROUNDTABLE_MAX_EVENTS_PER_ENTRANT, default 10)
  --event-no-show-seconds <n>     an event's seat with no first move after n s is a no-show: forfeited (two players) or
                                  handed to a bot (env ROUNDTABLE_EVENT_NO_SHOW_SECONDS, default 120)
  --log-level <l>     pino level (env LOG_LEVEL, default info)
  --database <url>    postgres://… : store in PostgreSQL instead of SQLite (env DATABASE_URL)
  --redis <url>       redis://… : share the database with other processes, any of which serves any match
                      (env REDIS_URL; needs --database)
  --lease-ms <n>      a process owns a match for n ms past its last renewal (env ROUNDTABLE_LEASE_MS, default 5000)
  --public-url <url>  where players reach this server, for the links mailed (env ROUNDTABLE_PUBLIC_URL;
                      default the address it listens on)
  --smtp <url>        smtp://user:password@host:port (or smtps://): send e-mail through it (env SMTP_URL);
                      without it e-mail is off and everything else works
  --mail-from <from>  the From of mails (env ROUNDTABLE_MAIL_FROM, default Round Table <roundtable@public host>)
  --push-contact <c>  mailto: or https: contact given to push services (env ROUNDTABLE_PUSH_CONTACT)
  --vacation-days <n> days of vacation per account per calendar year (UTC) that stop its correspondence clocks
                      (env ROUNDTABLE_VACATION_DAYS, default 30; 0: no vacations)
  --absence-wait-minutes <n>  in a match of three or more without a clock, a seat to move whose player is gone
                      that long is held by a bot until they come back (env ROUNDTABLE_ABSENCE_WAIT_MINUTES, default 10)
  --operator-token <t> secret of the operator routes (record imports), 16+ characters (env ROUNDTABLE_OPERATOR_TOKEN)
  --debug             expose GET /debug/memory and /debug/profile (bench)`;

/** Flags win over environment variables, which win over defaults. */
export function readConfig(argv: readonly string[], env: NodeJS.ProcessEnv, cores: number): ServerConfig {
  const values: Record<string, string> = {};
  for (const [flag, name] of Object.entries(FLAGS)) {
    const v = env[name];
    if (v !== undefined && v !== '') values[flag] = v;
  }
  let debug = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--debug') {
      debug = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!Object.hasOwn(FLAGS, flag)) throw new ConfigError(`unknown flag ${arg}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new ConfigError(`${flag} needs a value`);
    values[flag] = value;
  }
  const int = (flag: string, fallback: number, min: number, max: number): number => {
    const raw = values[flag];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new ConfigError(`${flag} must be a whole number from ${min} to ${max}, not "${raw}"`);
    return n;
  };
  if (values['--redis'] !== undefined && values['--database'] === undefined)
    throw new ConfigError('--redis needs --database (the processes share one PostgreSQL)');
  const processes = int('--processes', DEFAULTS.processes, 1, 64);
  // PostgreSQL already lets several servers share one database (with Redis between them); the primary and its
  // workers are the embedded storage's way to use more than one core.
  if (processes > 1 && (values['--database'] !== undefined || values['--redis'] !== undefined))
    throw new ConfigError(
      '--processes is for the embedded SQLite storage; with --database and --redis, start several servers instead, each on its own port (SCALING.md)',
    );
  const durability = values['--durability'] ?? DEFAULTS.durability;
  if (durability !== 'full' && durability !== 'normal')
    throw new ConfigError(`--durability must be full or normal, not "${durability}"`);
  const perSecond = int('--rate', DEFAULTS.rate.perSecond, 1, 1_000_000);
  return {
    port: int('--port', DEFAULTS.port, 0, 65535),
    host: values['--host'] ?? DEFAULTS.host,
    dataDir: resolve(values['--data'] ?? DEFAULTS.dataDir),
    processes,
    webDir: resolve(values['--web'] ?? DEFAULTS.webDir),
    durability,
    botWorkers: int('--bot-workers', Math.max(1, cores - 1), 1, 64),
    reviewThreads: int('--review-threads', DEFAULTS.reviewThreads, 0, 64),
    botMs: values['--bot-ms'] === undefined ? DEFAULTS.botMs : int('--bot-ms', 0, 1, 600_000),
    idleMs: int('--idle-ms', DEFAULTS.idleMs, 1000, 365 * 24 * 3600_000),
    snapshotEvery: DEFAULTS.snapshotEvery,
    rate: { perSecond, burst: Math.max(DEFAULTS.rate.burst, perSecond * 5) },
    httpRate: int('--http-rate', DEFAULTS.httpRate, 1, 100_000_000),
    limits: {
      matchesPerAddress: int('--max-matches-per-address', DEFAULT_LIMITS.matchesPerAddress, 1, 10_000_000),
      liveMatches: int('--max-live-matches', DEFAULT_LIMITS.liveMatches, 1, 10_000_000),
      socketsPerAddress: int('--max-sockets-per-address', DEFAULT_LIMITS.socketsPerAddress, 1, 10_000_000),
      matchesPerAccount: int('--max-matches-per-account', DEFAULT_LIMITS.matchesPerAccount, 1, 10_000_000),
      signupsPerAddress: int('--max-signups-per-address', DEFAULT_LIMITS.signupsPerAddress, 1, 10_000_000),
      loginsPerName: int('--max-logins-per-name', DEFAULT_LIMITS.loginsPerName, 1, 10_000_000),
      loginsPerAddress: int('--max-logins-per-address', DEFAULT_LIMITS.loginsPerAddress, 1, 10_000_000),
      hashQueue: int('--hash-queue', DEFAULT_LIMITS.hashQueue, 1, 100_000),
      hashPerAddress: int('--hash-per-address', DEFAULT_LIMITS.hashPerAddress, 1, 100_000),
      chatLines: int('--chat-lines', DEFAULT_LIMITS.chatLines, 1, 10_000),
      offers: int('--max-offers', DEFAULT_LIMITS.offers, 1, 10_000),
      ratedPerPair: int('--max-rated-per-pair', DEFAULT_LIMITS.ratedPerPair, 1, 10_000),
      provisionalGames: int('--provisional-games', DEFAULT_LIMITS.provisionalGames, 0, 10_000),
      importsPerAddress: int('--max-imports-per-address', DEFAULT_LIMITS.importsPerAddress, 1, 10_000_000),
      pairSameAddress: onOff('--pair-same-address', values['--pair-same-address'], DEFAULT_LIMITS.pairSameAddress),
      botMatches: int('--bot-max-matches', DEFAULT_LIMITS.botMatches, 1, 10_000),
      botRate: int('--bot-rate', DEFAULT_LIMITS.botRate, 1, 10_000),
      challengesPending: int('--max-challenges', DEFAULT_LIMITS.challengesPending, 1, 10_000),
      challengeLapseMs: int('--challenge-hours', DEFAULT_LIMITS.challengeLapseMs / 3600_000, 1, 24 * 365) * 3600_000,
      eventsPerOrganiser: int('--max-events-per-organiser', DEFAULT_LIMITS.eventsPerOrganiser, 1, 100_000),
      entrantsPerEvent: int('--max-entrants-per-event', DEFAULT_LIMITS.entrantsPerEvent, 2, 1_000_000),
      eventsPerEntrant: int('--max-events-per-entrant', DEFAULT_LIMITS.eventsPerEntrant, 1, 100_000),
      eventNoShowSeconds: int('--event-no-show-seconds', DEFAULT_LIMITS.eventNoShowSeconds, 1, 30 * 86_400),
      clubFounderGames: int('--club-founder-games', DEFAULT_LIMITS.clubFounderGames, 0, 100_000),
      clubFounderDays: int('--club-founder-days', DEFAULT_LIMITS.clubFounderDays, 0, 10_000),
      clubMembers: int('--club-members', DEFAULT_LIMITS.clubMembers, 2, 100_000),
      clubJoinsPerDay: int('--club-joins-per-day', DEFAULT_LIMITS.clubJoinsPerDay, 1, 100_000),
      clubRatedPerPair: int('--club-rated-per-pair', DEFAULT_LIMITS.clubRatedPerPair, 1, 10_000),
      clubRatedPerAccount: int('--club-rated-per-account', DEFAULT_LIMITS.clubRatedPerAccount, 1, 10_000),
      clubRatedPerDay: int('--club-rated-per-day', DEFAULT_LIMITS.clubRatedPerDay, 1, 100_000),
    },
    logLevel: values['--log-level'] ?? DEFAULTS.logLevel,
    debug,
    database: url('--database', values['--database'], ['postgres:', 'postgresql:']),
    redis: url('--redis', values['--redis'], ['redis:', 'rediss:']),
    leaseMs: int('--lease-ms', DEFAULTS.leaseMs, 500, 600_000),
    publicUrl: url('--public-url', values['--public-url'], ['https:', 'http:']),
    smtp: url('--smtp', values['--smtp'], ['smtp:', 'smtps:']),
    mailFrom: values['--mail-from'] ?? null,
    pushContact: url('--push-contact', values['--push-contact'], ['mailto:', 'https:']),
    noticeRetrySeconds: DEFAULTS.noticeRetrySeconds,
    vacationDays: int('--vacation-days', DEFAULTS.vacationDays, 0, 366),
    absenceWaitMs: int('--absence-wait-minutes', DEFAULTS.absenceWaitMs / 60_000, 1, 7 * 1440) * 60_000,
    operatorToken: operatorToken(values['--operator-token']),
  };
}

function operatorToken(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  // Guessable tokens would open the imports to anyone: 16 characters at least.
  if (raw.length < 16) throw new ConfigError('--operator-token must be 16 characters or more');
  return raw;
}

function onOff(flag: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${flag} must be on or off, not "${raw}"`);
}

function url(flag: string, raw: string | undefined, protocols: readonly string[]): string | null {
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${flag} must be a URL (${protocols[0]}//host:port/…), not "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(
      `${flag} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, not "${parsed.protocol}//"`,
    );
  return raw;
}

/** The URL a server listening on `host`:`port` is reached at, as shown to people (any address: localhost). */
export function listenUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
