// The bus of `roundtable serve --processes N` (src/cluster/ipc-bus.ts, src/processes/hub.ts): workers talk through
// their primary process. A message reaches every worker subscribed to its channel, the publisher too, in the order
// it was published; a message nobody else wants never leaves its process; a subscription holds once every other
// worker knows of it; a worker that leaves takes its subscriptions with it; the "play now" queues behave as the
// Redis lists they replace. Fake channels carry the frames here (a later turn, through JSON, as IPC does); one
// test forks a real worker.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IpcBus } from '../src/cluster/ipc-bus.ts';
import { Hub } from '../src/processes/hub.ts';

/** One end of a fake IPC channel: what it sends arrives at the other end a turn later, through JSON. */
class End extends EventEmitter {
  other!: End;
  connected = true;
  readonly sent: { rtbus?: string; batch?: unknown }[] = [];
  /** Frames held back from this end while it is paused (a worker busy elsewhere). */
  private held: unknown[] | null = null;

  send(message: unknown): boolean {
    this.sent.push(message as { rtbus?: string });
    const copy: unknown = JSON.parse(JSON.stringify(message));
    setImmediate(() => this.other.receive(copy));
    return true;
  }

  receive(message: unknown): void {
    if (this.held) this.held.push(message);
    else this.emit('message', message);
  }

  pause(): void {
    this.held ??= [];
  }

  resume(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const m of held) this.emit('message', m);
  }

  frames(kind: string): { rtbus?: string; batch?: unknown }[] {
    return this.sent.filter((f) => f.rtbus === kind);
  }
}

interface Worker {
  readonly bus: IpcBus;
  /** The worker's end of its channel. */
  readonly end: End;
  /** The primary's end of it. */
  readonly primary: End;
  /** What the worker received: "channel text". */
  readonly got: string[];
}

const buses: IpcBus[] = [];
afterEach(() => {
  for (const bus of buses.splice(0)) bus.close();
  vi.useRealTimers();
});

/** A worker attached to `hub` as `id`, not connected yet. */
function worker(hub: Hub, id: number): Worker {
  const end = new End();
  const primary = new End();
  end.other = primary;
  primary.other = end;
  hub.attach(id, primary);
  const bus = new IpcBus(end);
  buses.push(bus);
  const got: string[] = [];
  bus.onMessage((channel, text) => got.push(`${channel} ${text}`));
  return { bus, end, primary, got };
}

/** A hub and `n` connected workers, ids 0 to n - 1. */
async function cluster(n: number): Promise<{ hub: Hub; workers: Worker[] }> {
  const hub = new Hub();
  const workers = Array.from({ length: n }, (_, i) => worker(hub, i));
  await Promise.all(workers.map((w) => w.bus.connect()));
  return { hub, workers };
}

/** Waits for the frames under way to arrive (each hop is one turn). */
async function turns(n = 8): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

const say = (channel: string, text: string) => ({ channel, text });

describe('delivery', () => {
  it('reaches every worker subscribed to the channel, the publisher too, and says how many', async () => {
    const {
      workers: [a, b, c],
    } = await cluster(3);
    await a!.bus.subscribe('x');
    await b!.bus.subscribe('x');
    expect(await c!.bus.publish([say('x', '1'), say('y', '2')])).toEqual([2, 0]);
    expect(await a!.bus.publish([say('x', '3')])).toEqual([2]);
    await turns();
    expect(a!.got.sort()).toEqual(['x 1', 'x 3']);
    expect(b!.got.sort()).toEqual(['x 1', 'x 3']);
    expect(c!.got).toEqual([]);
  });

  it('delivers here asynchronously, and in publish order', async () => {
    const {
      workers: [a, b],
    } = await cluster(2);
    await a!.bus.subscribe('x');
    await b!.bus.subscribe('x');
    const texts = Array.from({ length: 40 }, (_, i) => String(i));
    for (let i = 0; i < 40; i += 4) void a!.bus.publish(texts.slice(i, i + 4).map((t) => say('x', t)));
    expect(a!.got).toEqual([]);
    await turns();
    expect(a!.got).toEqual(texts.map((t) => `x ${t}`));
    expect(b!.got).toEqual(texts.map((t) => `x ${t}`));
  });

  it('drops a message of a channel the worker left', async () => {
    const {
      workers: [a, b],
    } = await cluster(2);
    await a!.bus.subscribe('x');
    await b!.bus.subscribe('x');
    expect(await a!.bus.publish([say('x', 'before')])).toEqual([2]);
    // Under way to b when it leaves.
    await b!.bus.unsubscribe('x');
    await turns();
    expect(b!.got).toEqual([]);
    expect(a!.got).toEqual(['x before']);
    expect(a!.bus.wanted('x')).toBe(true);
    await a!.bus.unsubscribe('x');
    await turns();
    expect(b!.bus.wanted('x')).toBe(false);
  });
});

describe('what leaves a process', () => {
  it('nothing for a channel no other worker subscribes to, the publisher itself or nobody', async () => {
    const {
      workers: [a],
    } = await cluster(3);
    const before = a!.end.sent.length;
    expect(a!.bus.wanted('rt:m:1')).toBe(false);
    expect(await a!.bus.publish([say('rt:m:1', 'update')])).toEqual([0]);
    await a!.bus.subscribe('rt:m:1');
    expect(a!.bus.wanted('rt:m:1')).toBe(true);
    const subscribed = a!.end.sent.length;
    expect(subscribed).toBe(before + 1);
    expect(await a!.bus.publish([say('rt:m:1', 'update')])).toEqual([1]);
    expect(a!.end.sent.length).toBe(subscribed);
    await turns();
    expect(a!.got).toEqual(['rt:m:1 update']);
  });

  it('one frame per batch, with only the messages others want; one frame per worker from the primary', async () => {
    const {
      workers: [a, b, c],
    } = await cluster(3);
    await b!.bus.subscribe('x');
    await b!.bus.subscribe('y');
    await c!.bus.subscribe('y');
    await turns();
    expect(a!.bus.wanted('x')).toBe(true);
    expect(a!.bus.wanted('z')).toBe(false);
    expect(await a!.bus.publish([say('x', '1'), say('z', '2'), say('y', '3'), say('x', '4')])).toEqual([1, 0, 2, 1]);
    expect(a!.end.frames('pub')).toEqual([
      {
        rtbus: 'pub',
        batch: [
          ['x', '1'],
          ['y', '3'],
          ['x', '4'],
        ],
      },
    ]);
    await turns();
    expect(b!.primary.frames('msg')).toEqual([
      {
        rtbus: 'msg',
        batch: [
          ['x', '1'],
          ['y', '3'],
          ['x', '4'],
        ],
      },
    ]);
    expect(c!.primary.frames('msg')).toEqual([{ rtbus: 'msg', batch: [['y', '3']] }]);
    expect(a!.primary.frames('msg')).toEqual([]);
    expect(b!.got).toEqual(['x 1', 'y 3', 'x 4']);
    expect(c!.got).toEqual(['y 3']);
  });
});

describe('a subscription', () => {
  it('holds once every other worker knows of it: a message published right after reaches it', async () => {
    const {
      workers: [a, b, c],
    } = await cluster(3);
    c!.end.pause();
    let done = false;
    const subscribed = b!.bus.subscribe('s').then(() => (done = true));
    await turns(20);
    expect(done).toBe(false);
    expect(a!.bus.wanted('s')).toBe(true);
    c!.end.resume();
    await subscribed;
    expect(c!.bus.wanted('s')).toBe(true);
    expect(await c!.bus.publish([say('s', 'now')])).toEqual([1]);
    await turns();
    expect(b!.got).toEqual(['s now']);
  });

  it('is known to a worker that connects later', async () => {
    const { hub, workers } = await cluster(2);
    await workers[0]!.bus.subscribe('x');
    const late = worker(hub, 7);
    expect(late.bus.wanted('x')).toBe(false);
    await late.bus.connect();
    expect(late.bus.wanted('x')).toBe(true);
    expect(await late.bus.publish([say('x', 'hi')])).toEqual([1]);
    await turns();
    expect(workers[0]!.got).toEqual(['x hi']);
  });

  it('of the same channel twice is one subscription', async () => {
    const {
      workers: [a],
    } = await cluster(2);
    await Promise.all([a!.bus.subscribe('x'), a!.bus.subscribe('x')]);
    await a!.bus.subscribe('x');
    expect(a!.end.frames('sub')).toHaveLength(1);
  });
});

describe('a worker that leaves', () => {
  it('takes its subscriptions with it', async () => {
    const {
      hub,
      workers: [a, b],
    } = await cluster(3);
    await b!.bus.subscribe('x');
    await b!.bus.subscribe('y');
    expect(a!.bus.wanted('x')).toBe(true);
    hub.detach(1);
    await turns();
    expect(a!.bus.wanted('x')).toBe(false);
    expect(a!.bus.wanted('y')).toBe(false);
    const before = a!.end.sent.length;
    expect(await a!.bus.publish([say('x', 'lost')])).toEqual([0]);
    expect(a!.end.sent.length).toBe(before);
  });

  it('is not waited for by a subscription', async () => {
    const {
      hub,
      workers: [a, b, c],
    } = await cluster(3);
    c!.end.pause();
    const subscribed = b!.bus.subscribe('s');
    await turns();
    hub.detach(2);
    await subscribed;
    expect(await a!.bus.publish([say('s', 'x')])).toEqual([1]);
  });
});

describe('the channel', () => {
  it('ignores malformed frames and messages that are not the bus’s, on both sides', async () => {
    const {
      workers: [a, b],
    } = await cluster(2);
    const junk = [
      null,
      'text',
      { rtsock: { head: '' } },
      { rtbus: 5 },
      { rtbus: 'pub', batch: 'x' },
      { rtbus: 'pub', batch: [['x', 1]] },
      { rtbus: 'sub', id: -1, channel: 'x' },
      { rtbus: 'push', id: 1, key: 'q', entry: 'e', players: 0, ttlMs: 1000, self: {} },
      { rtbus: 'msg', batch: [[1, 2]] },
      { rtbus: 'subs-changed', worker: 'a', channel: 'x', on: true },
      { rtbus: 'welcome', subs: {} },
      { rtbus: 'answer' },
      { rtbus: 'nothing' },
    ];
    for (const m of junk) {
      a!.end.send(m);
      a!.primary.send(m);
    }
    await turns();
    await b!.bus.subscribe('x');
    expect(await a!.bus.publish([say('x', 'ok')])).toEqual([1]);
    await turns();
    expect(b!.got).toEqual(['x ok']);
  });

  it('gone: the bus is down, says so once, and fails what waits', async () => {
    const hub = new Hub();
    const a = worker(hub, 0);
    await a.bus.connect();
    const states: boolean[] = [];
    a.bus.onState((up) => states.push(up));
    a.primary.pause();
    const waiting = a.bus.queueEntries('q');
    expect(a.bus.up()).toBe(true);
    a.end.connected = false;
    a.end.emit('disconnect');
    expect(a.bus.up()).toBe(false);
    expect(states).toEqual([false]);
    await expect(waiting).rejects.toThrow(/gone/);
    const [error] = await a.bus.publish([say('x', '1')]);
    expect(error).toBeInstanceOf(Error);
    await expect(a.bus.subscribe('x')).rejects.toThrow();
  });

  it('before connect(): publishing and requests fail at once', async () => {
    const a = worker(new Hub(), 0);
    const [error] = await a.bus.publish([say('x', '1')]);
    expect(error).toBeInstanceOf(Error);
    await expect(a.bus.queueEntries('q')).rejects.toThrow(/away/);
    expect(a.end.sent).toEqual([]);
  });

  it('a request unanswered fails after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hub = new Hub();
    const a = worker(hub, 0);
    await a.bus.connect();
    a.primary.pause();
    const waiting = a.bus.queueRemove('q', 'e');
    const failed = expect(waiting).rejects.toThrow(/in time/);
    vi.advanceTimersByTime(3000);
    await failed;
  });
});

describe('the play-now queues', () => {
  const entry = (account: string | null, address: string | null, n = 0) => JSON.stringify({ account, address, n });
  const self = (account: string | null, address: string | null, sameAddress = false) => ({
    account,
    address,
    sameAddress,
  });

  it('pair the first `players` entries at once, oldest first', async () => {
    const {
      workers: [a, b],
    } = await cluster(2);
    const [e1, e2, e3] = [entry('a', '1'), entry('b', '2'), entry('c', '3')];
    expect(await a!.bus.queuePush('k', e1, 3, 60_000, self('a', '1'))).toBeNull();
    expect(await b!.bus.queuePush('k', e2, 3, 60_000, self('b', '2'))).toBeNull();
    expect(await a!.bus.queueEntries('k')).toEqual([e1, e2]);
    expect(await b!.bus.queuePush('k', e3, 3, 60_000, self('c', '3'))).toEqual([e1, e2, e3]);
    expect(await a!.bus.queueEntries('k')).toEqual([]);
  });

  it('give one entry to one worker only when two push at once', async () => {
    const {
      workers: [a, b],
    } = await cluster(2);
    const results = await Promise.all([
      a!.bus.queuePush('k', entry('a', '1'), 2, 60_000, self('a', '1')),
      b!.bus.queuePush('k', entry('b', '2'), 2, 60_000, self('b', '2')),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find(Array.isArray)).toEqual([entry('a', '1'), entry('b', '2')]);
  });

  it('refuse an entry of an account or address waiting there, the account first, unless the address may repeat', async () => {
    const {
      workers: [a],
    } = await cluster(1);
    const q = a!.bus;
    await q.queuePush('k', entry('a', '1'), 3, 60_000, self('a', '1'));
    expect(await q.queuePush('k', entry('a', '2'), 3, 60_000, self('a', '2'))).toBe('account');
    expect(await q.queuePush('k', entry('b', '1'), 3, 60_000, self('b', '1'))).toBe('address');
    expect(await q.queuePush('k', entry('a', '1'), 3, 60_000, self('a', '1', true))).toBe('account');
    // Elsewhere, or nobody in particular: not refused.
    expect(await q.queuePush('other', entry('a', '1'), 3, 60_000, self('a', '1'))).toBeNull();
    expect(await q.queuePush('k', entry(null, null), 3, 60_000, self(null, null))).toBeNull();
    expect(await q.queuePush('k', entry('b', '1'), 3, 60_000, self('b', '1', true))).toEqual([
      entry('a', '1'),
      entry(null, null),
      entry('b', '1'),
    ]);
    // An entry that is not JSON is never the same person.
    await q.queueRestore('k', ['not json', '[1]']);
    expect(await q.queuePush('k', entry('c', '3'), 3, 60_000, self('c', '3'))).toEqual([
      'not json',
      '[1]',
      entry('c', '3'),
    ]);
  });

  it('take entries back at the head, in their order, and remove one', async () => {
    const {
      workers: [a, b],
    } = await cluster(2);
    const e = entry('a', '1');
    await a!.bus.queuePush('k', e, 3, 60_000, self('a', '1'));
    await b!.bus.queueRestore('k', ['x', 'y']);
    await b!.bus.queueRestore('k', []);
    expect(await a!.bus.queueEntries('k')).toEqual(['x', 'y', e]);
    expect(await a!.bus.queueRemove('k', 'x')).toBe(true);
    expect(await b!.bus.queueRemove('k', 'x')).toBe(false);
    expect(await b!.bus.queueRemove('nowhere', 'x')).toBe(false);
    expect(await b!.bus.queueEntries('k')).toEqual(['y', e]);
  });

  it('expire `ttl` after their last push', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const {
      workers: [a],
    } = await cluster(1);
    const q = a!.bus;
    await q.queuePush('k', entry('a', '1'), 3, 60, self('a', '1'));
    vi.setSystemTime(1_000_040);
    await q.queuePush('k', entry('b', '2'), 3, 60, self('b', '2'));
    vi.setSystemTime(1_000_099);
    expect(await q.queueEntries('k')).toEqual([entry('a', '1'), entry('b', '2')]);
    vi.setSystemTime(1_000_100);
    expect(await q.queueEntries('k')).toEqual([]);
    // Expired: the same account waits there no more.
    expect(await q.queuePush('k', entry('a', '1'), 3, 60, self('a', '1'))).toBeNull();
  });

  it('refuse a push with players or ttl out of range at once', async () => {
    const {
      workers: [a],
    } = await cluster(1);
    await expect(a!.bus.queuePush('k', entry('a', '1'), 0, 1000, self('a', '1'))).rejects.toThrow(/range/);
    await expect(a!.bus.queuePush('k', entry('a', '1'), 2, Number.NaN, self('a', '1'))).rejects.toThrow(/range/);
  });
});

describe('a real worker process', () => {
  it('subscribes, hears and answers over its IPC channel', async () => {
    const hub = new Hub();
    const here = worker(hub, 0);
    await here.bus.connect();
    await here.bus.subscribe('ready');
    await here.bus.subscribe('pong');
    const heard = (channel: string) =>
      new Promise<string>((resolve) => {
        const poll = setInterval(() => {
          const m = here.got.find((g) => g.startsWith(`${channel} `));
          if (m) resolve(m.slice(channel.length + 1));
          if (m) clearInterval(poll);
        }, 5);
      });

    const script = fileURLToPath(new URL('./fixtures/ipc-bus-worker.mjs', import.meta.url));
    const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    hub.attach(1, child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      expect(await heard('ready')).toBe(String(child.pid));
      expect(here.bus.wanted('ping')).toBe(true);
      expect(await here.bus.publish([say('ping', 'hello')])).toEqual([1]);
      expect(await heard('pong')).toBe('ping ["hello"]');
      child.disconnect();
      expect(await exited).toBe(0);
      hub.detach(1);
      await turns();
      expect(here.bus.wanted('ping')).toBe(false);
    } finally {
      child.kill();
    }
  });
});
