import { describe, expect, it } from 'vitest';
import { Match, err, ok, readOptions, replay, type Game, type OptionSpec } from '../src/index.ts';

// A tiny game to check the Match machinery on its own: Nim with one heap, take 1 to `max` sticks,
// whoever takes the last stick wins.
interface Nim {
  heap: number;
  toMove: number;
  winner: number | null;
}
const specs: OptionSpec[] = [
  { key: 'heap', kind: 'integer', default: 10, min: 1, max: 100, label: { en: 'Heap', fr: 'Tas' } },
  { key: 'max', kind: 'integer', default: 3, min: 1, max: 10, label: { en: 'Max', fr: 'Max' } },
];
type NimOptions = { heap: number; max: number };
const nim: Game<Nim & { max: number }, number, Nim, NimOptions> = {
  id: 'nim',
  name: { en: 'Nim', fr: 'Nim' },
  minPlayers: 2,
  maxPlayers: 3,
  perfectInformation: true,
  options: specs,
  messages: {
    TOO_MANY: { en: (e) => `Take at most ${String(e.max)}.`, fr: (e) => `Prenez au plus ${String(e.max)}.` },
  },
  parseOptions: (raw, players) => {
    const r = readOptions(specs, raw, players);
    return r.ok ? ok(r.value as NimOptions) : r;
  },
  setup: ({ options }) => ok({ heap: options.heap, max: options.max, toMove: 0, winner: null }),
  players: () => 2,
  toMove: (s) => (s.winner === null ? [s.toMove] : []),
  legalMoves: (s, seat) =>
    s.winner !== null || seat !== s.toMove ? [] : Array.from({ length: Math.min(s.max, s.heap) }, (_, i) => i + 1),
  play: (s, seat, n) => {
    if (seat !== s.toMove) return err({ code: 'NOT_YOUR_TURN', seat });
    if (n > s.max || n > s.heap || n < 1) return err({ code: 'TOO_MANY', max: Math.min(s.max, s.heap) });
    const heap = s.heap - n;
    return ok({ ...s, heap, toMove: 1 - s.toMove, winner: heap === 0 ? seat : null });
  },
  outcome: (s) => (s.winner === null ? null : { winners: [s.winner], draw: false, reason: 'last-stick' }),
  view: (s) => ({ heap: s.heap, toMove: s.toMove, winner: s.winner }),
  determinize: (v) => ({ ...v, max: 3 }),
  formatMove: (_s, n) => String(n),
  parseMove: (_s, _seat, text) =>
    /^\d+$/.test(text) ? ok(Number(text)) : err({ code: 'BAD_NOTATION', text, reason: 'a number' }),
  serialize: (s) => s,
  deserialize: (d) => ok(d as Nim & { max: number }),
  seatName: (seat) => `P${seat}`,
};

describe('Match', () => {
  it('validates players, seed and options when created', () => {
    expect(Match.create(nim, { players: 4 })).toMatchObject({ ok: false, error: { code: 'BAD_PLAYERS', players: 4 } });
    expect(Match.create(nim, { seed: 1.5 })).toMatchObject({ ok: false, error: { code: 'BAD_SEED' } });
    expect(Match.create(nim, { options: { heap: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'heap' },
    });
    expect(Match.create(nim, { position: 'x' })).toMatchObject({ ok: false, error: { code: 'BAD_POSITION' } });
  });

  it('plays moves in notation, checks seats, and keeps a record that replays', () => {
    const m = (Match.create(nim, { options: { heap: 5 } }) as { ok: true; value: Match }).value;
    expect(m.play(1, '1')).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN', seat: 1, toMove: [0] } });
    expect(m.play(5, '1')).toMatchObject({ ok: false, error: { code: 'BAD_SEAT', seat: 5 } });
    expect(m.play(0, 'x')).toMatchObject({ ok: false, error: { code: 'BAD_NOTATION' } });
    expect(m.play(0, '4')).toMatchObject({ ok: false, error: { code: 'TOO_MANY', max: 3 } });
    expect(m.play(0, null)).toMatchObject({ ok: false, error: { code: 'BAD_NOTATION' } });
    expect(m.ply).toBe(0);
    expect(m.play(0, '3')).toEqual({ ok: true, value: '3' });
    expect(m.play(1, '2')).toEqual({ ok: true, value: '2' });
    expect(m.outcome()).toEqual({ winners: [1], draw: false, reason: 'last-stick' });
    expect(m.play(0, '1')).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
    const again = replay(nim, JSON.parse(JSON.stringify(m.record())));
    expect(again.ok && again.value.state).toEqual(m.state);
  });

  it('undo takes back moves, and never more than were played', () => {
    const m = (Match.create(nim, {}) as { ok: true; value: Match }).value;
    m.play(0, '1');
    m.play(1, '2');
    expect(m.undo()).toEqual({ ok: true, value: 1 });
    expect(m.state).toMatchObject({ heap: 9, toMove: 1 });
    expect(m.undo(5)).toEqual({ ok: true, value: 1 });
    expect(m.ply).toBe(0);
    expect(m.record().moves).toEqual([]);
  });

  it('refuses bad records with a reason', () => {
    expect(replay(nim, null)).toMatchObject({ ok: false, error: { code: 'BAD_RECORD' } });
    expect(replay(nim, { game: 'chess', moves: [] })).toMatchObject({ ok: false, error: { code: 'BAD_RECORD' } });
    expect(replay(nim, { game: 'nim', moves: 'x' })).toMatchObject({ ok: false, error: { code: 'BAD_RECORD' } });
    expect(
      replay(nim, { game: 'nim', players: 2, seed: 1, options: {}, moves: [{ seat: 0, move: '9' }] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'BAD_RECORD', index: 0 },
    });
  });
});
