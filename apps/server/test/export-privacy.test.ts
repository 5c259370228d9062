import { describe, expect, it } from 'vitest';
import { exportLine, publishable } from '../src/records/format.ts';
import type { ExportCandidate } from '../src/records/store.ts';

// Who may be published and how they are named (FORMAT.md "What is published, and what is left out").
type SeatOf = ExportCandidate['seats'][number];
const seat = (s: number, more: Partial<SeatOf> = {}): SeatOf => ({
  seat: s,
  kind: 'human',
  name: `typed name ${s}`,
  level: null,
  account: null,
  consent: false,
  ...more,
});
const candidate = (seats: SeatOf[], settings: Partial<ExportCandidate['settings']> = {}): ExportCandidate => ({
  id: 'm1',
  game: 'camelot',
  players: seats.length,
  options: {},
  seed: 7,
  position: null,
  settings: { clock: null, abandon: null, ...settings },
  status: 'finished',
  outcome: { winners: [0], draw: false, reason: 'resignation' },
  createdAt: 0,
  endedAt: 1000,
  seats,
  moves: [],
});

describe('which matches are published', () => {
  it('a rated match always; an unrated one only when every person agreed, by seat or by account', () => {
    expect(publishable(candidate([seat(0), seat(1)], { rated: true }))).toBe(true);
    expect(publishable(candidate([seat(0), seat(1)]))).toBe(false);
    expect(publishable(candidate([seat(0, { consent: true }), seat(1)]))).toBe(false);
    expect(
      publishable(candidate([seat(0, { consent: true }), seat(1, { account: { name: 'Kay', consent: true } })])),
    ).toBe(true);
    expect(
      publishable(candidate([seat(0, { account: { name: 'Kay', consent: false } }), seat(1, { consent: true })])),
    ).toBe(false);
  });

  it("bots need no one's consent, whether the server's bots or bot accounts", () => {
    expect(publishable(candidate([seat(0, { consent: true }), seat(1, { kind: 'bot', level: 'greedy' })]))).toBe(true);
    expect(publishable(candidate([seat(0, { consent: true }), seat(1)], { botSeats: [1] }))).toBe(true);
  });
});

describe('how players are named', () => {
  it('accounts by their name, guests and deleted accounts not at all, bots by name or level', () => {
    const line = exportLine(
      candidate(
        [
          seat(0, { account: { name: 'Galahad', consent: false } }),
          seat(1),
          seat(2, { account: { name: null, consent: false } }),
          seat(3, { kind: 'bot', name: null, level: 'greedy' }),
        ],
        { rated: true },
      ),
    );
    expect(line.seats).toEqual([
      { seat: 0, kind: 'human', name: 'Galahad' },
      { seat: 1, kind: 'human', name: null },
      { seat: 2, kind: 'human', name: null },
      { seat: 3, kind: 'bot', name: null, level: 'greedy' },
    ]);
    expect(JSON.stringify(line)).not.toContain('typed name');
    expect(line).toMatchObject({ rated: true, endedAt: '1970-01-01T00:00:01.000Z', licence: 'CC0-1.0' });
  });
});
