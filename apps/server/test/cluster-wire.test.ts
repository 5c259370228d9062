// The checks of the messages between server processes (src/cluster/wire.ts): a forwarded move with any field missing
// or wrong is refused, that field named; every message the processes build passes; a refusal names where the
// message is wrong, and is logged once however often it comes (refusals.ts).
import { describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { issuesOf, Refusals } from '../src/cluster/refusals.ts';
import { EventChanged, ForwardedMove, MatchEvent, OwnerCallWire, Wire } from '../src/cluster/wire.ts';

const move = {
  k: 'move',
  id: 'Xk3f9aQ2rT7w',
  seat: 1,
  ply: 42,
  text: 'c4-c5',
  from: 'host-123-a1b2c3d4',
  req: 7,
  until: 1_765_000_000_000,
};

/** For each field of a forwarded move, values it must not have. */
const WRONG: Record<keyof typeof move, unknown[]> = {
  k: ['call', '', null, 1],
  id: ['', 'x'.repeat(65), 1, null],
  seat: [-1, 8, 1.5, '1', null],
  ply: [-1, 1.5, 2 ** 53, '2', null],
  text: ['', 'x'.repeat(201), 5, null],
  from: ['', 'x'.repeat(201), 5, null],
  req: [-1, 1.5, 2 ** 53, '7', null],
  until: [Number.NaN, Number.POSITIVE_INFINITY, '5', null],
};

describe('a forwarded move', () => {
  it('is refused when any of its fields is missing or wrong, the field named; a field it does not know is ignored', () => {
    expect(ForwardedMove.safeParse(move).success).toBe(true);
    expect(ForwardedMove.parse({ ...move, extra: 1 })).toEqual(move);
    for (const key of Object.keys(move)) {
      const { [key]: _gone, ...without } = move as Record<string, unknown>;
      const missing = ForwardedMove.safeParse(without);
      expect(missing.success ? [] : issuesOf(missing.error), key).toEqual([expect.stringMatching(`^${key}: `)]);
      for (const value of WRONG[key as keyof typeof move]) {
        const wrong = ForwardedMove.safeParse({ ...move, [key]: value });
        const said = wrong.success ? [] : issuesOf(wrong.error);
        expect(said.length, `${key}: ${String(value)}`).toBeGreaterThan(0);
        for (const issue of said) expect(issue).toMatch(new RegExp(`^${key}: `));
      }
    }
    for (const v of [null, 'move', [move], { ...move, k: 'call' }])
      expect(ForwardedMove.safeParse(v).success).toBe(false);
  });
});

describe('messages as the processes build them', () => {
  const clock = { deadline: 1_765_000_000_000, banks: { banks: [60_000, 55_000], running: [1], since: 5, ply: 3 } };
  const outcome = { winners: [0], draw: false, reason: 'timeout', scores: [1, 0] };
  const seats = [
    { seat: 0, kind: 'human', name: 'Gauvain', level: null, tokenHash: 'a'.repeat(64) },
    { seat: 1, kind: 'bot', name: null, level: 'greedy', tokenHash: null },
  ];

  it('pass their checks unchanged: updates, calls of every kind, answers, presence', () => {
    const messages = [
      { k: 'move', ply: 3, seat: 1, move: 'c4-c5', status: 'finished', outcome, clock, origin: { node: 'n', req: 2 } },
      {
        k: 'sync',
        seats,
        status: 'active',
        outcome: null,
        clock: { deadline: null, banks: null },
        ply: 0,
        connected: [],
      },
      { k: 'tell', text: '{"t":"chat"}', to: { chat: 'players' } },
      { k: 'tell', text: '{"t":"offer"}', to: { seat: 1 } },
      { k: 'tell', text: '{"t":"x"}', to: { everyone: true } },
    ];
    for (const m of messages) expect(MatchEvent.parse(m)).toEqual(m);
    const calls = [
      { k: 'join', request: { seat: 1, name: 'Yvain' } },
      { k: 'leave', token: 'tok' },
      { k: 'reissue', seat: 0 },
      { k: 'table', seat: null, msg: { t: 'say', text: 'Bonjour', name: 'Keu' } },
      { k: 'table', seat: 1, msg: { t: 'answer', id: 4, kind: 'draw', accept: true } },
      { k: 'deadline', ply: 4, deadline: 1_765_000_000_000 },
      { k: 'give-back', seat: 2 },
      { k: 'berserk', seat: 0 },
      { k: 'conditional', seat: 1, tree: [{ if: 'a', then: 'b', next: [{ if: 'c', then: 'd' }] }] },
    ];
    for (const call of calls) expect(Wire.parse({ k: 'call', id: 'm', call, from: 'n', req: 1 }).k).toBe('call');
    expect([...new Set(calls.map((c) => c.k))].sort()).toEqual(
      OwnerCallWire.options.map((o) => o.shape.k.value).sort(),
    );
    const answers = [
      { k: 'err', req: 3, error: { code: 'NO_SUCH_SEAT', seat: 9, seats: 2 } },
      { k: 'result', req: 3, result: { ok: false, error: { code: 'OWNER_UNAVAILABLE', seconds: 2 } } },
      { k: 'result', req: 3, result: { ok: true, value: { token: 't' } } },
      { k: 'paired', wid: 'w1', answer: { ok: true, value: { match: 'm', seat: 0 } } },
      { k: 'presence', from: 'n', matches: { m1: [0, 1], m2: [] } },
      { k: 'handover', id: 'm', from: 'n' },
    ];
    for (const m of answers) expect(Wire.parse(m)).toEqual(m);
    // A Result<void> travels without its value.
    expect(Wire.parse(JSON.parse(JSON.stringify({ k: 'result', req: 1, result: { ok: true } })))).toMatchObject({
      result: { ok: true },
    });
    expect(EventChanged.safeParse('ev_1-A').success).toBe(true);
  });

  it('are refused where they are wrong, the path of what was wrong named', () => {
    const said = (r: { success: boolean; error?: any }): string[] => (r.success ? [] : issuesOf(r.error));
    expect(said(Wire.safeParse({ k: 'call', id: 'm', call: { k: 'teleport' }, from: 'n', req: 1 }))[0]).toMatch(
      /^call\.k: /,
    );
    expect(said(Wire.safeParse({ ...move, text: undefined }))[0]).toMatch(/^text: .*expected string/);
    expect(
      said(MatchEvent.safeParse({ k: 'move', ply: '3', seat: 0, move: 'a', status: 'active', outcome: null, clock })),
    ).toEqual([expect.stringMatching(/^ply: .*expected number, received string/)]);
    expect(said(Wire.safeParse('garbage'))[0]).toMatch(/^\(message\): /);
    expect(said(Wire.safeParse({ k: 'presence', from: 'n', matches: { m: [0, 'one'] } }))[0]).toMatch(
      /^matches\.m\.1: /,
    );
    expect(EventChanged.safeParse('../etc').success).toBe(false);
  });
});

describe('the log of refusals', () => {
  it('logs a refusal at warn once, then again only after its quiet time, with how many it did not log', () => {
    const lines: { o: any; msg: string }[] = [];
    const log = { warn: (o: unknown, msg: string) => lines.push({ o, msg }) } as unknown as Logger;
    const refusals = new Refusals(log);
    for (let i = 0; i < 5; i++) refusals.refused('rt:n:a', 'move', ['text: expected string']);
    refusals.refused('rt:m:x', 'move', ['ply: expected number']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      o: { channel: 'rt:n:a', kind: 'move', issues: ['text: expected string'] },
      msg: 'cluster: refused a malformed message from another process',
    });
    expect(lines[1]!.o.channel).toBe('rt:m:x');
  });
});
