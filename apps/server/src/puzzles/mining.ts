import type { Logger } from 'pino';
import { PUZZLES, type Puzzle } from '@roundtable/puzzles';
import { firstRating, type MiningBudget } from '@roundtable/puzzles/mine';
import type { JobQueue } from '../jobs/index.ts';
import { ReviewThreads } from '../review/threads.ts';
import type { Store } from '../storage/store.ts';
import type { MinedPuzzleStore } from './mined-store.ts';

export const MINE_JOB = 'mine-puzzles';

/**
 * The miner's searches in the job: a quarter of the shipped confirming search (80,000 nodes), so that an 80-ply
 * game is mined in seconds of one background thread. The same margin rule decides; a puzzle that a deeper search would refuse is
 * rarer than the time saved is worth (bench/verify.ts re-searches at the shipped depth).
 */
export const JOB_BUDGET: MiningBudget = { quickNodes: 1_500, confirmNodes: 20_000 };

/** The games the miner can read (its themes read Camelot's board: packages/puzzles/src/mine.ts). */
const MINEABLE = new Set(Object.keys(PUZZLES));

/**
 * Mines finished rated matches for puzzles in the background: the game database's indexer calls `onIndexed`
 * with each match it indexed; a rated one gets a job in the database queue (once per match, whatever process),
 * and one loop per process runs the jobs, one match at a time, each in a search thread of its own (the review
 * threads' mechanism, with one thread): a search holds a core for 0.1–0.4 s, which on the event loop would stall
 * every live match of the process. The job awaits the thread's puzzles and stores them.
 */
export class PuzzleMiner {
  private readonly threads = new ReviewThreads(1);

  constructor(
    private readonly mined: MinedPuzzleStore,
    private readonly store: Store,
    private readonly jobs: JobQueue,
    private readonly log: Logger,
    private readonly budget: MiningBudget = JOB_BUDGET,
  ) {}

  async start(): Promise<void> {
    await this.jobs.define({ name: MINE_JOB, retryLimit: 2, retryDelaySeconds: 60, expireSeconds: 600 });
    await this.jobs.work<{ match: string }>(MINE_JOB, { concurrency: 1, pollMs: 5000 }, async (data) => {
      await this.mine(data.match);
    });
  }

  /** The indexer's hook: a rated match is queued for mining, the others are left alone. */
  onIndexed(matchId: string, rated: boolean): void {
    if (!rated) return;
    void this.jobs
      .send(MINE_JOB, { match: matchId }, { key: matchId })
      .catch((e: unknown) => this.log.warn({ err: e, match: matchId }, 'match not queued for puzzle mining'));
  }

  /** The job: one match's positions searched; its puzzles stored with the match (a match mined before is left). */
  async mine(matchId: unknown): Promise<number> {
    if (typeof matchId !== 'string' || (await this.mined.mined(matchId))) return 0;
    const stored = await this.store.loadMatch(matchId);
    if (!stored || !stored.match.settings.rated || !MINEABLE.has(stored.match.game)) return 0;
    const m = stored.match;
    // A position mined before from another match is not a second puzzle. One that is also a shipped puzzle is
    // kept: it is the people's own game the player is shown (the shipped one is a bot's).
    const seen = await this.mined.positions(m.game);
    const puzzles = await this.threads.mine({
      game: m.game,
      players: m.players,
      options: m.options,
      seed: m.seed,
      moves: stored.moves.map(({ seat, move }) => ({ seat, move })),
      label: `match ${matchId}`,
      seen,
      budget: this.budget,
    });
    const found: Omit<Puzzle, 'id' | 'match'>[] = puzzles.map((p) => ({
      game: m.game,
      position: p.position,
      solution: p.solution,
      themes: p.themes,
      rating: firstRating(p),
      deviation: 250,
      margin: Math.round(p.margin * 1000) / 1000,
      source: p.source,
    }));
    await this.mined.add(matchId, found);
    this.log.info({ match: matchId, puzzles: found.length }, 'match mined for puzzles');
    return found.length;
  }

  /** Ends the thread of a mining under way (its job is taken up again by the queue's retry). */
  async close(): Promise<void> {
    await this.threads.close();
  }
}
