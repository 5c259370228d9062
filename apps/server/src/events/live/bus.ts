import type { z } from 'zod';
import { EventChanged } from '../../cluster/wire.ts';

/**
 * How a change of an event reaches every process with watchers of it: the event's runner may be on one process
 * and a watcher's socket on another. One process alone tells itself; several hear one another through the
 * cluster's Redis (a topic of SharedCluster). The watchers never ask which one they have.
 */
export interface EventBus {
  /** Event `id` changed (written): every process's watchers hear of it, this one's too. */
  announce(id: string): void;
  /** What `announce` says, from any process, goes to `fn`. */
  hear(fn: (id: string) => void): void;
}

/** The one process alone. */
export class LocalEventBus implements EventBus {
  private fn: ((id: string) => void) | null = null;
  announce(id: string): void {
    this.fn?.(id);
  }
  hear(fn: (id: string) => void): void {
    this.fn = fn;
  }
}

/** What the cluster offers to carry a word between processes (cluster/cluster.ts). */
export interface Announcer {
  announce(topic: string, text: string): void;
  /** `word`: what the topic carries; a word from another process that is not that is refused, not heard. */
  hear(topic: string, word: z.ZodType<string>, fn: (text: string) => void): Promise<void>;
}

const TOPIC = 'events';

/** Several processes: each change is a word on the cluster's `events` topic, heard by all of them. */
export class ClusterEventBus implements EventBus {
  constructor(
    private readonly cluster: Announcer,
    private readonly failed: (e: unknown) => void,
  ) {}
  announce(id: string): void {
    this.cluster.announce(TOPIC, id);
  }
  hear(fn: (id: string) => void): void {
    this.cluster.hear(TOPIC, EventChanged, fn).catch(this.failed);
  }
}
