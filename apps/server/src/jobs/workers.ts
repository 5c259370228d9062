import type { Logger } from 'pino';
import type { JobHandler, WorkOptions } from './queue.ts';

interface Claimed {
  readonly id: string;
  readonly data: object;
  readonly attempt: number;
}

const STOP_WAIT_MS = 5_000;

/**
 * The worker loops of one process: `concurrency` loops a kind, each claiming a job, running its handler and
 * recording how it ended, then sleeping until the next poll or a `wake` when nothing is due. A database that
 * cannot be reached only slows the loops down (they log and wait); it never ends them or the process.
 */
export class Workers {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly sleepers = new Map<string, Set<() => void>>();

  constructor(
    private readonly log: Logger,
    private readonly claim: (kind: string) => Claimed | null | Promise<Claimed | null>,
    private readonly settle: (kind: string, job: Claimed, error: unknown) => void | Promise<void>,
  ) {}

  start(kind: string, options: WorkOptions, handler: JobHandler<object>): void {
    const pollMs = options.pollMs ?? 1_000;
    for (let i = 0; i < Math.max(1, options.concurrency); i++) this.loops.push(this.loop(kind, pollMs, handler));
  }

  /** A job of `kind` was just sent here: idle loops look at once. */
  wake(kind: string): void {
    const waiting = this.sleepers.get(kind);
    if (!waiting) return;
    for (const resolve of waiting) resolve();
    waiting.clear();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const kind of this.sleepers.keys()) this.wake(kind);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.loops),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  private async loop(kind: string, pollMs: number, handler: JobHandler<object>): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      let job: Claimed | null;
      try {
        job = await this.claim(kind);
        failures = 0;
      } catch (e) {
        failures++;
        this.log.warn({ err: e, kind }, 'jobs: could not claim a job; trying again');
        await this.sleep(kind, Math.min(30_000, pollMs * 2 ** Math.min(failures, 5)));
        continue;
      }
      if (!job) {
        await this.sleep(kind, pollMs);
        continue;
      }
      let error: unknown = null;
      try {
        await handler(job.data, { id: job.id, attempt: job.attempt });
      } catch (e) {
        error = e ?? new Error('the job failed');
        this.log.warn({ err: e, kind, job: job.id, attempt: job.attempt }, 'jobs: an attempt failed');
      }
      try {
        await this.settle(kind, job, error);
      } catch (e) {
        // The claim expires and another attempt comes: at least once.
        this.log.warn({ err: e, kind, job: job.id }, 'jobs: could not record how a job ended');
      }
    }
  }

  private sleep(kind: string, ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      let waiting = this.sleepers.get(kind);
      if (!waiting) this.sleepers.set(kind, (waiting = new Set()));
      const done = (): void => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });
  }
}
