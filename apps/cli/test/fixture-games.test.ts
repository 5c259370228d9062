/**
 * The games kept for tests (packages/games/stones, packages/games/sealed), registered in the catalog like the
 * others and listed with ROUNDTABLE_FIXTURES=1: the engine protocol and the arena play them without a line of
 * their own, which is what "a new game = its own folders + one catalog line" means for the terminal.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type Json } from './fixtures/engine-process.ts';

process.env.ROUNDTABLE_FIXTURES = '1';
const { LINES } = await import('@roundtable/catalog');
const { gameById } = await import('@roundtable/catalog');
const { runArena } = await import('../src/arena/arena.ts');

/** `roundtable engine` with the fixtures on (or off), one JSON line at a time. */
function engine(fixtures: boolean) {
  const env = { ...process.env, NO_COLOR: '1', ROUNDTABLE_FIXTURES: fixtures ? '1' : '0' };
  const child = spawn(process.execPath, [BIN, 'engine'], { env });
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  return {
    send: (request: Json): Promise<Json> =>
      new Promise((resolve) => {
        waiting.push((line) => resolve(JSON.parse(line) as Json));
        child.stdin.write(`${JSON.stringify(request)}\n`);
      }),
    kill: () => child.kill(),
  };
}

describe('the games kept for tests, through the engine protocol', () => {
  let on: ReturnType<typeof engine>;
  let off: ReturnType<typeof engine>;
  beforeAll(() => {
    on = engine(true);
    off = engine(false);
  });
  afterAll(() => {
    on.kill();
    off.kill();
  });

  it('lists every game of the catalog, the fixtures only when asked for', async () => {
    const listed = ((await on.send({ cmd: 'games' })).games as Json[]).map((g) => g.id);
    expect(listed).toEqual(LINES.map((l) => l.descriptor.id));
    const plain = ((await off.send({ cmd: 'games' })).games as Json[]).map((g) => g.id);
    expect(plain).toEqual(LINES.filter((l) => !l.descriptor.fixture).map((l) => l.descriptor.id));
    expect(plain).not.toContain('stones');
  });

  for (const [id, players] of [
    ['stones', 2],
    ['sealed', 3],
  ] as const) {
    it(`plays ${id} to its end with bots, refuses a bad move, and replays its record`, async () => {
      const created = await on.send({ cmd: 'new', game: id, players, seed: 11, options: {} });
      expect(created).toMatchObject({ ok: true, toMove: [0] });
      const bad = await on.send({ cmd: 'play', seat: 0, move: 'take 9 play 99' });
      expect(bad.ok).toBe(false);
      expect(typeof bad.error.messageFr).toBe('string');
      let outcome: Json | null = null;
      let toMove: number[] = created.toMove;
      let plies = 0;
      while (outcome === null && plies < 100) {
        const seat = toMove[0] as number;
        const chosen = await on.send({ cmd: 'bot', seat, level: plies % 2 ? 'greedy' : 'easy', ms: 20 });
        expect(chosen.ok).toBe(true);
        const played = await on.send({ cmd: 'play', seat, move: chosen.move });
        expect(played.ok).toBe(true);
        ({ toMove, outcome } = played as { toMove: number[]; outcome: Json | null });
        plies++;
      }
      expect(outcome).not.toBeNull();
      const record = (await on.send({ cmd: 'record' })).record as Json;
      expect(await on.send({ cmd: 'load', record })).toMatchObject({ ok: true, outcome, ply: plies });
    });
  }

  it('shows a seat of Sealed its own hand only', async () => {
    await on.send({ cmd: 'new', game: 'sealed', players: 2, seed: 5, options: {} });
    const mine = (await on.send({ cmd: 'view', seat: 0 })).view as Json;
    const spectator = (await on.send({ cmd: 'view', seat: 'spectator' })).view as Json;
    expect(mine.hand).toHaveLength(3);
    expect(spectator.hand).toEqual([]);
    expect(JSON.stringify(spectator)).not.toContain('"hands"');
  });
});

describe('the games kept for tests, at the terminal', () => {
  it('plays Stones on the generic drawing and tells its end in the descriptor’s words', async () => {
    const env = { ...process.env, NO_COLOR: '1', ROUNDTABLE_FIXTURES: '1' };
    const child = spawn(
      process.execPath,
      [BIN, 'play', 'stones', '--seed', '1', '--seat0', 'human', '--seat1', 'random'],
      {
        env,
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end('take 3\ntake 3\ntake 3\ntake 1\nquit\n');
    await new Promise((resolve) => child.on('exit', resolve));
    expect(out).toMatch(/Game over\. (First|Second) wins: the last stone was taken\./);
  });
});

describe('the games kept for tests, in the arena', () => {
  it('plays Stones and Sealed bot against bot, every game to its end', async () => {
    for (const id of ['stones', 'sealed']) {
      const game = gameById(id)!;
      const results = await runArena({ game, bots: ['greedy', 'random'], games: 4, seed: 'fixtures', iterations: 20 });
      const first = results.entrants[0]!;
      expect(first.games).toBe(4);
      expect(first.wins + first.draws + first.losses).toBe(4);
    }
  });
});
