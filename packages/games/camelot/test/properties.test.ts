import { Match, createRng, nextInt, replay, type Outcome } from '@roundtable/core';
import { describe, expect, it } from 'vitest';
import { camelot, type CamelotState } from '../src/index.ts';
import { load, position, start, write } from './build.ts';

/** Random play through the pure interface only (legalMoves + play), as any front door would. */
function randomGame(seed: number, from: CamelotState = start()): { state: CamelotState; plies: number } {
  const rng = createRng(seed);
  let state = from;
  let plies = 0;
  while (!camelot.outcome(state)) {
    const moves = camelot.legalMoves(state, state.side);
    const next = camelot.play(state, state.side, moves[nextInt(rng, moves.length)]!);
    if (!next.ok) throw new Error(JSON.stringify(next.error));
    state = next.value;
    plies++;
    if (plies > 5000) throw new Error('game did not end');
  }
  return { state, plies };
}

describe('Any random legal game reaches an outcome', () => {
  it('on the Camelot board', () => {
    const reasons = new Set<string>();
    for (let seed = 1; seed <= 24; seed++) {
      const { state } = randomGame(seed);
      const outcome = camelot.outcome(state) as Outcome;
      expect(['castle', 'annihilation', 'bare', 'no-moves', 'repetition', 'fifty-moves']).toContain(outcome.reason);
      expect(outcome.draw).toBe(outcome.winners.length === 0);
      reasons.add(outcome.reason);
    }
    expect(reasons.size).toBeGreaterThan(1);
  });

  it('on the Cam board', () => {
    const cam = camelot.setup({ players: 2, options: { variant: 'cam' }, seed: 1 });
    if (!cam.ok) throw new Error('setup');
    expect(camelot.position!.write(cam.value)).toBe('1/3/5/2k1k2/1mmmmm1/7/7/7/1MMMMM1/2K1K2/5/3/1 w 0,0 0 1');
    for (let seed = 1; seed <= 10; seed++) expect(camelot.outcome(randomGame(seed, cam.value).state)).not.toBeNull();
  });
});

describe('The fast paths agree with the pure interface', () => {
  it('a playout makes the same random choices and reaches the same outcome as legalMoves + play', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const fast = camelot.playout!(start(), createRng(seed));
      expect(fast).toEqual(camelot.outcome(randomGame(seed).state));
    }
  });

  it('…and reach the verdict of the end rules in force, where the two readings differ', () => {
    // White's last piece captures the last Black one; White's last piece moves and Black is left without a move.
    const capture = position('M:E6 m:E7 m:E9');
    const stalemate = position('M:A4 m:F16 m:E15 m:F15 m:G15 m:F14 m:D14 m:H14');
    const expected = {
      seed: [
        { winners: [0], draw: false, reason: 'annihilation' },
        { winners: [0], draw: false, reason: 'no-moves' },
      ],
      wcf: [
        { winners: [], draw: true, reason: 'bare' },
        { winners: [], draw: true, reason: 'no-moves' },
      ],
    };
    for (const ends of ['seed', 'wcf'] as const) {
      [capture, stalemate].forEach((text, i) => {
        const from = load(text, ends);
        for (let seed = 1; seed <= 5; seed++) {
          expect(camelot.playout!(from, createRng(seed)), `${ends} ${text}`).toEqual(expected[ends][i]);
          expect(camelot.outcome(randomGame(seed, from).state)).toEqual(expected[ends][i]);
        }
      });
    }
  });

  it('perft(1..3) from the start: 100, 10 026, 1 070 822 (checked against the reference generator)', () => {
    expect(camelot.perft!(start(), 1)).toBe(100);
    expect(camelot.perft!(start(), 2)).toBe(10026);
    expect(camelot.perft!(start(), 3)).toBe(1070822);
  });

  it('perft(2) equals the sum of perft(1) over the legal moves, on positions along a game', () => {
    const rng = createRng(99);
    let state = start();
    for (let ply = 0; ply < 40 && !camelot.outcome(state); ply++) {
      const moves = camelot.legalMoves(state, state.side);
      let sum = 0;
      for (const m of moves) {
        const next = camelot.play(state, state.side, m);
        if (next.ok && !next.value.outcome) sum += camelot.legalMoves(next.value, next.value.side).length;
      }
      expect(camelot.perft!(state, 2)).toBe(sum);
      state = (camelot.play(state, state.side, moves[nextInt(rng, moves.length)]!) as { ok: true; value: CamelotState })
        .value;
    }
  });
});

describe('Replays', () => {
  it('a match record replays to the identical state', () => {
    const created = Match.create(camelot, { seed: 5 });
    if (!created.ok) throw new Error('create');
    const match = created.value;
    const rng = createRng(5);
    while (!match.outcome() && match.ply < 300) {
      const seat = match.toMove()[0]!;
      const moves = match.legalNotation(seat);
      expect(match.play(seat, moves[nextInt(rng, moves.length)]).ok).toBe(true);
    }
    const again = replay(camelot, JSON.parse(JSON.stringify(match.record())));
    expect(again.ok).toBe(true);
    if (again.ok)
      expect(camelot.serialize(again.value.state as CamelotState)).toEqual(
        camelot.serialize(match.state as CamelotState),
      );
  });

  it('a record from a position string replays from that position', () => {
    const from = position('M:E6 M:A4 m:E7 m:E9 m:L13');
    const created = Match.create(camelot, { position: from });
    if (!created.ok) throw new Error('create');
    expect(created.value.play(0, 'E6xE8xE10').ok).toBe(true);
    const again = replay(camelot, created.value.record());
    expect(again.ok && write(again.value.state as CamelotState)).toBe(write(created.value.state as CamelotState));
  });

  it('a record with an illegal move is refused with the index of that move', () => {
    const bad = replay(camelot, {
      game: 'camelot',
      players: 2,
      options: {},
      seed: 1,
      moves: [
        { seat: 0, move: 'F6-F5' },
        { seat: 1, move: 'F6-F4' },
      ],
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_RECORD', index: 1 } });
  });
});

describe('The view as JSON text (the server fast path)', () => {
  it('viewJson is exactly JSON.stringify(view) along games, also after a deserialised state and on both boards', () => {
    let checked = 0;
    for (const [seed, variant] of [
      [5, 'camelot'],
      [6, 'cam'],
      [7, 'camelot'],
    ] as const) {
      const rng = createRng(seed);
      const first = camelot.setup({ players: 2, options: { variant }, seed });
      if (!first.ok) throw new Error('setup');
      let state = first.value;
      for (let ply = 0; ply < 400 && !camelot.outcome(state); ply++) {
        // Asked now and then only (as a server reloading a match would), and from a copy read back once.
        if (ply % 3 === 0) expect(camelot.viewJson!(state, 0)).toBe(JSON.stringify(camelot.view(state, 0)));
        if (ply === 40) {
          const back = camelot.deserialize(camelot.serialize(state));
          if (back.ok) state = back.value;
        }
        const moves = camelot.legalMoves(state, state.side);
        state = (
          camelot.play(state, state.side, moves[nextInt(rng, moves.length)]!) as { ok: true; value: CamelotState }
        ).value;
        checked++;
      }
      expect(camelot.viewJson!(state, 'spectator')).toBe(JSON.stringify(camelot.view(state, 'spectator')));
      expect(camelot.outcome(state) === null || camelot.viewJson!(state, 1).includes('"toMove":[]')).toBe(true);
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('State serialisation', () => {
  it('round-trips states along a game, with the repetition history', () => {
    const rng = createRng(3);
    let state = start();
    for (let ply = 0; ply < 150 && !camelot.outcome(state); ply++) {
      const back = camelot.deserialize(JSON.parse(JSON.stringify(camelot.serialize(state))));
      expect(back.ok && back.value).toEqual(state);
      const moves = camelot.legalMoves(state, state.side);
      state = (camelot.play(state, state.side, moves[nextInt(rng, moves.length)]!) as { ok: true; value: CamelotState })
        .value;
    }
  });

  it("keeps the end rules, and reads a state stored before the option existed as the seed's", () => {
    const wcf = camelot.setup({ players: 2, options: { variant: 'camelot', ends: 'wcf' }, seed: 1 });
    if (!wcf.ok) throw new Error('setup');
    expect(wcf.value.ends).toBe('wcf');
    expect(camelot.serialize(wcf.value)).toMatchObject({ variant: 'camelot', ends: 'wcf' });
    expect(camelot.deserialize(JSON.parse(JSON.stringify(camelot.serialize(wcf.value))))).toEqual({
      ok: true,
      value: wcf.value,
    });
    expect(camelot.view(wcf.value, 'spectator').ends).toBe('wcf');
    const old = camelot.deserialize({ variant: 'camelot', position: write(start()) });
    expect(old.ok && old.value.ends).toBe('seed');
  });

  it.each([
    [null],
    [{ variant: 'camelot', ends: 'brainking', position: write(start()) }],
    [{ variant: 'chess', position: 'x' }],
    [{ variant: 'camelot', position: 42 }],
    [{ variant: 'camelot', position: 'nonsense' }],
    [{ variant: 'camelot', position: write(start()), history: [1, 2, 3] }],
    [{ variant: 'camelot', position: write(start()), history: 'abc' }],
  ])('refuses a bad stored state %j', (data) => {
    expect(camelot.deserialize(data).ok).toBe(false);
  });

  it('the view of a seat and of a spectator is the whole position (no secrets in Camelot), and determinize restores it', () => {
    const s = start();
    expect(camelot.view(s, 0)).toEqual(camelot.view(s, 'spectator'));
    expect(camelot.determinize(camelot.view(s, 1), 1, createRng(1))).toEqual(s);
  });
});

describe('A refused move changes nothing', () => {
  it('leaves the state deep-equal to before, whatever is refused', () => {
    const s = load(position('M:E6 M:A4 m:E7 m:E9 m:L13'));
    const before = structuredClone(s);
    for (const text of ['A4-A5', 'E6xE8', 'Q1', 'L13-L12', 'E6-E5']) camelot.parseMove(s, 0, text);
    expect(camelot.play(s, 0, { from: 0, to: 1, captures: [], path: [1], jumps: [false] }).ok).toBe(false);
    expect(camelot.play(s, 1, camelot.legalMoves(s, 0)[0]!).ok).toBe(false);
    expect(s).toEqual(before);
  });

  it('through a Match: the state and the record stay as they were', () => {
    const created = Match.create(camelot, {});
    if (!created.ok) throw new Error('create');
    const m = created.value;
    m.play(0, 'F6-F5');
    const snapshot = JSON.stringify([camelot.serialize(m.state as CamelotState), m.record()]);
    for (const [seat, move] of [
      [0, 'D11-D10'],
      [1, 'F6-F4'],
      [1, ''],
      [7, 'F11-F10'],
      [1, 42],
      ['1', 'F11-F10'],
    ] as const) {
      expect(m.play(seat, move).ok).toBe(false);
    }
    expect(JSON.stringify([camelot.serialize(m.state as CamelotState), m.record()])).toBe(snapshot);
  });
});
