import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineClient } from './fixtures/engine-client.ts';
import type { Json } from './fixtures/engine-process.ts';

/**
 * Issue 14: the engine protocol never dies and never hangs. A seeded, bounded fuzz of the real executable:
 * nested, huge, mistyped and prototype-named input, mixed with valid requests. Every line gets exactly one
 * answer with `ok`; a refusal changes nothing (position, views, legal moves, record compared before and after);
 * no input reaches INTERNAL_ERROR; the process is alive at the end and quits cleanly.
 */

/** mulberry32: a small seeded PRNG, so a failure replays. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROTO_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  'prototype',
];

/** Raw JSON texts of values a client should never send, from harmless to hostile. */
function nastyValue(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const depth = 65 + Math.floor(rand() * 6000);
  return pick([
    () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
    () => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    () => `${'['.repeat(depth)}`, // unbalanced: not JSON at all
    () => JSON.stringify(pick(PROTO_NAMES)),
    () => JSON.stringify(`play ${pick(PROTO_NAMES)}`),
    () => JSON.stringify(`${pick(PROTO_NAMES)} ${pick(PROTO_NAMES)}`),
    () => `{"${pick(PROTO_NAMES)}":{"variant":"cam"}}`,
    () => `{"__proto__":{"ok":true}}`,
    () => JSON.stringify('x'.repeat(100_000)),
    () => pick(['-1', '0', '1e308', '-1e308', '0.5', '-0', '99', '12', '4294967296', '9007199254740993']),
    () => pick(['true', 'false', 'null', '[]', '{}', '[0]', '""', '" "']),
    () => JSON.stringify(String.fromCharCode(...Array.from({ length: 20 }, () => 1 + Math.floor(rand() * 0xd7ff)))),
  ])();
}

/** A valid request of the session's game, as field → raw JSON text. */
function baseRequest(
  rand: () => number,
  game: string,
  players: number,
  legal: string[],
  view: Json,
): Record<string, string> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const seat = String(Math.floor(rand() * players));
  const requests: Record<string, string>[] = [
    { cmd: '"legal"', seat },
    { cmd: '"play"', seat, move: JSON.stringify(legal.length > 0 ? pick(legal) : 'x') },
    { cmd: '"view"', seat },
    { cmd: '"bot"', seat, level: '"easy"', iterations: '200' },
    { cmd: '"perft"', depth: '1' },
    { cmd: '"undo"' },
    { cmd: '"status"' },
    { cmd: '"new"', game: JSON.stringify(game), players: String(players), seed: '5' },
    { cmd: '"load"', record: `{"game":${JSON.stringify(game)},"players":${players},"seed":5,"options":{},"moves":[]}` },
    { cmd: '"isready"' },
    { cmd: '"stop"' },
    { cmd: '"hello"' },
    // The bot side: a view from outside, often with one of its fields replaced by something hostile.
    {
      cmd: '"turn"',
      game: JSON.stringify(game),
      players: String(players),
      seat: '0',
      level: pick(['"greedy"', '"easy"']),
      budget: '{"iterations":50}',
      view: mangledView(rand, view),
    },
  ];
  return { ...pick(requests) };
}

/** A seat's view as JSON text, half the time with one top-level field replaced by a nasty value. */
function mangledView(rand: () => number, view: Json): string {
  const keys = Object.keys(view);
  if (keys.length === 0 || rand() < 0.5) return JSON.stringify(view);
  const victim = keys[Math.floor(rand() * keys.length)] as string;
  return `{${keys.map((k) => `${JSON.stringify(k)}:${k === victim ? nastyValue(rand) : JSON.stringify(view[k])}`).join(',')}}`;
}

/** One line: a valid request with one field replaced, added or removed, or plain garbage. */
function fuzzLine(rand: () => number, game: string, players: number, legal: string[], view: Json): string {
  const r = rand();
  if (r < 0.05) {
    // bytes that are not JSON (never a newline)
    return Array.from({ length: 1 + Math.floor(rand() * 200) }, () =>
      String.fromCharCode(0x0b + Math.floor(rand() * 0x70)),
    ).join('');
  }
  const fields = baseRequest(rand, game, players, legal, view);
  const keys = Object.keys(fields);
  const mutation = rand();
  if (mutation < 0.6) {
    const key = keys[Math.floor(rand() * keys.length)] as string;
    fields[key] = nastyValue(rand);
  } else if (mutation < 0.75) {
    fields[rand() < 0.5 ? (PROTO_NAMES[Math.floor(rand() * PROTO_NAMES.length)] as string) : 'sead'] = nastyValue(rand);
  } else if (mutation < 0.85) {
    delete fields[keys[1 + Math.floor(rand() * Math.max(1, keys.length - 1))] as string];
  } // else: the valid request itself
  return `{${Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(',')}}`;
}

async function snapshot(engine: EngineClient, players: number): Promise<Json> {
  const views: Json[] = [];
  for (let s = 0; s < players; s++) views.push(await engine.request({ cmd: 'view', seat: s }));
  const strip = ({ id: _id, ...rest }: Json): Json => rest;
  return {
    status: strip(await engine.request({ cmd: 'status' })),
    views: views.map(strip),
    spectator: strip(await engine.request({ cmd: 'view', seat: 'spectator' })),
    legal: strip(await engine.request({ cmd: 'legal' })),
    record: strip(await engine.request({ cmd: 'record' })),
  };
}

const SESSIONS: [game: string, players: number, lines: number][] = [
  ['camelot', 2, 150],
  ['joust', 3, 120],
  ['shadows', 4, 120],
];

describe('engine protocol fuzz: every line answered once, refusals change nothing, the process survives', () => {
  for (const [game, players, count] of SESSIONS) {
    describe(game, () => {
      let engine: EngineClient;
      beforeAll(() => void (engine = new EngineClient()));
      afterAll(() => engine.kill());

      it(`${count} seeded hostile lines`, async () => {
        const rand = prng(1400 + players);
        expect(await engine.request({ cmd: 'new', game, players, seed: 5 })).toMatchObject({ ok: true });
        let before = await snapshot(engine, players);
        let sent = 0;
        let answered = 0;
        for (let i = 0; i < count; i++) {
          const legal = (before.legal.moves ?? []) as string[];
          const line = fuzzLine(rand, game, players, legal, (before.views[0]?.view ?? {}) as Json);
          const from = engine.lines.length;
          engine.write(line);
          sent++;
          const response = await engine.waitFor((l) => 'ok' in l, 30_000, from);
          answered++;
          expect(typeof response.ok, line.slice(0, 200)).toBe('boolean');
          if (response.ok === false) {
            expect(typeof response.error?.code, line.slice(0, 200)).toBe('string');
            expect(response.error.code, line.slice(0, 200)).not.toBe('INTERNAL_ERROR');
            expect(typeof response.error.message).toBe('string');
            expect(typeof response.error.messageFr).toBe('string');
            expect(response.error.message).not.toMatch(/undefined|\[object Object\]/);
            expect(response.error.messageFr).not.toMatch(/undefined|\[object Object\]/);
            expect(await snapshot(engine, players), `changed by the refused ${line.slice(0, 200)}`).toEqual(before);
          } else before = await snapshot(engine, players);
          // A prototype name typed as a move is a notation error, never a crash.
          if (
            /^\{"cmd":"play","seat":\d,"move":"(constructor|__proto__|toString|valueOf|hasOwnProperty)"\}$/.test(line)
          ) {
            expect(['BAD_NOTATION', 'NOT_YOUR_TURN', 'GAME_OVER']).toContain(response.error?.code);
          }
        }
        // Exactly one answer per line: the fuzz lines and the snapshots' requests, nothing more.
        const status = await engine.request({ cmd: 'status' });
        expect(status.ok).toBe(true);
        // Fuzz lines carry no id; every other request here does: the answers without an id are the fuzz's, one each.
        expect(answered).toBe(sent);
        expect(engine.lines.filter((l) => 'ok' in l && l.id === undefined)).toHaveLength(sent);
        expect(await engine.request({ cmd: 'quit' })).toMatchObject({ ok: true });
        expect(await engine.exited()).toBe(0);
      }, 120_000);
    });
  }
});

describe('engine protocol: lines that used to kill or hang a session', () => {
  let engine: EngineClient;
  beforeAll(() => void (engine = new EngineClient()));
  afterAll(() => engine.kill());

  const answerTo = async (line: string): Promise<Json> => {
    const from = engine.lines.length;
    engine.write(line);
    return engine.waitFor((l) => 'ok' in l, 30_000, from);
  };

  it('answers 5,000 nested arrays in one short line, and keeps answering', async () => {
    const line = `{"cmd":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(line.length).toBeLessThan(11_000);
    const response = await answerTo(line);
    expect(response).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', maxDepth: 64 } });
    expect(await engine.request({ cmd: 'hello' })).toMatchObject({ ok: true, protocol: 2 });
  });

  it('answers a line nested deeper than 64 with its id, read without parsing the line', async () => {
    const deep = `${'['.repeat(100)}1${']'.repeat(100)}`;
    const cases: [string, string | number | undefined][] = [
      [`{"id":"deep-1","cmd":"load","record":{"game":${deep}}}`, 'deep-1'],
      [`{"cmd":"load","record":{"game":${deep}}, "id" : -4.5e1}`, -45],
      [`{"id":"a \\"quoted\\" [id]","cmd":${deep}}`, 'a "quoted" [id]'],
      // An "id" inside a nested object is not the request's.
      [`{"cmd":"load","record":{"id":"inner","game":${deep}}}`, undefined],
      [`{"cmd":${deep}}`, undefined],
    ];
    for (const [line, id] of cases) {
      const response = await answerTo(line);
      expect(response, line.slice(0, 60)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', maxDepth: 64 } });
      expect(response.id, line.slice(0, 60)).toEqual(id);
    }
  });

  it('refuses an id longer than 200 characters, answering with that id', async () => {
    const long = 'i'.repeat(201);
    const response = await answerTo(JSON.stringify({ cmd: 'hello', id: long }));
    expect(response).toMatchObject({ id: long, ok: false, error: { code: 'ID_TOO_LONG', length: 201, max: 200 } });
    expect(response.error.messageFr).toMatch(/201 caractères/);
    expect(await engine.request({ cmd: 'hello', id: 'i'.repeat(200) })).toMatchObject({
      id: 'i'.repeat(200),
      ok: true,
    });
  });

  it('answers a load whose seed, players or game nest 8,000 deep, and changes nothing', async () => {
    await engine.request({ cmd: 'new', game: 'camelot', seed: 3 });
    await engine.request({ cmd: 'play', seat: 0, move: 'F6-F5' });
    const before = await snapshot(engine, 2);
    const deep = `${'['.repeat(8000)}1${']'.repeat(8000)}`;
    for (const field of ['seed', 'players', 'game']) {
      const record = `{"game":"camelot","players":2,"seed":1,"options":{},"moves":[]}`.replace(
        new RegExp(`"${field}":[^,]+`),
        `"${field}":${deep}`,
      );
      const response = await answerTo(`{"cmd":"load","record":${record}}`);
      expect(response).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    }
    expect(await snapshot(engine, 2)).toEqual(before);
  });

  it('refuses a load with a mistyped field in both languages, naming the field, without "undefined"', async () => {
    const before = await snapshot(engine, 2);
    const cases: [Json, RegExp, RegExp][] = [
      [{ game: 3, moves: [] }, /"game"/, /« game »/],
      [{ game: 'camelot', seed: [1], moves: [] }, /"seed"/, /« seed »/],
      [{ game: 'camelot', players: '2', moves: [] }, /"players"/, /« players »/],
      [{ game: 'camelot', moves: 'F6-F5' }, /"moves"/, /« moves »/],
      [{ game: 'camelot', moves: [{ seat: 0 }] }, /move 0/, /le coup 0/],
      [
        { game: 'camelot', moves: [{ seat: 0, move: 'A1-A2' }] },
        /move 0 \("A1-A2" by seat 0\) was refused: Cannot read the move/,
        /le coup 0 \(« A1-A2 », siège 0\) a été refusé : Impossible de lire le coup/,
      ],
    ];
    for (const [record, en, fr] of cases) {
      const response = await engine.request({ cmd: 'load', record });
      expect(response.error.code).toBe('BAD_RECORD');
      expect(response.error.message).toMatch(en);
      expect(response.error.messageFr).toMatch(fr);
      expect(`${response.error.message} ${response.error.messageFr}`).not.toMatch(/undefined/);
      // No English inside the French message.
      expect(response.error.messageFr).not.toMatch(/ must | was refused|Cannot read/);
    }
    expect(await snapshot(engine, 2)).toEqual(before);
  });

  it('skips a line longer than the limit and answers it once', async () => {
    const response = await answerTo(`{"cmd":"status","pad":"${'x'.repeat(9 * 1024 * 1024)}"}`);
    expect(response).toMatchObject({ ok: false, error: { code: 'LINE_TOO_LONG' } });
    expect(await engine.request({ cmd: 'status' })).toMatchObject({ ok: true, ply: 1 });
  });

  it('refuses perft deeper than the game allows instead of blocking', async () => {
    expect(await engine.request({ cmd: 'perft', depth: 12 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_DEPTH', max: 6 },
    });
    expect(await engine.request({ cmd: 'perft', depth: -1 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_DEPTH' },
    });
  });

  it('reads a typed prototype name as a bad move in every card game', async () => {
    for (const [game, players] of [
      ['joust', 3],
      ['tournament', 3],
      ['shadows', 3],
    ] as const) {
      await engine.request({ cmd: 'new', game, players, seed: 2 });
      const seat = (await engine.request({ cmd: 'status' })).toMove[0] as number;
      for (const move of ['constructor', '__proto__', 'play constructor', 'toString']) {
        const response = await engine.request({ cmd: 'play', seat, move });
        expect(response.error?.code, `${game}: ${move}`).toBe('BAD_NOTATION');
      }
    }
  });
});
