import { Worker } from 'node:worker_threads';
import type { MatchRecord, Seed } from '@roundtable/core';
import type { Review } from '@roundtable/ai';
import type { MinedPuzzle, MiningBudget } from '@roundtable/puzzles/mine';

export interface ReviewTask {
  readonly kind: 'review';
  readonly id: number;
  readonly record: MatchRecord;
  readonly nodes?: number;
  readonly iterations?: number;
}

/** One finished match's moves to mine for puzzles (the thread replays them), with the positions mined before. */
export interface MiningTask {
  readonly kind: 'mine';
  readonly id: number;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: Seed;
  readonly moves: readonly { readonly seat: number; readonly move: string }[];
  readonly label: string;
  readonly seen: readonly string[];
  readonly budget: MiningBudget;
}

export type ThreadTask = ReviewTask | MiningTask;

export type ReviewAnswer =
  | { readonly id: number; readonly review: Review; readonly error?: undefined }
  | { readonly id: number; readonly puzzles: MinedPuzzle[]; readonly error?: undefined }
  | { readonly id: number; readonly error: string; readonly review?: undefined };

/** A review taking longer than this is abandoned (its thread ended): an 80-ply Camelot review takes under a minute. */
const REVIEW_TIMEOUT_MS = 10 * 60_000;

/**
 * The search threads of a process: at most `size` searches run at once, each in its own worker thread, so a
 * review's minute of searching (or a match's puzzle mining) never holds the event loop that serves the matches
 * (nor the bots' own threads). A thread is started for a task and ended after it: the tasks are rare, and an
 * idle process holds none.
 */
export class ReviewThreads {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly workers = new Set<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  async review(record: MatchRecord, effort: { nodes?: number; iterations?: number } = {}): Promise<Review> {
    const answer = await this.bounded((id) => ({ kind: 'review', id, record, ...effort }));
    if (!('review' in answer) || !answer.review) throw new Error('the review failed');
    return answer.review;
  }

  /** A match's positions searched for puzzles in a thread: the puzzles found (the positions are not stored here). */
  async mine(task: Omit<MiningTask, 'kind' | 'id'>): Promise<MinedPuzzle[]> {
    const answer = await this.bounded((id) => ({ kind: 'mine', id, ...task }));
    if (!('puzzles' in answer)) throw new Error('the mining failed');
    return answer.puzzles;
  }

  private async bounded(task: (id: number) => ThreadTask): Promise<ReviewAnswer> {
    if (this.closed) throw new Error('closed');
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await this.run(task(this.nextId++));
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private run(task: ThreadTask): Promise<ReviewAnswer> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./thread.js', import.meta.url));
      this.workers.add(worker);
      let settled = false;
      const finish = (error: Error | null, answer?: ReviewAnswer): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        if (error) reject(error);
        else resolve(answer as ReviewAnswer);
      };
      const timer = setTimeout(() => finish(new Error(`the ${task.kind} took too long`)), REVIEW_TIMEOUT_MS);
      worker.on('message', (msg: ReviewAnswer | { ready: true }) => {
        if ('ready' in msg) return worker.postMessage(task);
        if (msg.id !== task.id) return;
        if (msg.error === undefined) finish(null, msg);
        else finish(new Error(msg.error));
      });
      worker.on('error', (e) => finish(e));
      worker.on('exit', () => finish(new Error(`the ${task.kind} thread exited`)));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }
}
