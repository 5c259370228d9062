import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineClient } from './fixtures/engine-client.ts';

/**
 * Issue 16 items 5 and 6: searches run off the request loop (isready answered, stop obeyed, info lines), clocks,
 * and reproducible bots under an iteration budget. Driven through the real executable.
 */

describe('engine protocol: hello, isready and stop during a search', () => {
  let engine: EngineClient;
  beforeAll(() => void (engine = new EngineClient()));
  afterAll(() => engine.kill());

  it('says who it is and which protocol it speaks', async () => {
    const hello = await engine.request({ cmd: 'hello', protocol: 2 });
    expect(hello).toMatchObject({ ok: true, engine: 'Round Table', protocol: 2 });
    expect(hello.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(hello.commands).toEqual(expect.arrayContaining(['hello', 'isready', 'stop', 'bot', 'perft']));
    expect(await engine.request({ cmd: 'isready' })).toMatchObject({ ok: true, ready: true, busy: null });
    expect(await engine.request({ cmd: 'stop' })).toMatchObject({ ok: true, stopping: null });
  });

  it('answers isready within 200 ms during a 3-second search, and stop returns a legal move at once', async () => {
    await engine.request({ cmd: 'new', game: 'camelot', seed: 11 });
    const legal = (await engine.request({ cmd: 'legal', seat: 0 })).moves as string[];
    const search = engine.request({ cmd: 'bot', seat: 0, level: 'medium', ms: 3000, info: true, id: 'long' });
    // Once the search thread is searching (its first info line), the session must still answer at once.
    await engine.waitFor((l) => l.id === 'long' && 'info' in l);
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const ready = await engine.request({ cmd: 'isready' });
      expect(performance.now() - t0).toBeLessThan(200);
      expect(ready).toMatchObject({ ok: true, ready: true, busy: 'bot' });
    }
    const t0 = performance.now();
    const stopping = await engine.request({ cmd: 'stop' });
    expect(stopping).toMatchObject({ ok: true, stopping: 'bot' });
    const chosen = await search;
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeLessThan(1000); // the search had more than 2 s left
    expect(chosen).toMatchObject({ ok: true, seat: 0, stopped: true });
    expect(legal).toContain(chosen.move);
    // Info lines came during the search: how far it got and how fast.
    const infos = engine.infos(chosen.id);
    expect(infos.length).toBeGreaterThan(0);
    expect(infos.at(-1)?.info).toMatchObject({
      iterations: expect.any(Number),
      nps: expect.any(Number),
      ms: expect.any(Number),
    });
    expect(infos.some((l) => typeof l.info.depth === 'number' && typeof l.info.score === 'number')).toBe(true);
  });

  it('sends the principal line of an MCTS search in its info lines', async () => {
    const created = await engine.request({ cmd: 'new', game: 'lancelot', players: 3, seed: 4 });
    const chosen = await engine.request({ cmd: 'bot', seat: created.toMove[0], level: 'medium', ms: 700, info: true });
    expect(chosen.ok).toBe(true);
    const withLine = engine.infos(chosen.id).filter((l) => Array.isArray(l.info.pv) && l.info.pv.length > 0);
    expect(withLine.length).toBeGreaterThan(0);
    expect(withLine.at(-1)?.info.score).toBeGreaterThanOrEqual(0);
  });

  it('holds requests sent during a search and answers them in order after it', async () => {
    await engine.request({ cmd: 'new', game: 'camelot', seed: 12 });
    const search = engine.request({ cmd: 'bot', seat: 0, level: 'medium', ms: 600 });
    const status = engine.request({ cmd: 'status' });
    const chosen = await search;
    const answered = await status;
    expect(engine.lines.indexOf(chosen)).toBeLessThan(engine.lines.indexOf(answered));
    expect(answered).toMatchObject({ ok: true, ply: 0 });
  });

  it('stops a deep perft with the depths it completed', async () => {
    await engine.request({ cmd: 'new', game: 'camelot', seed: 1 });
    const counting = engine.request({ cmd: 'perft', depth: 6, info: true });
    const third = await engine.waitFor((l) => l.info?.depth === 3, 30_000);
    expect(third.info.count).toBe(1_070_822);
    const stopping = await engine.request({ cmd: 'stop' });
    expect(stopping).toMatchObject({ ok: true, stopping: 'perft' });
    const stopped = await counting;
    expect(stopped).toMatchObject({ ok: true, depth: 6, stopped: true });
    expect(stopped.completed.depth).toBeGreaterThanOrEqual(3);
    // The session goes on, and a later perft starts a fresh search thread.
    expect(await engine.request({ cmd: 'perft', depth: 3 })).toMatchObject({ ok: true, count: 1_070_822 });
  });

  it('budgets a move from the clock', async () => {
    await engine.request({ cmd: 'new', game: 'camelot', seed: 13 });
    const legal = (await engine.request({ cmd: 'legal', seat: 0 })).moves as string[];
    // The search thread is started (and warm) before the clock is read.
    await engine.request({ cmd: 'bot', seat: 0, level: 'medium', iterations: 100 });
    const t0 = performance.now();
    const chosen = await engine.request({
      cmd: 'bot',
      seat: 0,
      level: 'medium',
      clock: { remaining: [3000, 3000], increment: 100 },
    });
    const elapsed = performance.now() - t0;
    expect(chosen).toMatchObject({ ok: true, seat: 0 });
    expect(legal).toContain(chosen.move);
    // 3000/30 + 0.75·100 = 175 ms of thought, far from the 3 s left.
    expect(chosen.ms).toBe(175);
    expect(elapsed).toBeLessThan(2500);
    const short = await engine.request({ cmd: 'bot', seat: 0, level: 'medium', clock: { remaining: [0, 60_000] } });
    expect(short).toMatchObject({ ok: true, ms: 10 });
    expect((await engine.request({ cmd: 'bot', seat: 0, clock: { remaining: [1000] }, ms: 50 })).error.code).toBe(
      'BAD_REQUEST',
    );
    expect((await engine.request({ cmd: 'bot', seat: 1, clock: { remaining: [1000] } })).error.code).toBe(
      'NOT_YOUR_TURN',
    );
  });
});

describe('engine protocol: equal seeds and iteration budgets give equal moves', () => {
  const cases: { game: string; players: number; level: string; iterations: number }[] = [
    { game: 'camelot', players: 2, level: 'medium', iterations: 20_000 },
    { game: 'camelot', players: 2, level: 'strong', iterations: 20_000 },
    { game: 'lancelot', players: 3, level: 'medium', iterations: 300 },
    { game: 'shadows', players: 4, level: 'medium', iterations: 100 },
    { game: 'tournament', players: 3, level: 'strong', iterations: 100 },
  ];

  /** Plays `plies` moves of bot answers in a fresh process; returns the moves. */
  async function session(
    engine: EngineClient,
    c: (typeof cases)[number],
    plies: number,
    info: boolean,
  ): Promise<string[]> {
    await engine.request({ cmd: 'new', game: c.game, players: c.players, seed: 21 });
    const moves: string[] = [];
    for (let i = 0; i < plies; i++) {
      const seat = (await engine.request({ cmd: 'status' })).toMove[0] as number;
      const chosen = await engine.request({ cmd: 'bot', seat, level: c.level, iterations: c.iterations, info });
      expect(chosen.ok, JSON.stringify(chosen)).toBe(true);
      moves.push(chosen.move);
      await engine.request({ cmd: 'play', seat, move: chosen.move });
    }
    return moves;
  }

  it('in two processes, one asked for info lines, the other loaded by timed searches in between', async () => {
    const a = new EngineClient();
    const b = new EngineClient();
    try {
      for (const c of cases) {
        const first = await session(a, c, 2, true);
        // Timed strong searches leave workers busy or late; the fixed budget must not notice.
        await b.request({ cmd: 'new', game: c.game, players: c.players, seed: 99 });
        const seat = (await b.request({ cmd: 'status' })).toMove[0] as number;
        await b.request({ cmd: 'bot', seat, level: 'strong', ms: 30 });
        const second = await session(b, c, 2, false);
        expect(second, `${c.game} ${c.level}`).toEqual(first);
      }
    } finally {
      a.kill();
      b.kill();
    }
  }, 120_000);
});

describe('engine protocol: the bot side (turn)', () => {
  let engine: EngineClient;
  beforeAll(() => void (engine = new EngineClient(['engine', '--level', 'medium'])));
  afterAll(() => engine.kill());

  it('answers a turn from a view alone, the same move for the same view and budget, leaving the match untouched', async () => {
    await engine.request({ cmd: 'new', game: 'joust', players: 3, seed: 8 });
    const status = await engine.request({ cmd: 'status' });
    const seat = status.toMove[0] as number;
    const view = (await engine.request({ cmd: 'view', seat })).view;
    const legal = (await engine.request({ cmd: 'legal', seat })).moves as string[];
    const { id: _before, ...before } = await engine.request({ cmd: 'status' });
    const turn = { cmd: 'turn', game: 'joust', players: 3, seat, ply: 0, view, legal, budget: { iterations: 200 } };
    const a = await engine.request(turn);
    const b = await engine.request(turn);
    expect(a).toMatchObject({ ok: true, seat, level: 'medium' });
    expect(legal).toContain(a.move);
    expect(b.move).toBe(a.move);
    expect(await engine.request({ cmd: 'status' })).toMatchObject(before);
    // With a clock the engine budgets its own time.
    const timed = await engine.request({ ...turn, budget: undefined, clock: { remaining: [900, 900, 900] } });
    expect(timed).toMatchObject({ ok: true, ms: 30 });
  });

  it('refuses a turn it cannot play, naming what is wrong', async () => {
    const base = { cmd: 'turn', game: 'camelot', players: 2, seat: 0, view: { position: 'nonsense' } };
    expect((await engine.request({ ...base, game: 'chess' })).error.code).toBe('UNKNOWN_GAME');
    expect((await engine.request({ ...base, players: 5 })).error.code).toBe('BAD_PLAYERS');
    expect((await engine.request({ ...base, seat: 2 })).error.code).toBe('BAD_SEAT');
    expect((await engine.request({ ...base, view: 'F6-F5' })).error.code).toBe('BAD_REQUEST');
    expect((await engine.request({ ...base, level: 'wizard' })).error.code).toBe('BAD_LEVEL');
    const unreadable = await engine.request({ ...base, budget: { iterations: 100 } });
    expect(unreadable.error.code).toBe('BAD_VIEW');
    expect(unreadable.error.messageFr).toMatch(/^Le bot ne peut pas lire cette vue/);
    // And it still plays afterwards.
    expect(await engine.request({ cmd: 'isready' })).toMatchObject({ ok: true, ready: true });
  });
});
