// The events' watchers (events/live/watchers.ts) with a clock of their own: the changes of a moment go out as one
// message, read once for every watcher; an event is sent at most every gap, a longer one for a big detail; a
// connection that unwatched or closed is sent nothing; an unknown event is refused and watches nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { err, ok, type Result } from '@roundtable/core';
import type { EventDetail } from '@roundtable/protocol';
import { LocalEventBus } from '../src/events/live/bus.ts';
import { EventWatchers } from '../src/events/live/watchers.ts';
import type { Outgoing } from '../src/outgoing.ts';

class Socket {
  readonly got: any[] = [];
  send(text: Outgoing): void {
    this.got.push(JSON.parse(text));
  }
}

function setup(size = () => 10) {
  const bus = new LocalEventBus();
  let reads = 0;
  let version = 0;
  const detail = async (id: string): Promise<Result<EventDetail>> => {
    if (id !== 'e1') return err({ code: 'NO_SUCH_EVENT', event: id });
    reads++;
    const d = { event: { id, name: 'x'.repeat(size()) }, standings: [], rounds: [], crosstable: {}, entered: true };
    return ok({ ...d, version } as unknown as EventDetail);
  };
  const watchers = new EventWatchers(detail, bus, pino({ level: 'silent' }), { delayMs: 100, gapMs: 500 });
  return {
    bus,
    watchers,
    reads: () => reads,
    bump: () => {
      version++;
      bus.announce('e1');
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event watchers', () => {
  it('sends the changes of a moment as one message, read once for all watchers, without `entered`', async () => {
    const { watchers, reads, bump } = setup();
    const [a, b] = [new Socket(), new Socket()];
    expect((await watchers.watch(a, 'e1', 7)).ok).toBe(true);
    await watchers.watch(b, 'e1');
    expect(a.got).toEqual([expect.objectContaining({ t: 'event', id: 7, event: 'e1' })]);
    expect(a.got[0].detail).not.toHaveProperty('entered');
    const before = reads();
    bump();
    bump();
    bump();
    await vi.advanceTimersByTimeAsync(150);
    expect(reads() - before).toBe(1);
    expect(a.got.slice(1).map((m) => m.detail.version)).toEqual([3]);
    expect(b.got.slice(1).map((m) => m.detail.version)).toEqual([3]);
  });

  it('sends an event at most every gap, longer for a big detail, and the last change always', async () => {
    let big = 10;
    const { watchers, bump } = setup(() => big);
    const a = new Socket();
    await watchers.watch(a, 'e1');
    bump();
    await vi.advanceTimersByTimeAsync(100);
    expect(a.got).toHaveLength(2);
    bump();
    await vi.advanceTimersByTimeAsync(300);
    expect(a.got).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(a.got).toHaveLength(3);
    // A detail of 1 MB goes at most every 4 s (250 KB/s).
    big = 1_000_000;
    bump();
    await vi.advanceTimersByTimeAsync(500);
    expect(a.got).toHaveLength(4);
    bump();
    await vi.advanceTimersByTimeAsync(3000);
    expect(a.got).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1100);
    expect(a.got).toHaveLength(5);
    expect(a.got.at(-1).detail.version).toBe(4);
  });

  it('sends nothing to a connection that unwatched or closed, and refuses an unknown event', async () => {
    const { watchers, bump } = setup();
    const [a, b, c] = [new Socket(), new Socket(), new Socket()];
    await watchers.watch(a, 'e1');
    await watchers.watch(b, 'e1');
    watchers.unwatch(a, 'e1');
    watchers.drop(b);
    expect(await watchers.watch(c, 'nope')).toEqual({ ok: false, error: { code: 'NO_SUCH_EVENT', event: 'nope' } });
    expect(watchers.count('e1')).toBe(0);
    bump();
    await vi.advanceTimersByTimeAsync(1000);
    expect([a.got.length, b.got.length, c.got.length]).toEqual([1, 1, 0]);
  });
});
