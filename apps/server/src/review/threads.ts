import { Worker } from 'node:worker_threads';
import type { MatchRecord } from '@roundtable/core';
import type { Review } from '@roundtable/ai';

export interface ReviewTask {
  readonly id: number;
  readonly record: MatchRecord;
  readonly nodes?: number;
  readonly iterations?: number;
}

export type ReviewAnswer =
  | { readonly id: number; readonly review: Review; readonly error?: undefined }
  | { readonly id: number; readonly error: string; readonly review?: undefined };

/** A review taking longer than this is abandoned (its thread ended): an 80-ply Camelot review takes under a minute. */
const REVIEW_TIMEOUT_MS = 10 * 60_000;

/**
 * The review threads of a process: at most `size` reviews run at once, each in its own worker thread, so a
 * review's minute of searching never holds the event loop that serves the matches (nor the bots' own threads).
 * A thread is started for a review and ended after it: reviews are rare, and an idle process holds none.
 */
export class ReviewThreads {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly workers = new Set<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  async review(record: MatchRecord, effort: { nodes?: number; iterations?: number } = {}): Promise<Review> {
    if (this.closed) throw new Error('closed');
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await this.run({ id: this.nextId++, record, ...effort });
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private run(task: ReviewTask): Promise<Review> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./thread.js', import.meta.url));
      this.workers.add(worker);
      let settled = false;
      const finish = (error: Error | null, review?: Review): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        if (error) reject(error);
        else resolve(review as Review);
      };
      const timer = setTimeout(() => finish(new Error('the review took too long')), REVIEW_TIMEOUT_MS);
      worker.on('message', (msg: ReviewAnswer | { ready: true }) => {
        if ('ready' in msg) return worker.postMessage(task);
        if (msg.id !== task.id) return;
        if (msg.review) finish(null, msg.review);
        else finish(new Error(msg.error ?? 'the review failed'));
      });
      worker.on('error', (e) => finish(e));
      worker.on('exit', () => finish(new Error('the review thread exited')));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }
}
