import type { Bus, QueuePushed, QueueSelf } from './bus.ts';

export type { QueuePushed, QueueSelf } from './bus.ts';

/**
 * A process's IPC channel as the bus and the hub (processes/hub.ts) use it: Node's `process` in a forked worker, a
 * `ChildProcess` in the primary process, a fake in tests. Other messages travel on it too (handed-over sockets): the
 * bus's frames are those with a key `rtbus`, and the rest is not ours.
 */
export interface IpcChannel {
  /**
   * Undefined on `process` when it was not forked. The callback keeps a send on a closed channel from becoming an
   * 'error' event nobody listens to.
   */
  send?(message: unknown, callback?: (error: Error | null) => void): boolean;
  on(event: 'message', fn: (message: unknown) => void): unknown;
  on(event: 'disconnect', fn: () => void): unknown;
  off?(event: 'message', fn: (message: unknown) => void): unknown;
  off?(event: 'disconnect', fn: () => void): unknown;
  /** False once the channel is closed (undefined: a fake that never closes). */
  readonly connected?: boolean;
}

/** Messages as they travel: [channel, text]. */
export type Batch = [channel: string, text: string][];

/**
 * What a worker sends the primary process. `id`: a request of this worker, answered by 'sub-ok' or 'answer'.
 * 'ack': this worker knows of the subscription change `n`.
 */
export type WorkerFrame =
  | { rtbus: 'hello' }
  | { rtbus: 'sub'; id: number; channel: string }
  | { rtbus: 'unsub'; channel: string }
  | { rtbus: 'ack'; n: number }
  | { rtbus: 'pub'; batch: Batch }
  | { rtbus: 'push'; id: number; key: string; entry: string; players: number; ttlMs: number; self: QueueSelf }
  | { rtbus: 'restore'; id: number; key: string; entries: string[] }
  | { rtbus: 'remove'; id: number; key: string; entry: string }
  | { rtbus: 'entries'; id: number; key: string };

/**
 * What the primary process sends a worker. 'welcome': who else subscribes to what, in answer to 'hello'.
 * 'subs-changed': worker `worker` subscribes to `channel` now (`on`; then acknowledge `n`) or not any more.
 * 'gone': worker `worker` left, its subscriptions with it.
 */
export type HubFrame =
  | { rtbus: 'welcome'; subs: [channel: string, workers: number[]][] }
  | { rtbus: 'subs-changed'; worker: number; channel: string; on: true; n: number }
  | { rtbus: 'subs-changed'; worker: number; channel: string; on: false }
  | { rtbus: 'gone'; worker: number }
  | { rtbus: 'sub-ok'; id: number }
  | { rtbus: 'msg'; batch: Batch }
  | { rtbus: 'answer'; id: number; value: unknown };

/** How long a request to the primary process waits for its answer (ms). */
const REQUEST_MS = 3000;

export const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
export const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
export const isBatch = (v: unknown): v is Batch =>
  Array.isArray(v) && v.every((m) => Array.isArray(m) && m.length === 2 && isStrings(m));
/** A frame's own fields, or null when `m` is not a frame of the bus. */
export const fieldsOf = (m: unknown): Record<string, unknown> | null =>
  typeof m === 'object' && m !== null && typeof (m as { rtbus?: unknown }).rtbus === 'string'
    ? (m as Record<string, unknown>)
    : null;

/** `m` if it is a well-formed frame of the primary process, else null. */
function hubFrame(m: unknown): HubFrame | null {
  const f = fieldsOf(m);
  if (!f) return null;
  switch (f.rtbus) {
    case 'welcome':
      return Array.isArray(f.subs) &&
        f.subs.every((s) => Array.isArray(s) && typeof s[0] === 'string' && Array.isArray(s[1]) && s[1].every(isId))
        ? (f as HubFrame)
        : null;
    case 'subs-changed':
      return isId(f.worker) && typeof f.channel === 'string' && (f.on === false || (f.on === true && isId(f.n)))
        ? (f as HubFrame)
        : null;
    case 'gone':
      return isId(f.worker) ? (f as HubFrame) : null;
    case 'sub-ok':
    case 'answer':
      return isId(f.id) ? (f as HubFrame) : null;
    case 'msg':
      return isBatch(f.batch) ? (f as HubFrame) : null;
    default:
      return null;
  }
}

const isTrue = (v: unknown): true | undefined => (v === true ? true : undefined);

/** A request waiting for its answer; `read` returns undefined for an answer of the wrong shape. */
interface Request {
  readonly read: (value: unknown) => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The bus of a worker of `roundtable serve --processes N` (embedded SQLite): the workers talk through their primary
 * process (processes/hub.ts), over the IPC channel of their fork.
 *
 * The cluster publishes an update for every move, whether or not another process follows the match: so each worker
 * knows which other workers subscribe to which channels (the hub tells every change), and a message nobody else
 * wants never leaves the process. A subscription resolves once every other worker has acknowledged knowing of it:
 * from then on, whatever any of them publishes on the channel is sent here.
 */
export class IpcBus implements Bus {
  readonly name = 'the primary process';
  /** The other workers subscribed to each channel, as the hub said. */
  private readonly remote = new Map<string, Set<number>>();
  /** The channels subscribed here, each with its subscription (resolved once the other workers know). */
  private readonly subscribed = new Map<string, Promise<void>>();
  private readonly requests = new Map<number, Request>();
  private nextId = 1;
  /** Messages published here for here, delivered in order once the current work is done. */
  private local: Batch = [];
  private handler: (channel: string, text: string) => void = () => undefined;
  private readonly stateFns: ((up: boolean) => void)[] = [];
  private connecting: Promise<void> | null = null;
  /** Settles `connect()` when the welcome comes (or the channel goes). */
  private welcome: { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null = null;
  private welcomed = false;
  private closed = false;

  constructor(private readonly channel: IpcChannel) {}

  connect(): Promise<void> {
    this.connecting ??= new Promise<void>((resolve, reject) => {
      // `process` of a process that was not forked has no `send`.
      if (!this.up() || typeof this.channel.send !== 'function')
        return reject(new Error('the primary process: no IPC channel to it'));
      this.channel.on('message', this.onFrame);
      this.channel.on('disconnect', this.onDisconnect);
      const timer = setTimeout(() => this.endWelcome(new Error('the primary process did not answer')), REQUEST_MS);
      timer.unref();
      this.welcome = { resolve, reject, timer };
      this.send({ rtbus: 'hello' });
    });
    return this.connecting;
  }

  subscribe(channel: string): Promise<void> {
    let subscription = this.subscribed.get(channel);
    if (subscription) return subscription;
    subscription = this.request((id) => ({ rtbus: 'sub', id, channel }), isTrue).then(
      () => undefined,
      (e: Error) => {
        // Not subscribed after all: the hub hears so, should it have recorded the subscription.
        if (this.subscribed.get(channel) === subscription) {
          this.subscribed.delete(channel);
          if (this.up()) this.send({ rtbus: 'unsub', channel });
        }
        throw e;
      },
    );
    this.subscribed.set(channel, subscription);
    return subscription;
  }

  /** At once: a message the hub relays here before it hears of it is dropped here. */
  unsubscribe(channel: string): Promise<void> {
    if (this.subscribed.delete(channel) && this.up()) this.send({ rtbus: 'unsub', channel });
    return Promise.resolve();
  }

  onMessage(fn: (channel: string, text: string) => void): void {
    this.handler = fn;
  }

  /** Sends over IPC only the messages another worker subscribes to, all of them in one frame. */
  publish(batch: readonly { readonly channel: string; readonly text: string }[]): Promise<(Error | number)[]> {
    if (!this.up() || !this.welcomed) {
      const error = new Error(this.closed ? 'the bus is closed' : 'the primary process is away');
      return Promise.resolve(batch.map(() => error));
    }
    const out: Batch = [];
    const reached = batch.map(({ channel, text }): number => {
      const others = this.remote.get(channel)?.size ?? 0;
      if (others > 0) out.push([channel, text]);
      if (!this.subscribed.has(channel)) return others;
      this.deliverHere(channel, text);
      return others + 1;
    });
    if (out.length > 0 && !this.send({ rtbus: 'pub', batch: out })) {
      const error = new Error('the primary process: could not send');
      return Promise.resolve(batch.map((m, i) => (this.remote.has(m.channel) ? error : reached[i]!)));
    }
    return Promise.resolve(reached);
  }

  wanted(channel: string): boolean {
    return this.subscribed.has(channel) || this.remote.has(channel);
  }

  up(): boolean {
    return !this.closed && this.channel.connected !== false;
  }

  onState(fn: (up: boolean) => void): void {
    this.stateFns.push(fn);
  }

  queuePush(key: string, entry: string, players: number, ttlMs: number, self: QueueSelf): Promise<QueuePushed> {
    if (!(Number.isSafeInteger(players) && players > 0 && Number.isFinite(ttlMs) && ttlMs > 0))
      return Promise.reject(new Error(`queuePush: players ${players} or ttl ${ttlMs} out of range`));
    const { address, account, sameAddress } = self;
    return this.request(
      (id) => ({ rtbus: 'push', id, key, entry, players, ttlMs, self: { address, account, sameAddress } }),
      (v) => (v === null || v === 'address' || v === 'account' || isStrings(v) ? v : undefined),
    );
  }

  async queueRestore(key: string, entries: readonly string[]): Promise<void> {
    if (entries.length === 0) return;
    await this.request((id) => ({ rtbus: 'restore', id, key, entries: [...entries] }), isTrue);
  }

  queueRemove(key: string, entry: string): Promise<boolean> {
    return this.request(
      (id) => ({ rtbus: 'remove', id, key, entry }),
      (v) => (typeof v === 'boolean' ? v : undefined),
    );
  }

  queueEntries(key: string): Promise<string[]> {
    return this.request(
      (id) => ({ rtbus: 'entries', id, key }),
      (v) => (isStrings(v) ? v : undefined),
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.channel.off?.('message', this.onFrame);
    this.channel.off?.('disconnect', this.onDisconnect);
    this.local = [];
    this.fail(new Error('the bus is closed'));
  }

  // --------------------------------------------------------------------------------------------------------

  /** A request to the hub, answered by frame 'sub-ok' or 'answer' of its id; `read` checks the answer's shape. */
  private request<T>(frame: (id: number) => WorkerFrame, read: (value: unknown) => T | undefined): Promise<T> {
    // Before connect() nothing here listens for the answer.
    if (!this.up() || !this.connecting) return Promise.reject(new Error('the primary process is away'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.requests.delete(id);
        reject(new Error('the primary process did not answer in time'));
      }, REQUEST_MS);
      timer.unref();
      this.requests.set(id, { read, resolve: resolve as (value: unknown) => void, reject, timer });
      if (!this.send(frame(id))) this.answer(id, new Error('the primary process: could not send'));
    });
  }

  /** Settles request `id` with `value` (an Error rejects it); a value of the wrong shape is ignored. */
  private answer(id: number, value: unknown): void {
    const request = this.requests.get(id);
    if (!request) return;
    const read = value instanceof Error ? value : request.read(value);
    if (read === undefined) return;
    this.requests.delete(id);
    clearTimeout(request.timer);
    if (read instanceof Error) request.reject(read);
    else request.resolve(read);
  }

  private deliverHere(channel: string, text: string): void {
    this.local.push([channel, text]);
    if (this.local.length > 1) return;
    queueMicrotask(() => {
      const batch = this.local;
      this.local = [];
      this.deliver(batch);
    });
  }

  /** Hands messages to the handler, those of the channels still subscribed here. */
  private deliver(batch: Batch): void {
    for (const [channel, text] of batch) if (this.subscribed.has(channel)) this.handler(channel, text);
  }

  private readonly onFrame = (message: unknown): void => {
    const frame = hubFrame(message);
    if (!frame || this.closed) return;
    switch (frame.rtbus) {
      case 'msg':
        return this.deliver(frame.batch);
      case 'subs-changed':
        if (frame.on) {
          this.remoteSet(frame.channel).add(frame.worker);
          this.send({ rtbus: 'ack', n: frame.n });
        } else this.drop(frame.worker, frame.channel);
        return;
      case 'gone':
        for (const channel of [...this.remote.keys()]) this.drop(frame.worker, channel);
        return;
      case 'sub-ok':
        return this.answer(frame.id, true);
      case 'answer':
        return this.answer(frame.id, frame.value);
      case 'welcome': {
        this.remote.clear();
        for (const [channel, workers] of frame.subs) for (const w of workers) this.remoteSet(channel).add(w);
        this.welcomed = true;
        return this.endWelcome();
      }
    }
  };

  private readonly onDisconnect = (): void => {
    if (this.closed) return;
    this.fail(new Error('the primary process is gone'));
    for (const fn of this.stateFns) fn(false);
  };

  /** Rejects whatever waits for the hub. */
  private fail(error: Error): void {
    this.endWelcome(error);
    for (const id of [...this.requests.keys()]) this.answer(id, error);
  }

  /** Settles `connect()`: resolved without `error`. */
  private endWelcome(error?: Error): void {
    const welcome = this.welcome;
    this.welcome = null;
    if (!welcome) return;
    clearTimeout(welcome.timer);
    if (error) welcome.reject(error);
    else welcome.resolve();
  }

  private remoteSet(channel: string): Set<number> {
    let workers = this.remote.get(channel);
    if (!workers) this.remote.set(channel, (workers = new Set()));
    return workers;
  }

  private drop(worker: number, channel: string): void {
    const workers = this.remote.get(channel);
    if (workers?.delete(worker) && workers.size === 0) this.remote.delete(channel);
  }

  /** False when the frame could not be handed to the channel. */
  private send(frame: WorkerFrame): boolean {
    try {
      return this.channel.send?.(frame, () => undefined) !== undefined;
    } catch {
      return false;
    }
  }
}
