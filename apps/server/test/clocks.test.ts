// Clocks through faults (PROTOCOL.md, "Clocks through faults"): a seat is charged only the time during which some
// process could accept its move. The rule as values (clocks/timing.ts), then a database outage under play: nobody
// is flagged while it lasts, the time is given back after it, no process dies of it (no unhandled rejection), and
// /healthz says what is wrong.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClockRequest } from '@roundtable/protocol';
import { atLeast, credit, fromStored, NO_CLOCK, RESUME_GRACE_MS, settle, type Timing } from '../src/clocks/timing.ts';
import { freshBanks } from '../src/clocks/fischer.ts';
import { api, Client, dropTestDatabase, testDatabase, testServer, testServices } from './helpers.ts';
import { Relay } from './proxy.ts';

const human = (): boolean => true;
const PER_MOVE: ClockRequest = { moveSeconds: 10 };
const FISCHER: ClockRequest = { moveSeconds: 20, baseSeconds: 20, incrementSeconds: 1 };

describe('the rule, as values', () => {
  it('a per-move clock is armed when seats come to move, and not again when one of several answers', () => {
    const t = settle(PER_MOVE, NO_CLOCK, [0, 1], 3, 1000, true, human);
    expect(t.deadline).toBe(11_000);
    // Seat 1 answered the window: seat 0 is still on the same clock.
    expect(settle(PER_MOVE, t, [0], 4, 5000, true, human).deadline).toBe(11_000);
    expect(settle(PER_MOVE, t, [1, 0, 2], 5, 5000, true, human).deadline).toBe(15_000);
    expect(settle(PER_MOVE, t, [0], 5, 5000, false, human).deadline).toBeNull();
  });

  it('an outage is given back to a per-move clock: what was left when it began, never more than a whole move', () => {
    // Armed at 0 (deadline 10 s); an outage from 4 s to 9 s (5 s): 6 s were left, so the deadline is 9 + 6 = 15 s.
    const t: Timing = { deadline: 10_000, armedFor: [0], banks: null };
    expect(credit(PER_MOVE, t, 5000, 9000, human).deadline).toBe(15_000);
    // A turn that began during the outage (armed at 7 s, outage 4–9 s) gets back only the 2 s it lost.
    expect(credit(PER_MOVE, { ...t, deadline: 17_000 }, 5000, 9000, human).deadline).toBe(19_000);
    expect(credit(null, t, 5000, 9000, human)).toBe(t);
  });

  it('a Fischer bank is not charged for an outage; the banks that do not run are untouched', () => {
    const banks = { ...freshBanks(2, { baseSeconds: 20, incrementSeconds: 1 }), running: [0], since: 1000, ply: 4 };
    const t: Timing = { deadline: 21_000, armedFor: [], banks };
    const after = credit(FISCHER, t, 5000, 9000, human);
    expect(after.banks?.since).toBe(6000);
    expect(after.deadline).toBe(26_000);
    // Settled at 12 s: seat 0 used 12 - 1 - 5 = 6 s of its 20, and gets its increment.
    const moved = settle(FISCHER, after, [1], 5, 12_000, true, human);
    expect(moved.banks?.banks).toEqual([15_000, 20_000]);
    expect(moved.deadline).toBe(32_000);
  });

  it('after a takeover or a restart, a seat to move has at least the grace (or its whole move time if shorter)', () => {
    const late: Timing = { deadline: 1000, armedFor: [0], banks: null };
    expect(atLeast({ moveSeconds: 600 }, late, 5000, human).deadline).toBe(5000 + RESUME_GRACE_MS);
    expect(atLeast({ moveSeconds: 8 }, late, 5000, human).deadline).toBe(13_000);
    expect(atLeast({ moveSeconds: 8 }, { ...late, deadline: 50_000 }, 5000, human).deadline).toBe(50_000);
    const banks = {
      ...freshBanks(2, { baseSeconds: 20, incrementSeconds: 1 }),
      banks: [500, 20_000],
      running: [0],
      since: 0,
      ply: 9,
    };
    const lifted = atLeast(FISCHER, { deadline: 500, armedFor: [], banks }, 5000, human);
    expect(lifted.deadline).toBe(25_000);
    expect(lifted.banks?.banks).toEqual([25_000, 20_000]);
  });

  it('from storage: the stored deadline and banks, the per-move clock armed for the seats to move', () => {
    expect(fromStored(PER_MOVE, { deadline: 77, banks: null }, 2, [1], true, human)).toEqual({
      deadline: 77,
      armedFor: [1],
      banks: null,
    });
    expect(fromStored(PER_MOVE, { deadline: 77, banks: null }, 2, [1], false, human).deadline).toBeNull();
    const fresh = fromStored(FISCHER, { deadline: null, banks: null }, 2, [0], true, human);
    expect(fresh.banks?.banks).toEqual([20_000, 20_000]);
  });
});

describe('a database outage under play', () => {
  const made: string[] = [];
  const rejections: unknown[] = [];
  const onRejection = (e: unknown): void => void rejections.push(e);
  beforeAll(() => {
    testServices();
    process.on('unhandledRejection', onRejection);
  });
  afterEach(() => expect(rejections).toEqual([]));
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    for (const url of made) await dropTestDatabase(url);
  });

  it('flags nobody while it lasts and gives the time back; moves are refused with STORAGE, the bot and the clock wait; /healthz names the problem; nothing is lost', async () => {
    const url = await testDatabase();
    made.push(url);
    const target = new URL(url);
    const relay = await Relay.start({ host: target.hostname, port: Number(target.port) });
    const server = await testServer({ logger: pino({ level: 'silent' }), database: relay.url(url) });
    try {
      // A 3 s move clock against a bot, and a match whose seat to move is a human about to run out.
      const created = await api(server, 'POST', '/api/matches', {
        game: 'camelot',
        seed: 5,
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
        clock: { moveSeconds: 3 },
      });
      expect(created.status).toBe(201);
      const c = await Client.connect(server.ws);
      const attached = await c.request({ t: 'attach', token: created.body.tokens[0].token });
      const legal = await c.request({ t: 'legal' });
      const first = await c.request({ t: 'move', move: legal.moves[0] });
      expect(first.t).toBe('update');
      // The bot answers: the human is to move, with 3 s on the clock.
      const mine = await c.wait((m) => m.t === 'update' && m.yourTurn);
      const deadline = mine.deadline as number;
      expect(attached.status).toBe('active');

      relay.break();
      // The database is away for twice the move time.
      const refused = await c.request({ t: 'move', move: (await c.request({ t: 'legal' })).moves[0] });
      expect(refused).toMatchObject({ t: 'error', code: 'STORAGE' });
      const health = await api(server, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body.problems.join(' ')).toMatch(/PostgreSQL .* unreachable/);
      await new Promise((r) => setTimeout(r, 6000));
      expect(Date.now()).toBeGreaterThan(deadline + 2000);
      relay.mend();

      // Back: the seat still plays, its clock given the outage back (the deadline moved past the outage's end).
      const back = await c.wait((m) => m.t === 'update' && m.deadline > deadline, 10_000);
      expect(back.status).toBe('active');
      expect(back.deadline).toBeGreaterThan(Date.now());
      const again = await c.request({ t: 'move', move: (await c.request({ t: 'legal' })).moves[0] });
      expect(again.t).toBe('update');
      expect((await api(server, 'GET', '/healthz')).status).toBe(200);
      const summary = await api(server, 'GET', `/api/matches/${created.body.match.id}`);
      expect(summary.body.match.status).toBe('active');
      expect(summary.body.match.seats[0].kind).toBe('human');
      c.close();
    } finally {
      await server.stop();
      await relay.close();
    }
  }, 40_000);
});
