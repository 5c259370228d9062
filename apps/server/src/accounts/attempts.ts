/**
 * Failed-login counting per key (a client address, a name key): a fixed window per key, in memory. Each server
 * process counts its own, so N processes behind a balancer allow N times the attempts: still far too few to
 * guess a password (see SECURITY.md).
 */
export class Attempts {
  private readonly windows = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait before `key` may try again, or 0. */
  blocked(key: string, now: number): number {
    const w = this.windows.get(key);
    if (!w || w.until <= now) return 0;
    return w.count >= this.max ? Math.ceil((w.until - now) / 1000) : 0;
  }

  fail(key: string, now: number): void {
    const w = this.windows.get(key);
    if (!w || w.until <= now) this.windows.set(key, { count: 1, until: now + this.windowMs });
    else w.count++;
    if (this.windows.size > 100_000) this.sweep(now);
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.until <= now) this.windows.delete(key);
  }
}
