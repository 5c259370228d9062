import PQueue from 'p-queue';
import { err, ok, type Result } from '@roundtable/core';

/**
 * Password hashing (scrypt: tens of milliseconds and 32 MiB a try) runs `running` at a time, leaving the rest of
 * libuv's threads to everything else. At most `queued` checks wait or run at once, and `perAddress` of them from
 * one address: past either, the check is refused at once (LOGIN_BUSY, with an estimate of the wait) instead of
 * joining a queue that makes everybody's sign-up and login slower. The queue is per process, like the CPU it
 * protects; how many tries a name or an address gets is counted across processes (guard.ts).
 */
export class HashQueue {
  private readonly queue: PQueue;
  private readonly byAddress = new Map<string, number>();
  /** A running mean of one hash's time (ms), for the wait a refusal announces. */
  private meanMs = 60;

  constructor(
    private readonly queued: number,
    private readonly perAddress: number,
    private readonly running = 2,
  ) {
    this.queue = new PQueue({ concurrency: running });
  }

  /** Waiting or running now. */
  get size(): number {
    return this.queue.size + this.queue.pending;
  }

  async run<T>(address: string, work: () => Promise<T>): Promise<Result<T>> {
    const mine = this.byAddress.get(address) ?? 0;
    if (this.size >= this.queued || mine >= this.perAddress) {
      const ahead = this.size >= this.queued ? this.size : mine;
      return err({
        code: 'LOGIN_BUSY',
        retrySeconds: Math.max(1, Math.ceil((ahead * this.meanMs) / this.running / 1000)),
      });
    }
    this.byAddress.set(address, mine + 1);
    try {
      return ok(
        await this.queue.add(async () => {
          const started = performance.now();
          const value = await work();
          this.meanMs = this.meanMs * 0.9 + (performance.now() - started) * 0.1;
          return value;
        }),
      );
    } finally {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    }
  }
}
