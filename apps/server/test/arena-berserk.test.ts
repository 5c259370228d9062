// Berserk in an arena (issue 35), through the real server: the seat's bank is halved by the match's owner and every
// seat sees it, refused after the seat's first move and where the clock has no bank; a berserked win scores +1.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berserkTiming } from '../src/clocks/berserk.ts';
import { freshBanks, settleBanks } from '../src/clocks/fischer.ts';
import { testServer, type TestServer } from './helpers.ts';
import { as, cheap, eventLimits, signUp, type Account } from './events-clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap, eventPollMs: 50, limits: eventLimits({}) });
});
afterAll(async () => {
  await server?.stop();
});

const arena = {
  name: 'Joute folle',
  kind: 'arena',
  game: 'camelot',
  players: 2,
  clock: { baseSeconds: 60, incrementSeconds: 5 },
  minutes: 1,
};

interface Seen {
  seat: number | null;
  clocks?: { banks: number[]; berserk?: number[] };
  yourTurn?: boolean;
}

/** One WebSocket of `who` at `match`: its latest attached/update message, and a way to send. */
async function seatOf(who: Account, match: string) {
  const ws = new WebSocket(server.ws, { headers: { cookie: who.cookie } });
  let last: Seen | null = null;
  const waiters: (() => void)[] = [];
  const legal: ((moves: string[]) => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Seen & { t: string; moves?: string[] };
    if (m.t === 'attached' || m.t === 'update') {
      last = { ...(last ?? { seat: null }), ...m };
      waiters.splice(0).forEach((w) => w());
    }
    if (m.t === 'legal') legal.shift()?.(m.moves ?? []);
  });
  await new Promise((r) => ws.on('open', r));
  let id = 1;
  const send = (m: object): void => ws.send(JSON.stringify({ ...m, id: id++ }));
  send({ t: 'attach', match });
  const until = async (ok: (s: Seen) => boolean): Promise<Seen> => {
    while (!last || !ok(last)) await new Promise<void>((r) => waiters.push(r));
    return last;
  };
  await until(() => true);
  return {
    until,
    send,
    legal: () => new Promise<string[]>((r) => (legal.push(r), send({ t: 'legal' }))),
    close: () => ws.close(),
  };
}

describe('berserk in an arena', () => {
  it('halves what is left of a running bank and takes the increment away from then on', () => {
    const settings = { baseSeconds: 60, incrementSeconds: 5 };
    const clock = { moveSeconds: 60, ...settings };
    const banks = { ...freshBanks(2, settings), running: [0], since: 1000, ply: 0 };
    // Seat 0 has spent 10 s of its 60: 50 s left, halved to 25 s.
    const t = berserkTiming(clock, { deadline: 61_000, armedFor: [], banks }, 0, 11_000, () => true);
    if (!t.ok) throw new Error(t.error.code);
    expect(t.value.deadline).toBe(36_000);
    const moved = settleBanks(t.value.banks!, settings, 21_000, 1, [1]);
    // 25 s less the 10 s more it took, no 5 s increment; seat 1 untouched.
    expect(moved.banks).toEqual([15_000, 60_000]);
    expect(moved.berserk).toEqual([0]);
    expect(berserkTiming({ moveSeconds: 30 }, { deadline: 1, armedFor: [0], banks: null }, 0, 0, () => true).ok).toBe(
      false,
    );
  });

  it('is refused where the clock has no bank: a correspondence event, a per-move arena is off', async () => {
    const org = await signUp(server, 'Dinadan');
    const post = as(server, org);
    const corr = await post('POST', '/api/events?lang=fr', { ...arena, clock: { days: 3 }, berserk: true });
    expect(corr.status).toBe(400);
    expect(corr.body.error.code).toBe('EVENT_BERSERK_CLOCK');
    expect(corr.body.error.message).toContain('correspondance');
    const perMove = await post('POST', '/api/events', { ...arena, name: 'Coups', clock: { moveSeconds: 30 } });
    expect(perMove.body.event.berserk).toBe(false);
  });

  it('halves the bank before the first move, is refused after it, and a berserked win scores +1', async () => {
    const org = await signUp(server, 'Kay');
    const [a, b] = await Promise.all(['Gareth', 'Gaheris'].map((n) => signUp(server, n)));
    const made = await as(server, org)('POST', '/api/events', arena);
    expect(made.body.event.berserk).toBe(true);
    const id = made.body.event.id as string;
    for (const who of [a!, b!]) expect((await as(server, who)('POST', `/api/events/${id}/join`)).status).toBe(200);
    expect((await as(server, org)('POST', `/api/events/${id}/start`)).status).toBe(200);
    let pairing: any = null;
    while (!pairing) {
      const d = (await as(server, null)('GET', `/api/events/${id}`)).body;
      pairing = d.rounds[0]?.pairings.find((p: any) => p.status === 'playing' && p.match);
      if (!pairing) await new Promise((r) => setTimeout(r, 30));
    }
    const match = pairing.match as string;
    const byName = new Map([a!, b!].map((x) => [x.name, x]));
    const first = byName.get(pairing.seats[0].name)!;
    const second = byName.get(pairing.seats[1].name)!;
    // Not a player of that match, and a bad body: refused, nothing changes.
    expect((await as(server, org)('POST', `/api/events/${id}/berserk`, { match })).body.error.code).toBe(
      'EVENT_NOT_YOUR_MATCH',
    );
    expect((await as(server, second)('POST', `/api/events/${id}/berserk`, {})).status).toBe(400);

    const s0 = await seatOf(first, match);
    const s1 = await seatOf(second, match);
    const berserk = await as(server, second)('POST', `/api/events/${id}/berserk`, { match });
    expect(berserk.body).toEqual({ ok: true });
    // Every seat sees the second seat's bank halved (60 s → 30 s), the first's whole.
    const seen = await s0.until((s) => (s.clocks?.berserk ?? []).includes(1));
    expect(seen.clocks!.banks[1]).toBe(30_000);
    expect(seen.clocks!.banks[0]).toBeGreaterThan(50_000);
    expect((await as(server, second)('POST', `/api/events/${id}/berserk`, { match })).body.error.code).toBe(
      'BERSERK_ALREADY',
    );

    // The first seat moves, and then may no longer berserk.
    await s0.until((s) => s.yourTurn === true);
    const moves = await s0.legal();
    s0.send({ t: 'move', move: moves[0] });
    await s1.until((s) => s.yourTurn === true);
    const late = await as(server, first)('POST', `/api/events/${id}/berserk?lang=fr`, { match });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'BERSERK_AFTER_MOVE' });
    expect(late.body.error.message).toContain('premier coup');

    // The first seat resigns: the berserked win is 2 + 1 points, marked in the pairing and the record.
    s0.send({ t: 'resign' });
    let detail: any;
    for (;;) {
      detail = (await as(server, null)('GET', `/api/events/${id}`)).body;
      if (detail.rounds[0].pairings.some((p: any) => p.match === match && p.status === 'done')) break;
      await new Promise((r) => setTimeout(r, 30));
    }
    const done = detail.rounds[0].pairings.find((p: any) => p.match === match);
    expect(done.seats.map((s: any) => s.berserk ?? false)).toEqual([false, true]);
    const winner = detail.standings.find((s: any) => s.name === second.name);
    expect(winner).toMatchObject({ points: 3, wins: 1, berserkWins: 1 });
    expect(detail.standings.find((s: any) => s.name === first.name).points).toBe(0);
    const record = (await as(server, null)('GET', `/api/events/${id}/record`)).body;
    const result = record.results.find((r: any) => r.matchId === match);
    expect(result.seats.find((s: any) => s.berserk)).toMatchObject({ place: 1, berserk: true });
    s0.close();
    s1.close();
  });
});
