import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineProcess, type Json } from './fixtures/engine-process.ts';

const START = '2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 0 1';

/** What a refused request must leave unchanged: the position, every view, the legal moves, the record. */
async function snapshot(engine: EngineProcess): Promise<Json> {
  return {
    position: await engine.send({ cmd: 'position' }),
    white: await engine.send({ cmd: 'view', seat: 0 }),
    spectator: await engine.send({ cmd: 'view', seat: 'spectator' }),
    legal: await engine.send({ cmd: 'legal', seat: 0 }),
    record: await engine.send({ cmd: 'record' }),
  };
}

function expectRefusal(response: Json, code: string): void {
  expect(response.ok).toBe(false);
  expect(response.error.code).toBe(code);
  expect(typeof response.error.message).toBe('string');
  expect(typeof response.error.messageFr).toBe('string');
  expect(response.error.message).not.toBe('');
}

describe('engine protocol: a whole game between two bots', () => {
  let engine: EngineProcess;
  beforeAll(() => void (engine = new EngineProcess()));
  afterAll(() => engine.kill());

  it('plays Camelot to its end by asking the bot for each move and playing it', async () => {
    const created = await engine.send({ cmd: 'new', game: 'camelot', players: 2, seed: 7, options: {} });
    expect(created).toMatchObject({ ok: true, toMove: [0] });
    let toMove: number[] = created.toMove;
    let outcome: Json | null = null;
    let plies = 0;
    while (outcome === null && plies < 2000) {
      const seat = toMove[0] as number;
      const chosen = await engine.send({ cmd: 'bot', seat, level: seat === 0 ? 'easy' : 'random', ms: 50 });
      expect(chosen.ok).toBe(true);
      const played = await engine.send({ cmd: 'play', seat, move: chosen.move });
      expect(played).toMatchObject({ ok: true, move: chosen.move });
      toMove = played.toMove;
      outcome = played.outcome;
      plies++;
    }
    expect(outcome).not.toBeNull();
    expect(await engine.send({ cmd: 'outcome' })).toEqual({ ok: true, outcome });
    const record = await engine.send({ cmd: 'record' });
    expect(record.record.moves).toHaveLength(plies);
    // The record replays to the same end.
    expect(await engine.send({ cmd: 'load', record: record.record })).toMatchObject({ ok: true, outcome, ply: plies });
    expectRefusal(await engine.send({ cmd: 'play', seat: 0, move: 'F6-F5' }), 'GAME_OVER');
  });
});

describe('engine protocol: the commands', () => {
  let engine: EngineProcess;
  beforeAll(() => void (engine = new EngineProcess()));
  afterAll(() => engine.kill());

  it('refuses every command but new, load, games and quit before a match exists', async () => {
    for (const cmd of ['legal', 'play', 'outcome', 'position', 'view', 'bot', 'perft', 'undo', 'record']) {
      const request = { cmd, seat: 0, move: 'F6-F5', depth: 1 };
      const { seat: _s, move: _m, depth: _d, ...bare } = request;
      const body =
        cmd === 'play'
          ? { cmd, seat: 0, move: 'F6-F5' }
          : cmd === 'view' || cmd === 'bot'
            ? { cmd, seat: 0 }
            : cmd === 'perft'
              ? { cmd, depth: 1 }
              : bare;
      expectRefusal(await engine.send(body), 'NO_MATCH');
    }
  });

  it('lists the games with their players and options', async () => {
    const listed = await engine.send({ cmd: 'games', id: 'g' });
    expect(listed).toMatchObject({ id: 'g', ok: true });
    const nim = listed.games.find((g: Json) => g.id === 'nim');
    expect(nim).toMatchObject({ minPlayers: 2, maxPlayers: 3, perfectInformation: true, positionStrings: true });
    expect(nim.options.map((o: Json) => o.key)).toEqual(['heaps', 'misere']);
    expect(listed.games.some((g: Json) => g.id === 'camelot')).toBe(true);
  });

  it('starts Camelot, lists, plays and writes moves in canonical notation', async () => {
    expect(
      await engine.send({ cmd: 'new', game: 'camelot', players: 2, seed: 7, options: {}, position: START, id: 42 }),
    ).toMatchObject({ id: 42, ok: true, toMove: [0] });
    const legal = await engine.send({ cmd: 'legal', seat: 0 });
    expect(legal.moves).toContain('F6-F5');
    expect(await engine.send({ cmd: 'legal', seat: 1 })).toMatchObject({ ok: true, moves: [] });
    expect(await engine.send({ cmd: 'play', seat: 0, move: 'f6-f5' })).toEqual({
      ok: true,
      move: 'F6-F5',
      toMove: [1],
      outcome: null,
    });
    expect(await engine.send({ cmd: 'outcome' })).toEqual({ ok: true, outcome: null });
    expect((await engine.send({ cmd: 'position' })).position).toContain(' b ');
    expect(await engine.send({ cmd: 'view', seat: 'spectator' })).toMatchObject({
      ok: true,
      view: { position: expect.any(String) },
    });
  });

  it('asks a bot for a move without playing it', async () => {
    const before = await snapshot(engine);
    const chosen = await engine.send({ cmd: 'bot', seat: 1, level: 'greedy', ms: 100 });
    expect(chosen.ok).toBe(true);
    expect((await engine.send({ cmd: 'legal', seat: 1 })).moves).toContain(chosen.move);
    expect(await snapshot(engine)).toEqual(before);
  });

  it("takes the book level for Camelot, which has Camelot's opening book", async () => {
    const chosen = await engine.send({ cmd: 'bot', seat: 1, level: 'book', iterations: 50 });
    expect(chosen).toMatchObject({ ok: true, seat: 1, level: 'book' });
    expect((await engine.send({ cmd: 'legal', seat: 1 })).moves).toContain(chosen.move);
  });

  it('takes moves back with undo, and refuses undo at the start', async () => {
    expect(await engine.send({ cmd: 'undo' })).toMatchObject({ ok: true, undone: 1, ply: 0, toMove: [0] });
    expect((await engine.send({ cmd: 'position' })).position).toBe(START);
    expectRefusal(await engine.send({ cmd: 'undo' }), 'NOTHING_TO_UNDO');
  });

  it('counts perft like the game does', async () => {
    const one = await engine.send({ cmd: 'perft', depth: 1 });
    expect(one.count).toBe((await engine.send({ cmd: 'legal', seat: 0 })).moves.length);
    expect(await engine.send({ cmd: 'perft', depth: 0 })).toMatchObject({ ok: true, count: 1 });
  });

  it('works the same for another game (Nim fixture: generic perft, three players)', async () => {
    expect(await engine.send({ cmd: 'new', game: 'nim', players: 3, options: { heaps: 2 } })).toMatchObject({
      ok: true,
      toMove: [0],
    });
    expect((await engine.send({ cmd: 'legal', seat: 0 })).moves).toEqual([
      '1-1',
      '1-2',
      '1-3',
      '2-1',
      '2-2',
      '2-3',
      '2-4',
    ]);
    expect(await engine.send({ cmd: 'perft', depth: 1 })).toMatchObject({ count: 7 });
    // After taking t of the 7 stones, 7 − t moves remain: (6+5+4) + (6+5+4+3).
    expect(await engine.send({ cmd: 'perft', depth: 2 })).toMatchObject({ count: 33 });
    expect(await engine.send({ cmd: 'play', seat: 0, move: '2-4' })).toMatchObject({ ok: true, toMove: [1] });
    expect(await engine.send({ cmd: 'position' })).toEqual({ ok: true, position: '3,0 1' });
  });

  it('gives the record of a game that hides cards only once it is over (its seed gives the deal)', async () => {
    const created = await engine.send({ cmd: 'new', game: 'joust', players: 3, seed: 11 });
    expect(created.ok).toBe(true);
    const refused = await engine.send({ cmd: 'record', id: 'r1' });
    expectRefusal(refused, 'SECRET_UNTIL_OVER');
    expect(refused.id).toBe('r1');
    expect(JSON.stringify(refused)).not.toMatch(/"seed"/);
    let toMove: number[] = created.toMove;
    let plies = 0;
    for (let outcome = null; outcome === null && plies < 5000; plies++) {
      const seat = toMove[0] as number;
      const chosen = await engine.send({ cmd: 'bot', seat, level: 'random' });
      const played = await engine.send({ cmd: 'play', seat, move: chosen.move });
      toMove = played.toMove;
      outcome = played.outcome;
      if (plies === 20) expectRefusal(await engine.send({ cmd: 'record' }), 'SECRET_UNTIL_OVER');
    }
    const record = await engine.send({ cmd: 'record' });
    expect(record).toMatchObject({ ok: true, record: { game: 'joust', seed: 11 } });
    expect(record.record.moves).toHaveLength(plies);
    expect(await engine.send({ cmd: 'load', record: record.record })).toMatchObject({ ok: true, ply: plies });
    // Taken back before the end, the game hides its seed again.
    expect(await engine.send({ cmd: 'undo' })).toMatchObject({ ok: true, outcome: null });
    expectRefusal(await engine.send({ cmd: 'record' }), 'SECRET_UNTIL_OVER');
  }, 60_000);

  it('refuses perft and position for a game that hides information or has no position strings', async () => {
    await engine.send({ cmd: 'new', game: 'secret-nim' });
    expectRefusal(await engine.send({ cmd: 'perft', depth: 2 }), 'NOT_PERFECT_INFORMATION');
    expectRefusal(await engine.send({ cmd: 'position' }), 'NO_POSITION_STRINGS');
  });
});

describe('engine protocol: refused requests change nothing and the process keeps running', () => {
  let engine: EngineProcess;
  beforeAll(async () => {
    engine = new EngineProcess();
    await engine.send({ cmd: 'new', game: 'camelot', seed: 7 });
    await engine.send({ cmd: 'play', seat: 0, move: 'F6-F5' });
    await engine.send({ cmd: 'play', seat: 1, move: 'F11-F12' });
  });
  afterAll(() => engine.kill());

  const cases: [string, string, string][] = [
    ['broken JSON', '{"cmd":"legal",', 'BAD_JSON'],
    ['not an object', '[1,2]', 'BAD_REQUEST'],
    ['no cmd', '{"seat":0}', 'UNKNOWN_COMMAND'],
    ['unknown cmd', '{"cmd":"resign"}', 'UNKNOWN_COMMAND'],
    ['missing field', '{"cmd":"play","seat":0}', 'BAD_REQUEST'],
    ['misspelt field', '{"cmd":"play","seat":0,"mvoe":"F5-F4"}', 'BAD_REQUEST'],
    ['wrongly typed field', '{"cmd":"play","seat":"0","move":"F5-F4"}', 'BAD_REQUEST'],
    ['seat out of range', '{"cmd":"play","seat":5,"move":"F5-F4"}', 'BAD_SEAT'],
    ['negative seat', '{"cmd":"legal","seat":-1}', 'BAD_SEAT'],
    ['view of a seat out of range', '{"cmd":"view","seat":2}', 'BAD_SEAT'],
    ['seat not to move', '{"cmd":"play","seat":1,"move":"F12-F13"}', 'NOT_YOUR_TURN'],
    ['bot for a seat not to move', '{"cmd":"bot","seat":1}', 'NOT_YOUR_TURN'],
    ['malformed move', '{"cmd":"play","seat":0,"move":"hello"}', 'BAD_NOTATION'],
    ['empty move', '{"cmd":"play","seat":0,"move":"  "}', 'BAD_NOTATION'],
    ['illegal move (no piece)', '{"cmd":"play","seat":0,"move":"A5-A4"}', 'NO_PIECE'],
    ['unknown bot level', '{"cmd":"bot","seat":0,"level":"grandmaster"}', 'BAD_LEVEL'],
    ['perft too deep', '{"cmd":"perft","depth":99}', 'BAD_DEPTH'],
    ['perft negative', '{"cmd":"perft","depth":-1}', 'BAD_DEPTH'],
    ['new: unknown game', '{"cmd":"new","game":"chess"}', 'UNKNOWN_GAME'],
    ['new: bad players', '{"cmd":"new","game":"camelot","players":3}', 'BAD_PLAYERS'],
    ['new: bad option', '{"cmd":"new","game":"camelot","options":{"variant":"hexagonal"}}', 'BAD_OPTION'],
    ['new: unknown option', '{"cmd":"new","game":"camelot","options":{"speed":1}}', 'BAD_OPTION'],
    ['new: bad seed', '{"cmd":"new","game":"camelot","seed":1.5}', 'BAD_SEED'],
    ['new: bad position', '{"cmd":"new","game":"camelot","position":"2/8/10 w"}', 'BAD_POSITION'],
    ['load: not a record', '{"cmd":"load","record":{"game":"camelot"}}', 'BAD_RECORD'],
    [
      'load: an illegal move in the record',
      '{"cmd":"load","record":{"game":"camelot","players":2,"options":{},"seed":1,"moves":[{"seat":0,"move":"A1-A2"}]}}',
      'BAD_RECORD',
    ],
    ['load: unknown game', '{"cmd":"load","record":{"game":"go","moves":[]}}', 'UNKNOWN_GAME'],
  ];

  for (const [name, line, code] of cases) {
    it(`${name} → ${code}, state untouched`, async () => {
      const before = await snapshot(engine);
      const response = await engine.sendLine(line);
      expectRefusal(response, code);
      expect(await snapshot(engine)).toEqual(before);
    });
  }

  it("echoes the id of a refused request, and translates the game's own errors", async () => {
    const response = await engine.send({ cmd: 'play', seat: 0, move: 'A5-A4', id: 'x1' });
    expect(response).toMatchObject({ id: 'x1', ok: false, error: { code: 'NO_PIECE', square: 'A5' } });
    expect(response.error.message).toContain('A5');
    expect(response.error.messageFr).toContain('A5');
  });

  it("refuses the book level for a game without a book, with that game's levels", async () => {
    const before = await snapshot(engine);
    const turn = { cmd: 'turn', game: 'joust', players: 3, seat: 0, view: {}, level: 'book' };
    const response = await engine.send(turn);
    expectRefusal(response, 'BAD_LEVEL');
    expect(response.error).toMatchObject({
      level: 'book',
      game: 'joust',
      known: ['random', 'greedy', 'easy', 'medium', 'strong'],
      games: ['camelot'],
    });
    expect(response.error.message).toContain('not offered for joust');
    expect(response.error.messageFr).toContain('niveaux pour joust\u00a0: random');
    expect(await snapshot(engine)).toEqual(before);
  });

  it('still answers after all that, and quits on request', async () => {
    expect(await engine.send({ cmd: 'outcome' })).toEqual({ ok: true, outcome: null });
    expect(await engine.send({ cmd: 'quit', id: 9 })).toEqual({ id: 9, ok: true });
    expect(await engine.exited()).toBe(0);
  });
});
