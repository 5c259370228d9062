// Group commit (storage/group-commit.ts), the loop both stores send their writes through, with a hand-driven
// transport: what goes into which batch, each write's own answer, refusals, reads waiting, and the figures.
import { describe, expect, it } from 'vitest';
import { GroupCommit, type Send } from '../src/storage/group-commit.ts';

type Answer = Parameters<Send<string>>[1];

/** A transport that records each batch and lets the test answer it. */
function transport(reply: () => 'sent' | 'wait' | Error = () => 'sent') {
  const batches: { ops: readonly string[]; answer: Answer }[] = [];
  const send: Send<string> = (ops, answer) => {
    const r = reply();
    if (r === 'sent') batches.push({ ops, answer });
    return r;
  };
  return { batches, send };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each promise's outcome once settled: 'ok' or the error message. */
function outcomes(promises: Promise<void>[]): string[] {
  const out: string[] = promises.map(() => 'pending');
  promises.forEach((p, i) =>
    p.then(
      () => (out[i] = 'ok'),
      (e: Error) => (out[i] = e.message),
    ),
  );
  return out;
}

describe('group commit', () => {
  it('sends one batch at a time; writes issued while one is in flight go, in order, into the next', async () => {
    const t = transport();
    let idle = 0;
    const gc = new GroupCommit(t.send, () => idle++);
    const first = outcomes([gc.add('a'), gc.add('b')]);
    await tick();
    expect(t.batches.map((b) => b.ops)).toEqual([['a', 'b']]);
    const second = outcomes([gc.add('c'), gc.add('d'), gc.add('e')]);
    await tick();
    expect(t.batches).toHaveLength(1);
    t.batches[0]!.answer(null, 4);
    expect(t.batches.map((b) => b.ops)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(idle).toBe(0);
    t.batches[1]!.answer([null, new Error('duplicate ply'), null], 2);
    await tick();
    expect(first).toEqual(['ok', 'ok']);
    expect(second).toEqual(['ok', 'duplicate ply', 'ok']);
    expect(idle).toBe(1);
    expect(gc.stats()).toEqual({ batches: 2, meanSize: 2.5, p50Ms: 4, p99Ms: 4, maxMs: 4 });
    expect(gc.stats().batches).toBe(0);
  });

  it('a read waits for the writes issued before it, not for later ones', async () => {
    const t = transport();
    const gc = new GroupCommit(t.send);
    void gc.add('a');
    let read = false;
    void gc.settled().then(() => (read = true));
    void gc.add('b');
    await tick();
    expect(t.batches[0]!.ops).toEqual(['a', 'b']);
    t.batches[0]!.answer([null, null]);
    await tick();
    expect(read).toBe(true);
    await expect(gc.settled()).resolves.toBeUndefined();
  });

  it('a batch answered without a time does not count in the figures', async () => {
    const t = transport();
    const gc = new GroupCommit(t.send);
    void gc.add('a').catch(() => undefined);
    await tick();
    t.batches[0]!.answer([new Error('refused')]);
    expect(gc.stats().batches).toBe(0);
  });

  it("'wait' keeps the writes for a later flush; an error refuses every pending write", async () => {
    let reply: 'sent' | 'wait' | Error = 'wait';
    const t = transport(() => reply);
    const gc = new GroupCommit(t.send);
    const waited = outcomes([gc.add('a')]);
    await tick();
    expect(gc.waiting).toBe(true);
    void gc.add('b');
    reply = 'sent';
    gc.flush();
    expect(t.batches.map((b) => b.ops)).toEqual([['a', 'b']]);
    t.batches[0]!.answer(null, 1);
    reply = new Error('database unreachable');
    const refused = outcomes([gc.add('c'), gc.add('d')]);
    await tick();
    expect(waited).toEqual(['ok']);
    expect(refused).toEqual(['database unreachable', 'database unreachable']);
    expect(gc.waiting).toBe(false);
    await expect(gc.settled()).resolves.toBeUndefined();
  });

  it('refuseAll answers the batch in flight too, and its late answer changes nothing', async () => {
    const t = transport();
    const gc = new GroupCommit(t.send);
    const inFlight = outcomes([gc.add('a')]);
    await tick();
    const queued = outcomes([gc.add('b')]);
    gc.refuseAll(new Error('writer stopped'));
    await tick();
    expect([...inFlight, ...queued]).toEqual(['writer stopped', 'writer stopped']);
    t.batches[0]!.answer(null, 1);
    await tick();
    expect(inFlight).toEqual(['writer stopped']);
    expect(t.batches).toHaveLength(1);
    await expect(gc.settled()).resolves.toBeUndefined();
  });

  it('refusePending leaves the batch in flight to its own answer', async () => {
    const t = transport();
    const gc = new GroupCommit(t.send);
    const inFlight = outcomes([gc.add('a')]);
    await tick();
    const queued = outcomes([gc.add('b')]);
    gc.refusePending(new Error('store closed'));
    t.batches[0]!.answer(null, 1);
    await tick();
    expect([...inFlight, ...queued]).toEqual(['ok', 'store closed']);
  });
});
