import type { Logger } from 'pino';
import type { AccountStore } from '../accounts/store.ts';
import { INITIAL } from '../accounts/ratings.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { LiveMatch } from '../live-match.ts';
import type { PlayedMove } from '../match-service.ts';
import type { Store } from '../storage/store.ts';
import { indexedGameOf } from './extract.ts';
import { LiveKeys } from './live-keys.ts';
import type { GameDatabaseStore } from './store.ts';

export const INDEX_JOB = 'index-match';
/** The wait before a finished match is indexed: its rating (social/people.ts) is stored by then. */
const INDEX_DELAY_MS = 2_000;

/**
 * Puts finished matches into the game database: a job per match in the database's queue (jobs/), so each match is
 * indexed once whatever process it ended on, and a match lost with its process is taken again. The job replays
 * the moves to key every position (a few milliseconds for a Camelot game), on one loop per process, unless the match
 * was played here from its start (live-keys.ts).
 */
export class GameIndexer {
  /** Called with each match indexed here (the puzzle miner follows the rated ones). */
  onIndexed: (matchId: string, rated: boolean) => void = () => undefined;

  constructor(
    private readonly db: GameDatabaseStore,
    private readonly store: Store,
    private readonly accounts: AccountStore,
    private readonly jobs: JobQueue,
    private readonly log: Logger,
    /** Keys taken as matches are played here: only when this process runs every index job (no other process). */
    private readonly live: LiveKeys | null = null,
  ) {}

  /** After each move stored here (MatchService.moveListeners). */
  moved(live: LiveMatch, move: PlayedMove): void {
    this.live?.moved(live, move);
  }

  async start(): Promise<void> {
    await this.jobs.define({ name: INDEX_JOB, retryLimit: 3, retryDelaySeconds: 10, expireSeconds: 300 });
    await this.jobs.work<{ match: string }>(INDEX_JOB, { concurrency: 1, pollMs: 2000 }, (data, job) =>
      this.index(data.match, job.attempt),
    );
  }

  /** At the end of a match: indexed in the background. */
  onEnded(live: LiveMatch): void {
    if (!live.outcome || live.outcome.reason === 'cancelled') return;
    this.live?.onEnded(live);
    void this.queue(live.id, INDEX_DELAY_MS).catch((e: unknown) =>
      this.log.warn({ err: e, match: live.id }, 'match not queued for the game database'),
    );
  }

  /** An imported record was stored (records-export's import path): indexed in the background. */
  onImported(matchId: string): void {
    void this.queue(matchId).catch((e: unknown) =>
      this.log.warn({ err: e, match: matchId }, 'imported record not queued for the game database'),
    );
  }

  /**
   * Queues a stored finished match (the seam for imported records: the import calls it with each match it
   * stores, as records-export does).
   */
  async queue(matchId: string, delayMs = 0): Promise<void> {
    await this.jobs.send(INDEX_JOB, { match: matchId }, { key: matchId, delayMs });
  }

  /** The job: one match into the database (a match indexed before is left as it is). */
  async index(matchId: string, attempt = 1): Promise<void> {
    if (typeof matchId !== 'string' || (await this.db.has(matchId))) return;
    const stored = await this.store.loadMatch(matchId);
    if (!stored) return;
    const ratings: (number | null)[] = stored.seats.map(() => null);
    if (stored.match.settings.rated) {
      const changes = await this.accounts.ratingChanges({ match: matchId });
      // The rating of a rated match may not be stored yet on the first attempt: wait for it once.
      if (changes.length === 0 && attempt === 1) throw new Error('the match is not rated yet');
      const seats = await this.accounts.matchSeats(matchId);
      for (const c of changes) {
        const seat = seats.find((s) => s.accountId === c.accountId)?.seat;
        if (seat !== undefined) ratings[seat] = Math.round(c.before ?? INITIAL.rating);
      }
    }
    const game = indexedGameOf(stored, ratings, this.live?.peek(matchId) ?? null);
    if (!game.ok) {
      this.live?.forget(matchId);
      this.log.info({ match: matchId, error: game.error }, 'match left out of the game database');
      return;
    }
    await this.db.add([game.value]);
    this.live?.forget(matchId);
    this.onIndexed(matchId, game.value.source === 'rated');
  }
}
