/**
 * Group commit, shared by the SQLite and PostgreSQL stores: one batch of writes in flight at a time, every
 * write issued meanwhile waiting for the next batch, so a batch grows with the load and one commit (one fsync,
 * one WAL flush) covers all of it. Each write's promise settles with its own answer. A store says only how it
 * sends a batch (`Send`); reads call `settled()` first to see the writes issued before them.
 */

/**
 * Sends one batch. `answer` is called once, later, with each write's error (null: stored) or null when every
 * write was stored, and the time the batch took when it should count in the statistics. Returns `'sent'`, or
 * `'wait'` when nothing can be sent now (the writes stay pending for the next `flush()`), or an error that
 * refuses every pending write.
 */
export type Send<Op> = (
  ops: readonly Op[],
  answer: (errors: readonly (Error | null)[] | null, ms?: number) => void,
) => 'sent' | 'wait' | Error;

export interface BatchStats {
  readonly batches: number;
  readonly meanSize: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

interface Pending<Op> {
  readonly op: Op;
  resolve(): void;
  reject(e: unknown): void;
}

export class GroupCommit<Op> {
  private pending: Pending<Op>[] = [];
  private inFlight: Pending<Op>[] | null = null;
  private scheduled = false;
  /** Writes issued, and writes answered (stored or refused), in issue order: reads wait on these. */
  private issued = 0;
  private answered = 0;
  private readonly waiters: { upTo: number; resolve: () => void }[] = [];
  private ms: number[] = [];
  private writes = 0;

  constructor(
    private readonly send: Send<Op>,
    /** Called when a batch is answered and nothing waits (the SQLite store lets its writer thread sleep). */
    private readonly onIdle?: () => void,
  ) {}

  /** Queues a write for the next batch; resolves once its batch is stored, or rejects with its own error. */
  add(op: Op): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ op, resolve, reject });
      this.issued++;
      if (!this.scheduled && this.inFlight === null) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Sends every pending write as one batch, unless a batch is already in flight (then they wait for it). */
  flush(): void {
    this.scheduled = false;
    if (this.inFlight !== null || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.inFlight = batch;
    const sent = this.send(
      batch.map((w) => w.op),
      (errors, ms) => this.answer(batch, errors, ms),
    );
    if (sent === 'sent') return;
    this.inFlight = null;
    this.pending = batch.concat(this.pending);
    if (sent !== 'wait') this.refusePending(sent);
  }

  private answer(batch: Pending<Op>[], errors: readonly (Error | null)[] | null, ms: number | undefined): void {
    if (ms !== undefined) {
      if (this.ms.length < 100_000) this.ms.push(ms);
      this.writes += batch.length;
    }
    // A batch already refused (the writer went away) has had its answer.
    if (this.inFlight !== batch) return;
    this.inFlight = null;
    batch.forEach((w, i) => {
      const error = errors?.[i];
      if (error == null) w.resolve();
      else w.reject(error);
    });
    this.answered += batch.length;
    this.wake();
    if (this.pending.length > 0) this.flush();
    else this.onIdle?.();
  }

  /** Refuses the writes waiting for a batch (not the one in flight, which gets its own answer). */
  refusePending(e: Error): void {
    this.refuse(this.pending.splice(0), e);
  }

  /** Refuses every write not yet answered, the batch in flight included: its answer will not come. */
  refuseAll(e: Error): void {
    const lost = [...(this.inFlight ?? []), ...this.pending];
    this.inFlight = null;
    this.pending = [];
    this.refuse(lost, e);
  }

  private refuse(writes: Pending<Op>[], e: Error): void {
    for (const w of writes) w.reject(e);
    this.answered += writes.length;
    this.wake();
  }

  /** Resolves once every write issued so far is answered: a read then sees them. */
  settled(): Promise<void> {
    const upTo = this.issued;
    if (upTo <= this.answered) return Promise.resolve();
    if (!this.scheduled && this.inFlight === null) this.flush();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  /** Whether writes wait for a batch that is not yet sent. */
  get waiting(): boolean {
    return this.pending.length > 0;
  }

  private wake(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.upTo <= this.answered) {
        this.waiters.splice(i, 1);
        w.resolve();
      }
    }
  }

  /** Batches counted since the last call: how many, their mean size, and how long they took (ms). */
  stats(): BatchStats {
    const sorted = this.ms.sort((a, b) => a - b);
    const at = (p: number): number =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 100) / 100;
    const out = {
      batches: sorted.length,
      meanSize: sorted.length ? Math.round((this.writes / sorted.length) * 10) / 10 : 0,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: at(1),
    };
    this.ms = [];
    this.writes = 0;
    return out;
  }
}
