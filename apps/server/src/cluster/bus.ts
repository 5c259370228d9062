/** Whom a "play now" entry is (Bus.queuePush): nobody is paired with themselves. */
export interface QueueSelf {
  readonly address: string | null;
  readonly account: string | null;
  readonly sameAddress: boolean;
}

/**
 * What pushing an entry into a "play now" queue answers: the entries taken together (a table is full), null (the
 * entry waits), or which of its person's entries already waits there ('account' or 'address').
 */
export type QueuePushed = string[] | null | 'address' | 'account';

/**
 * What carries messages between the processes that share matches (cluster.ts): channels with publish and
 * subscribe, and the "play now" queues. Several processes on one PostgreSQL use Redis (redis-bus.ts); the
 * processes of one machine on the embedded SQLite use their primary process (ipc-bus.ts, processes/hub.ts). The
 * cluster never asks which one it has.
 *
 * Delivery is Redis's: a message published on a channel reaches every process subscribed to it at that moment
 * (the publisher too, if it subscribes), in the order each publisher sent them; nothing is kept for a process that
 * subscribes later or is away.
 */
export interface Bus extends PlayNowQueues {
  /** What it is, for messages to people: "Redis at 127.0.0.1:6379", "the primary process". */
  readonly name: string;
  /** Connects; rejects with a clear error if it cannot. */
  connect(): Promise<void>;
  /**
   * Resolves once a message published on `channel` by any process reaches this one (for the IPC bus: once every
   * other process knows of the subscription).
   */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** Where messages of the subscribed channels go (one handler, set once). */
  onMessage(fn: (channel: string, text: string) => void): void;
  /**
   * Publishes `batch` in its order, in one write when it can. Resolves each message with the number of processes
   * it reached (0: nobody subscribes now), or its error (the bus is away here).
   */
  publish(batch: readonly { readonly channel: string; readonly text: string }[]): Promise<(Error | number)[]>;
  /**
   * Whether a message on `channel` would reach anybody now. False lets the cluster skip encoding an update nobody
   * follows; true when it cannot tell (Redis).
   */
  wanted(channel: string): boolean;
  /** Whether the bus is usable from here now. */
  up(): boolean;
  /** Called when the bus goes away from here, and when it is back (then `up()` is true). */
  onState(fn: (up: boolean) => void): void;
  /** Disconnects at once. */
  close(): void;
}

/** The "play now" queues, shared by every process (social/matchmaking.ts, through the cluster's `queues`). */
export interface PlayNowQueues {
  /**
   * Adds `entry` (JSON with `account` and `address`) to queue `key`, unless an entry of the same account, or of the
   * same address unless `sameAddress`, waits there already ('account' or 'address'). Then, if `players` entries
   * wait, takes the first `players` of them at once (atomic: no two processes take the same entry) and returns
   * them; else null. The queue expires `ttlMs` after its last push.
   */
  queuePush(key: string, entry: string, players: number, ttlMs: number, self: QueueSelf): Promise<QueuePushed>;
  /** Puts entries back at the head of queue `key`, in their order. */
  queueRestore(key: string, entries: readonly string[]): Promise<void>;
  /** Takes one `entry` out of queue `key`: false when it was not there. */
  queueRemove(key: string, entry: string): Promise<boolean>;
  /** The entries of queue `key` now, oldest first. */
  queueEntries(key: string): Promise<string[]>;
}
