import {
  fieldsOf,
  isBatch,
  isId,
  isStrings,
  type Batch,
  type HubFrame,
  type IpcChannel,
  type QueuePushed,
  type QueueSelf,
  type WorkerFrame,
} from '../cluster/ipc-bus.ts';

/** A worker's IPC channel as the primary process holds it: its `ChildProcess`. */
export type WorkerChannel = Pick<IpcChannel, 'send' | 'on' | 'off'>;

interface Worker {
  readonly channel: WorkerChannel;
  readonly listener: (message: unknown) => void;
  /** It said hello: it hears of every subscription change from then on. */
  ready: boolean;
  /** The channels it subscribes to. */
  readonly channels: Set<string>;
}

/** A subscription the other workers are told of: its subscriber hears 'sub-ok' once `waiting` is empty. */
interface Change {
  readonly worker: number;
  readonly id: number;
  readonly waiting: Set<number>;
}

/**
 * The primary process's side of the workers' bus (cluster/ipc-bus.ts) under `roundtable serve --processes N`: it
 * relays each published message to the workers subscribed to its channel, tells every worker who subscribes to
 * what, and holds the "play now" queues (Queues, below).
 */
export class Hub {
  private readonly workers = new Map<number, Worker>();
  /** The workers subscribed to each channel. */
  private readonly subs = new Map<string, Set<number>>();
  /** Subscription changes waiting for acknowledgements, by number. */
  private readonly changes = new Map<number, Change>();
  private nextChange = 1;
  private readonly queues = new Queues();

  /** Worker `id` is up on `channel` (a worker forked again under the same id replaces the one before). */
  attach(id: number, channel: WorkerChannel): void {
    this.detach(id);
    const listener = (message: unknown): void => {
      const frame = workerFrame(message);
      if (frame && this.workers.get(id)?.channel === channel) this.onFrame(id, frame);
    };
    this.workers.set(id, { channel, listener, ready: false, channels: new Set() });
    channel.on('message', listener);
  }

  /** Worker `id` exited: its subscriptions go, and the other workers hear so. */
  detach(id: number): void {
    const worker = this.workers.get(id);
    if (!worker) return;
    this.workers.delete(id);
    worker.channel.off?.('message', worker.listener);
    for (const channel of worker.channels) this.unsubscribe(id, channel);
    for (const [n, change] of this.changes) {
      if (change.worker === id) this.changes.delete(n);
      else this.acknowledge(id, n);
    }
    this.tellOthers(id, { rtbus: 'gone', worker: id });
  }

  // --------------------------------------------------------------------------------------------------------

  private onFrame(id: number, frame: WorkerFrame): void {
    const worker = this.workers.get(id)!;
    switch (frame.rtbus) {
      case 'hello': {
        worker.ready = true;
        const subs: [string, number[]][] = [];
        for (const [channel, workers] of this.subs) {
          const others = [...workers].filter((w) => w !== id);
          if (others.length > 0) subs.push([channel, others]);
        }
        return this.send(id, { rtbus: 'welcome', subs });
      }
      case 'pub':
        return this.relay(id, frame.batch);
      case 'sub':
        return this.subscribe(id, frame.id, frame.channel);
      case 'ack':
        return this.acknowledge(id, frame.n);
      case 'unsub':
        if (this.unsubscribe(id, frame.channel))
          this.tellOthers(id, { rtbus: 'subs-changed', worker: id, channel: frame.channel, on: false });
        return;
      case 'push': {
        const { key, entry, players, ttlMs, self } = frame;
        return this.answer(id, frame.id, this.queues.push(key, entry, players, ttlMs, self));
      }
      case 'restore':
        this.queues.restore(frame.key, frame.entries);
        return this.answer(id, frame.id, true);
      case 'remove':
        return this.answer(id, frame.id, this.queues.remove(frame.key, frame.entry));
      case 'entries':
        return this.answer(id, frame.id, this.queues.entries(frame.key));
    }
  }

  /** One frame per worker subscribed to any of the messages, those in their order; none back to the publisher. */
  private relay(from: number, batch: Batch): void {
    const to = new Map<number, Batch>();
    for (const message of batch) {
      for (const w of this.subs.get(message[0]) ?? []) {
        if (w === from) continue;
        let out = to.get(w);
        if (!out) to.set(w, (out = []));
        out.push(message);
      }
    }
    for (const [w, out] of to) this.send(w, { rtbus: 'msg', batch: out });
  }

  /** Records the subscription at once (a worker that says hello after hears of it), then tells the others. */
  private subscribe(id: number, request: number, channel: string): void {
    this.workers.get(id)!.channels.add(channel);
    let workers = this.subs.get(channel);
    if (!workers) this.subs.set(channel, (workers = new Set()));
    workers.add(id);
    const others = [...this.workers].filter(([w, worker]) => w !== id && worker.ready).map(([w]) => w);
    if (others.length === 0) return this.send(id, { rtbus: 'sub-ok', id: request });
    const n = this.nextChange++;
    this.changes.set(n, { worker: id, id: request, waiting: new Set(others) });
    for (const w of others) this.send(w, { rtbus: 'subs-changed', worker: id, channel, on: true, n });
  }

  /** Worker `id` knows of change `n` (or left): its subscriber hears once every other worker does. */
  private acknowledge(id: number, n: number): void {
    const change = this.changes.get(n);
    if (!change?.waiting.delete(id) || change.waiting.size > 0) return;
    this.changes.delete(n);
    this.send(change.worker, { rtbus: 'sub-ok', id: change.id });
  }

  /** False when worker `id` did not subscribe to `channel`. */
  private unsubscribe(id: number, channel: string): boolean {
    this.workers.get(id)?.channels.delete(channel);
    const workers = this.subs.get(channel);
    if (!workers?.delete(id)) return false;
    if (workers.size === 0) this.subs.delete(channel);
    return true;
  }

  private answer(id: number, request: number, value: unknown): void {
    this.send(id, { rtbus: 'answer', id: request, value });
  }

  private tellOthers(id: number, frame: HubFrame): void {
    for (const [w, worker] of this.workers) if (w !== id && worker.ready) this.send(w, frame);
  }

  /** A frame to a worker that is gone is lost, as is any request of it: it is detached a moment later. */
  private send(id: number, frame: HubFrame): void {
    try {
      this.workers.get(id)?.channel.send?.(frame, () => undefined);
    } catch {
      // Its channel is closed.
    }
  }
}

/** `m` if it is a well-formed frame of a worker, else null. */
function workerFrame(m: unknown): WorkerFrame | null {
  const f = fieldsOf(m);
  if (!f) return null;
  const key = typeof f.key === 'string';
  switch (f.rtbus) {
    case 'hello':
      return f as WorkerFrame;
    case 'sub':
      return isId(f.id) && typeof f.channel === 'string' ? (f as WorkerFrame) : null;
    case 'unsub':
      return typeof f.channel === 'string' ? (f as WorkerFrame) : null;
    case 'ack':
      return isId(f.n) ? (f as WorkerFrame) : null;
    case 'pub':
      return isBatch(f.batch) ? (f as WorkerFrame) : null;
    case 'push': {
      const self = f.self as Partial<Record<keyof QueueSelf, unknown>> | null;
      const nameOrNull = (v: unknown): boolean => v === null || typeof v === 'string';
      return isId(f.id) &&
        key &&
        typeof f.entry === 'string' &&
        Number.isSafeInteger(f.players) &&
        (f.players as number) > 0 &&
        Number.isFinite(f.ttlMs) &&
        (f.ttlMs as number) > 0 &&
        typeof self === 'object' &&
        self !== null &&
        nameOrNull(self.address) &&
        nameOrNull(self.account) &&
        typeof self.sameAddress === 'boolean'
        ? (f as WorkerFrame)
        : null;
    }
    case 'restore':
      return isId(f.id) && key && isStrings(f.entries) ? (f as WorkerFrame) : null;
    case 'remove':
      return isId(f.id) && key && typeof f.entry === 'string' ? (f as WorkerFrame) : null;
    case 'entries':
      return isId(f.id) && key ? (f as WorkerFrame) : null;
    default:
      return null;
  }
}

/**
 * The "play now" queues, in memory: each a list as Redis keeps it for the cluster (cluster/cluster.ts), changed as
 * its script PUSH_AND_TAKE and its LPUSH, LREM and LRANGE change it. A queue expires `ttlMs` after its last push
 * (PEXPIRE); one made again by a restore has no expiry until its next push (LPUSH keeps a key's expiry, and makes a
 * new key without one); an emptied queue is gone with its expiry.
 */
class Queues {
  private readonly lists = new Map<string, { entries: string[]; expires: number }>();

  /** PUSH_AND_TAKE. */
  push(key: string, entry: string, players: number, ttlMs: number, self: QueueSelf): QueuePushed {
    const found = this.list(key);
    for (const text of found?.entries ?? []) {
      const e = decoded(text);
      if (!e) continue;
      if (self.account && e.account === self.account) return 'account';
      if (!self.sameAddress && self.address && e.address === self.address) return 'address';
    }
    this.sweep();
    const list = found ?? { entries: [], expires: Infinity };
    this.lists.set(key, list);
    list.entries.push(entry);
    list.expires = Date.now() + ttlMs;
    if (list.entries.length < players) return null;
    const taken = list.entries.splice(0, players);
    if (list.entries.length === 0) this.lists.delete(key);
    return taken;
  }

  /** LPUSH of the entries reversed: they are at the head, in their order. */
  restore(key: string, entries: readonly string[]): void {
    if (entries.length === 0) return;
    const list = this.list(key);
    if (list) list.entries.unshift(...entries);
    else this.lists.set(key, { entries: [...entries], expires: Infinity });
  }

  /** LREM 1: the first such entry from the head. */
  remove(key: string, entry: string): boolean {
    const list = this.list(key);
    const at = list?.entries.indexOf(entry) ?? -1;
    if (at < 0) return false;
    list!.entries.splice(at, 1);
    if (list!.entries.length === 0) this.lists.delete(key);
    return true;
  }

  /** LRANGE 0 -1. */
  entries(key: string): string[] {
    return [...(this.list(key)?.entries ?? [])];
  }

  /** Queue `key` unless it expired (then it is gone). */
  private list(key: string): { entries: string[]; expires: number } | undefined {
    const list = this.lists.get(key);
    if (list && list.expires <= Date.now()) this.lists.delete(key);
    else return list;
  }

  /** Queues left to expire are dropped at the next push anywhere. */
  private sweep(): void {
    const now = Date.now();
    for (const [key, list] of this.lists) if (list.expires <= now) this.lists.delete(key);
  }
}

/** An entry's fields as the script reads them (cjson.decode): any JSON object or array, else null. */
function decoded(text: string): { account?: unknown; address?: unknown } | null {
  try {
    const e: unknown = JSON.parse(text);
    return typeof e === 'object' && e !== null ? (e as { account?: unknown; address?: unknown }) : null;
  } catch {
    return null;
  }
}
