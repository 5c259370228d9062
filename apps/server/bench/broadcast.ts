/**
 * What telling a move costs (LiveMatch.broadcast): a Camelot match 100 plies in, its two seats and `--spectators`
 * spectators connected (their sends only count bytes), one broadcast per move with the mover's ack. Prints µs per
 * broadcast. BENCH_LIVE_MATCH=path/to/live-match.ts measures another build's in the same run, alternated.
 *
 *   npx tsx apps/server/bench/broadcast.ts [--spectators 0] [--rounds 11]
 */
import { pathToFileURL } from 'node:url';
import { camelot } from '@roundtable/camelot';
import { createRng, nextInt, type Seat } from '@roundtable/core';
import type { LiveMatch, Listener } from '../src/live-match.ts';
import type { MatchRow, SeatRow } from '../src/storage/store.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const spectators = flag('--spectators', 0);
const rounds = flag('--rounds', 11);
const builds: [string, string][] = [['this build', new URL('../src/live-match.ts', import.meta.url).href]];
if (process.env.BENCH_LIVE_MATCH) builds.unshift(['other build', pathToFileURL(process.env.BENCH_LIVE_MATCH).href]);

// The states of one random game, 100 plies from its start on.
const start = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
if (!start.ok) throw new Error('setup');
const rng = createRng('broadcast');
const states: { state: unknown; seat: Seat; move: string }[] = [];
let state = start.value;
while (!state.outcome && states.length < 160) {
  const seat = state.side;
  const legal = camelot.legalMoves(state, seat);
  const move = legal[nextInt(rng, legal.length)]!;
  const text = camelot.formatMove(state, move);
  const next = camelot.play(state, seat, move);
  if (!next.ok) throw new Error('play');
  state = next.value;
  states.push({ state, seat, move: text });
}
const played = states.slice(100);
const row: MatchRow = {
  id: 'abcdefghijkl',
  game: 'camelot',
  players: 2,
  options: { variant: 'camelot' },
  seed: 'seed' as unknown as MatchRow['seed'],
  position: null,
  settings: { clock: null, abandon: null } as unknown as MatchRow['settings'],
  status: 'active',
  outcome: null,
  createdAt: 0,
};
const seats: SeatRow[] = [0, 1].map((seat) => ({ seat, kind: 'human', name: null, level: null, tokenHash: null }));
let bytes = 0;
const listener = (seat: Seat | null): Listener => ({
  seat,
  lang: 'en',
  lastKey: null,
  // As ws does with a string: its UTF-8 length (which flattens it), then the bytes.
  send: (text) => void (bytes += Buffer.from(text).length),
});

const times = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const [name, url] of builds) {
    const { LiveMatch: Live } = (await import(url)) as { LiveMatch: typeof LiveMatch };
    const live = new Live(camelot as never, row, seats, played[0]!.state, 100, 'active', null);
    const ls = [listener(0), listener(1), ...Array.from({ length: spectators }, () => listener(null))];
    for (const l of ls) live.listeners.add(l);
    const n = 5_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const p = played[i % played.length]!;
      live.state = p.state;
      live.ply = 100 + (i % played.length);
      live.broadcast({ seat: p.seat, move: p.move }, { listener: ls[p.seat]!, ack: i });
    }
    const us = ((performance.now() - t0) * 1000) / n;
    times.set(name, [...(times.get(name) ?? []), us]);
  }
}
// The median of the rounds: the machine's load comes and goes, both builds see it alike.
for (const [name, us] of times) {
  const sorted = [...us].sort((a, b) => a - b);
  console.log(
    `${name}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} µs per broadcast (${2 + spectators} listeners; rounds ${sorted.map((x) => x.toFixed(1)).join(' ')})`,
  );
}
if (bytes === 0) throw new Error('nothing sent');
