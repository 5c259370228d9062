import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { BotAnswer, BotJob } from './jobs.ts';

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: { job: BotJob; resolve: (a: BotAnswer) => void; timer: NodeJS.Timeout } | null;
}

/** Margin over the bot's budget before a thread is deemed stuck and replaced. */
const GRACE_MS = 5000;
/** The budget assumed when the level keeps its own (the strongest levels think about a second). */
const LEVEL_MS = 5000;

/**
 * Bots think in worker threads, so a long search never blocks the event loop that serves every other match.
 * Jobs queue when all threads are busy; a thread that overruns its budget by far is terminated and replaced,
 * and its job answers `null` (the match service then falls back to a quick random move).
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: { job: BotJob; resolve: (a: BotAnswer) => void }[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly log: Logger,
  ) {}

  private spawn(): Slot {
    const worker = new Worker(new URL('./worker.js', import.meta.url));
    let markReady!: () => void;
    const ready = new Promise<void>((r) => (markReady = r));
    const slot: Slot = { worker, ready, busy: null };
    worker.on('message', (msg: BotAnswer | { ready: true }) => {
      if ('ready' in msg) return markReady();
      const busy = slot.busy;
      if (!busy || busy.job.id !== msg.id) return;
      clearTimeout(busy.timer);
      slot.busy = null;
      if (msg.error) this.log.warn({ game: busy.job.game, level: busy.job.level, error: msg.error }, 'bot failed');
      busy.resolve(msg);
      this.pump();
    });
    worker.on('error', (e) => this.log.error({ err: e }, 'bot worker crashed'));
    worker.on('exit', () => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (slot.busy) {
        clearTimeout(slot.busy.timer);
        slot.busy.resolve({ id: slot.busy.job.id, move: null, error: 'worker exited' });
        slot.busy = null;
      }
      this.pump();
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  choose(job: BotJob): Promise<BotAnswer> {
    if (this.closed) return Promise.resolve({ id: job.id, move: null, error: 'closed' });
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.pump();
    });
  }

  private pump(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const next = this.queue.shift()!;
      const target = slot;
      const timer = setTimeout(
        () => {
          this.log.warn({ game: next.job.game, level: next.job.level }, 'bot overran its budget; thread replaced');
          void target.worker.terminate();
        },
        (next.job.budgetMs ?? LEVEL_MS) + GRACE_MS,
      );
      target.busy = { job: next.job, resolve: next.resolve, timer };
      void target.ready.then(() => target.worker.postMessage(next.job));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.resolve({ id: q.job.id, move: null, error: 'closed' });
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
