import type { Logger } from 'pino';
import type { MatchRecord, Result } from '@roundtable/core';
import { canReview, type Review } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import type { JobQueue } from '../jobs/index.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import type { ReviewRow, ReviewStore } from './store.ts';
import { ReviewThreads } from './threads.ts';

export const REVIEW_JOB = 'review';
/** Reviews waiting in the queue past which a request is refused (REVIEW_BUSY): a queue no one can flood. */
export const MAX_WAITING = 200;

export type ReviewState =
  | { readonly status: 'done'; readonly review: Review }
  | { readonly status: 'pending' }
  | { readonly status: 'failed' }
  | { readonly status: 'none'; readonly canRequest: boolean };

const OVER = new Set(['finished', 'abandoned', 'archived']);

/**
 * The computer's reviews of online matches. A rated match is queued when it ends; any other finished match when
 * someone asks. The queue is the database's (jobs/), so one process reviews each match whatever process it ended
 * on, and a review lost with its process is taken up again. Each process runs at most `threads` reviews at once,
 * each in a worker thread (`threads` 0: this process reviews nothing, requests still queue for the others).
 * A review is shown to everyone who may see the match: finished matches' records are public.
 */
export class ReviewService {
  private readonly threads: ReviewThreads | null;
  private readonly size: number;

  constructor(
    private readonly store: ReviewStore,
    private readonly jobs: JobQueue,
    private readonly matches: MatchService,
    private readonly log: Logger,
    threads: number,
    private readonly effort: { nodes?: number; iterations?: number } = {},
  ) {
    this.threads = threads > 0 ? new ReviewThreads(threads) : null;
    this.size = threads;
  }

  async start(): Promise<void> {
    await this.jobs.define({ name: REVIEW_JOB, retryLimit: 2, retryDelaySeconds: 30, expireSeconds: 900 });
    if (this.threads) {
      await this.jobs.work<{ match: string }>(REVIEW_JOB, { concurrency: this.size, pollMs: 2000 }, (data) =>
        this.run(data.match),
      );
    }
  }

  /** At the end of a match: a rated one is reviewed at once, in the background. */
  onEnded(live: LiveMatch): void {
    if (!live.row.settings.rated || !live.outcome || live.outcome.reason === 'cancelled') return;
    void this.request(live.id).catch((e: unknown) => this.log.warn({ err: e, match: live.id }, 'review not queued'));
  }

  async state(matchId: string): Promise<Result<ReviewState>> {
    const row = await this.store.get(matchId);
    if (row) return { ok: true, value: stateOf(row) };
    const record = await this.matches.record(matchId);
    if (!record.ok) return record.error.code === 'NOT_FINISHED' ? ok({ status: 'none', canRequest: false }) : record;
    return ok({ status: 'none', canRequest: reviewable(record.value) });
  }

  /** Queues a review of a finished match (refused for a match in play, and when too many wait). */
  async request(matchId: string): Promise<Result<ReviewState>> {
    const row = await this.store.get(matchId);
    if (row && row.status !== 'failed') return ok(stateOf(row));
    const record = await this.matches.record(matchId);
    if (!record.ok) return record.error.code === 'NOT_FINISHED' ? err('REVIEW_NOT_FINISHED') : record;
    if (!reviewable(record.value)) return err('REVIEW_NOT_FINISHED');
    const waiting = (await this.jobs.counts(REVIEW_JOB)).waiting;
    if (waiting >= MAX_WAITING) return { ok: false, error: { code: 'REVIEW_BUSY', waiting } };
    await this.store.claim(matchId, Date.now());
    await this.jobs.send(REVIEW_JOB, { match: matchId }, { key: matchId });
    return ok({ status: 'pending' });
  }

  /** The job: the match's record through a review thread into the store. */
  private async run(matchId: string): Promise<void> {
    const threads = this.threads as ReviewThreads;
    const record = await this.matches.record(matchId);
    if (!record.ok) {
      await this.store.failed(matchId, record.error.code, Date.now());
      return;
    }
    const { id: _id, status: _status, commitment: _commitment, ...plain } = record.value;
    try {
      const started = Date.now();
      const review = await threads.review(plain as MatchRecord, this.effort);
      await this.store.done(matchId, review, Date.now());
      this.log.info({ match: matchId, ms: Date.now() - started }, 'match reviewed');
    } catch (e) {
      await this.store.failed(matchId, (e as Error).message, Date.now());
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.threads?.close();
  }
}

function reviewable(record: { status: string; game: string; players: number }): boolean {
  const game = gameById(record.game);
  return OVER.has(record.status) && game !== undefined && canReview(game, record.players);
}

function stateOf(row: ReviewRow): ReviewState {
  if (row.status === 'done' && row.review) return { status: 'done', review: row.review };
  if (row.status === 'pending') return { status: 'pending' };
  return { status: 'failed' };
}

const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
const err = (code: string): { ok: false; error: { code: string } } => ({ ok: false, error: { code } });
