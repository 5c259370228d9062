import { Worker } from 'node:worker_threads';
import type { SearchJob, SearchMessage } from './jobs.ts';

/**
 * The engine's one search thread (search-worker.ts), started on the first search and kept for the session. One
 * job at a time; `kill` ends a job that cannot be stopped cooperatively (a perft deep in the game's own counter)
 * and the next job starts a fresh thread.
 */
export class SearchThread {
  private worker: Worker | null = null;
  private listener: ((message: SearchMessage) => void) | null = null;

  run(job: SearchJob, listener: (message: SearchMessage) => void): void {
    this.listener = listener;
    this.thread().postMessage(job);
  }

  /** Ends the running job's thread now; its listener hears nothing more. */
  kill(): void {
    const worker = this.worker;
    this.worker = null;
    this.listener = null;
    void worker?.terminate();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.listener = null;
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./search-worker.js', import.meta.url));
    const fail = (reason: string): void => {
      if (this.worker !== worker) return;
      this.worker = null;
      const listener = this.listener;
      this.listener = null;
      listener?.({ kind: 'done', id: -1, ok: false, error: { code: 'INTERNAL_ERROR', reason } });
    };
    worker.on('message', (message: SearchMessage) => {
      if (this.worker !== worker || !this.listener) return;
      if (message.kind === 'done') {
        const listener = this.listener;
        this.listener = null;
        listener(message);
      } else this.listener(message);
    });
    worker.on('error', (e) => fail(`the search thread failed: ${e.message}`));
    worker.on('exit', (code) => fail(`the search thread ended (exit code ${code})`));
    this.worker = worker;
    return worker;
  }
}
