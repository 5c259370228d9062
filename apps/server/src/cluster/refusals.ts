import type { Logger } from 'pino';
import type { z } from 'zod';

/** The error a refused request is answered with (messages.ts has its sentences). */
export const BAD_CLUSTER_MESSAGE = 'BAD_CLUSTER_MESSAGE';

/** How long the same refusal stays quiet after it was logged (ms): in a rolling deploy it may come once per move. */
const QUIET_MS = 10_000;
/** Refusals remembered for their quiet time, at most: past that, the oldest are forgotten (and logged again). */
const KEPT = 200;

/** What zod found wrong with a message: each issue's path and what was wrong there, the first few. */
export function issuesOf(error: z.ZodError): string[] {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(message)'}: ${i.message}`);
}

/**
 * The log of messages refused from the other processes: a line at warn for each refusal, naming the channel, the
 * message's kind and what was wrong; the same refusal again within QUIET_MS is counted, not logged, and the count
 * comes with its next line (a process of another build would otherwise log one per move).
 */
export class Refusals {
  private readonly quiet = new Map<string, { until: number; unlogged: number }>();

  constructor(private readonly log: Logger) {}

  refused(channel: string, kind: string | null, issues: readonly string[]): void {
    const key = `${kind}\n${issues.join('\n')}`;
    const now = Date.now();
    const q = this.quiet.get(key);
    if (q && now < q.until) {
      q.unlogged++;
      return;
    }
    this.quiet.delete(key);
    if (this.quiet.size >= KEPT) this.quiet.delete(this.quiet.keys().next().value!);
    this.quiet.set(key, { until: now + QUIET_MS, unlogged: 0 });
    this.log.warn(
      { channel, kind, issues, ...(q && q.unlogged > 0 ? { alsoRefused: q.unlogged } : {}) },
      'cluster: refused a malformed message from another process',
    );
  }
}
