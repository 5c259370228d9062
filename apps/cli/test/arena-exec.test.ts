import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkers } from '@roundtable/ai';
import { camelot } from '@roundtable/camelot';
import { Match, type AnyGame, type MatchRecord } from '@roundtable/core';
import { joust } from '@roundtable/joust';
import { shadows } from '@roundtable/shadows';
import { runArena } from '../src/arena/arena.ts';
import { BIN } from './fixtures/engine-process.ts';

afterAll(() => closeWorkers());

const RECORDER = fileURLToPath(new URL('./fixtures/recording-engine.mjs', import.meta.url));
type Json = Record<string, any>;

/** Runs one arena game with the recording engine at `seat`; returns what it received and the game played. */
async function recorded(
  game: AnyGame,
  players: number,
  seat: number,
  seed: string,
): Promise<{ received: Json[]; record: MatchRecord; outcome: Json }> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-exec-'));
  const file = join(dir, 'received.jsonl');
  const jsonl = join(dir, 'games.jsonl');
  process.env.RECORD_FILE = file;
  try {
    const bots = Array.from({ length: players }, (_, s) =>
      s === seat ? `exec:${process.execPath} ${RECORDER}` : 'greedy',
    );
    const r = await runArena({ game, bots, players, games: 1, seed, jsonl });
    expect(r.played).toBe(1);
  } finally {
    delete process.env.RECORD_FILE;
  }
  const received = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  const line = JSON.parse(readFileSync(jsonl, 'utf8').trim()) as { record: MatchRecord; outcome: Json };
  return { received, record: line.record, outcome: line.outcome };
}

/** Every key anywhere in a JSON value. */
function keys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keys(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keys(v, out);
    }
  }
  return out;
}

describe("arena: an outside engine (exec:) receives its seat's view and nothing else", () => {
  for (const [game, players, seat] of [
    [joust, 3, 1],
    [shadows, 4, 2],
  ] as [AnyGame, number, number][]) {
    it(`${game.id}: every turn carries exactly the view of its seat at that ply, never the seed or another hand`, async () => {
      const { received, record } = await recorded(game, players, seat, `secrets/${game.id}`);
      expect(received[0]).toMatchObject({ cmd: 'hello' });
      const turns = received.filter((m) => m.cmd === 'turn');
      expect(turns.length).toBeGreaterThan(0);
      expect(received.at(-1)).toMatchObject({ cmd: 'quit' });
      // Replay the game and compare each turn with the true state at its ply.
      const match = Match.create(game, { players: record.players, options: record.options, seed: record.seed });
      if (!match.ok) throw new Error(match.error.code);
      let ply = 0;
      for (const turn of turns) {
        expect(Object.keys(turn).sort()).toEqual([
          'cmd',
          'game',
          'id',
          'legal',
          'options',
          'players',
          'ply',
          'seat',
          'view',
        ]);
        expect(keys(turn).has('seed')).toBe(false);
        while (ply < turn.ply) {
          const m = record.moves[ply] as { seat: number; move: string };
          expect(match.value.play(m.seat, m.move).ok).toBe(true);
          ply++;
        }
        expect(turn.seat).toBe(seat);
        expect(turn.view).toEqual(JSON.parse(JSON.stringify(game.view(match.value.state, seat))));
        expect(turn.legal).toEqual(match.value.legalNotation(seat));
        // What the other seats know is not in it: their views differ from this one.
        for (let other = 0; other < players; other++) {
          if (other !== seat)
            expect(turn.view).not.toEqual(JSON.parse(JSON.stringify(game.view(match.value.state, other))));
        }
      }
      // Joust: the only hand in a turn is the seat's own (`me.hand`); the others are counts.
      if (game.id === 'joust') {
        for (const turn of turns) {
          expect(turn.view.me.seat).toBe(seat);
          expect(JSON.stringify(turn.view).match(/"hand":/g)).toHaveLength(1);
        }
      }
    }, 60_000);
  }

  for (const mode of ['illegal', 'silent']) {
    it(`forfeits a game for an ${mode === 'illegal' ? 'illegal move' : 'engine that does not answer'} instead of stopping the arena`, async () => {
      process.env.RECORDING_ENGINE_MODE = mode;
      try {
        const r = await runArena({
          game: camelot,
          bots: [`exec:${process.execPath} ${RECORDER}`, 'random'],
          games: 2,
          seed: 'forfeit',
          ms: 100,
        });
        expect(r.reasons).toEqual({ forfeit: 2 });
        expect(r.entrants[0]).toMatchObject({ name: 'exec:recorder', losses: 2 });
      } finally {
        delete process.env.RECORDING_ENGINE_MODE;
      }
    }, 60_000);
  }

  it('plays our own engine as an outside one (exec:"roundtable engine") under a clock, and records the games', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-self-'));
    const jsonl = join(dir, 'games.jsonl');
    const r = await runArena({
      game: camelot,
      bots: [`exec:${process.execPath} ${BIN} engine --level easy`, 'greedy'],
      games: 2,
      seed: 'self',
      clock: { ms: 20_000, inc: 100 },
      jsonl,
    });
    expect(r.played).toBe(2);
    expect(r.entrants[0]?.name).toBe('exec:Round Table');
    expect(r.reasons.forfeit).toBeUndefined();
    const lines = readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(l.clock).toHaveLength(2);
      expect(Match.create(camelot, { seed: l.record.seed }).ok).toBe(true);
    }
  }, 120_000);
});

describe('arena clocks', () => {
  it('a seat whose clock runs out loses the game (reason time), and the record says how much time was left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-clock-'));
    const jsonl = join(dir, 'games.jsonl');
    // 200 ms for the game: the outside engine answers each move 400 ms late; random answers in microseconds.
    process.env.RECORDING_ENGINE_MODE = 'slow';
    let r;
    try {
      r = await runArena({
        game: camelot,
        bots: [`exec:${process.execPath} ${RECORDER}`, 'random'],
        games: 2,
        seed: 'flag',
        clock: { ms: 200, inc: 0 },
        jsonl,
      });
    } finally {
      delete process.env.RECORDING_ENGINE_MODE;
    }
    expect(r.reasons).toEqual({ time: 2 });
    expect(r.entrants[0]).toMatchObject({ name: 'exec:recorder', losses: 2 });
    const lines = readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    for (const l of lines) {
      const flagged = l.seats.indexOf('exec:recorder');
      expect(l.outcome.winners).toEqual([1 - flagged]);
      expect(l.clock[flagged]).toBeLessThan(0);
    }
  }, 60_000);
});

describe('arena flags for outside engines and clocks', () => {
  const sink = () => {
    let text = '';
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (text += d.toString()));
    return { stream, text: () => text };
  };
  const refused = async (args: string[], message: RegExp) => {
    const { arenaCommand } = await import('../src/arena/command.ts');
    const err = sink();
    expect(await arenaCommand(args, (id) => (id === 'camelot' ? camelot : undefined), sink().stream, err.stream)).toBe(
      2,
    );
    expect(err.text()).toMatch(message);
  };
  it('refuses a clock with another budget', () =>
    refused(
      ['camelot', '--bots', 'greedy', '--clock', '1000', '--ms', '50'],
      /--clock replaces --ms and --iterations/,
    ));
  it('refuses a bad clock', () =>
    refused(['camelot', '--bots', 'greedy', '--clock', '1000+'], /--clock must be MS or MS\+INC/));
  it('refuses exec: without a command', () => refused(['camelot', '--bots', 'exec:,greedy'], /exec: names a command/));
  it('refuses an engine that ends before its hello', () =>
    refused(
      ['camelot', '--bots', `exec:${process.execPath} -e "process.exit(3)",greedy`, '--games', '1'],
      /exited \(code 3\)/,
    ));
});
