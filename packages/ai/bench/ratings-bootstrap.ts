// The published ratings' method (packages/ai/README.md, "Ratings"): one Bradley–Terry fit over the games of
// arena --jsonl files (several runs, e.g. the line-up in both orders; bots matched by name), shifted so that greedy
// is 1000, with 95% intervals from a bootstrap over games (each file resampled on its own, the Elo refitted):
//   npx tsx packages/ai/bench/ratings-bootstrap.ts run1.jsonl run2.jsonl [--resamples 300]
import { readFileSync } from 'node:fs';
import { createRng, nextInt } from '@roundtable/core';
import { eloRatings, type PairResult } from '../../../apps/cli/src/arena/stats.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

interface Line {
  seats: string[];
  outcome: { winners: number[]; draw: boolean };
}

function pairsOf(games: readonly Line[], names: readonly string[]): PairResult[] {
  const pairs: PairResult[] = [];
  for (const g of games) {
    const idx = g.seats.map((s) => names.indexOf(s));
    const winners = new Set(g.outcome.winners);
    for (let a = 0; a < g.seats.length; a++) {
      for (let b = a + 1; b < g.seats.length; b++) {
        const wa = winners.has(a);
        const wb = winners.has(b);
        const A = idx[a] as number;
        const B = idx[b] as number;
        if (wa && !wb) pairs.push({ a: A, b: B, score: 1 });
        else if (wb && !wa) pairs.push({ a: A, b: B, score: 0 });
        else if (wa || winners.size === 0) pairs.push({ a: A, b: B, score: 0.5 });
      }
    }
  }
  return pairs;
}

function fit(games: readonly Line[], names: readonly string[]): number[] {
  const elo = eloRatings(names.length, pairsOf(games, names));
  const g = names.indexOf('greedy');
  const shift = g >= 0 ? 1000 - (elo[g] as number) : 0;
  return elo.map((e) => e + shift);
}

export function ratingsFromJsonl(files: readonly string[], resamples = 300): string {
  const runs: Line[][] = files.map((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Line),
  );
  const games = runs.flat();
  const names = [...new Set(games.flatMap((g) => g.seats))];
  const order = ['random', 'greedy', 'easy', 'medium', 'strong'];
  names.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || (a < b ? -1 : 1));
  const point = fit(games, names);
  const rng = createRng('bootstrap');
  const samples: number[][] = names.map(() => []);
  for (let r = 0; r < resamples; r++) {
    const pick = runs.flatMap((run) => run.map(() => run[nextInt(rng, run.length)] as Line));
    fit(pick, names).forEach((e, i) => samples[i]?.push(e));
  }
  const wins = names.map((n) =>
    games.reduce((s, g) => {
      const i = g.seats.indexOf(n);
      return s + (i >= 0 && g.outcome.winners.includes(i) ? 1 / g.outcome.winners.length : 0);
    }, 0),
  );
  const ci = (xs: number[]): [number, number] => {
    const v = [...xs].sort((a, b) => a - b);
    return [v[Math.floor(0.025 * v.length)] as number, v[Math.ceil(0.975 * v.length) - 1] as number];
  };
  // Neighbouring levels: the gap's own interval (the two ratings' intervals share greedy's anchor, so they overlap more).
  const gaps = [
    ['easy', 'medium'],
    ['medium', 'strong'],
  ]
    .filter(([a, b]) => names.includes(a as string) && names.includes(b as string))
    .map(([a, b]) => {
      const i = names.indexOf(a as string);
      const j = names.indexOf(b as string);
      const d = (samples[j] as number[]).map((x, r) => x - ((samples[i] as number[])[r] as number));
      const [lo, hi] = ci(d);
      return `${b} − ${a}: ${Math.round((point[j] as number) - (point[i] as number))} [${Math.round(lo)}–${Math.round(hi)}]`;
    });
  return names
    .map((n, i) => {
      const s = (samples[i] as number[]).sort((a, b) => a - b);
      const lo = s[Math.floor(0.025 * s.length)] as number;
      const hi = s[Math.ceil(0.975 * s.length) - 1] as number;
      return `${n.padEnd(8)} ${Math.round(point[i] as number)
        .toString()
        .padStart(
          5,
        )} [${Math.round(lo)}–${Math.round(hi)}]  wins ${(wins[i] as number).toFixed(1)}/${games.length} (${((100 * (wins[i] as number)) / games.length).toFixed(1)}%)`;
    })
    .concat(gaps)
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const k = args.indexOf('--resamples');
  const resamples = k >= 0 ? Number(args[k + 1]) : 300;
  const files = args.filter((a, i) => a !== '--resamples' && (k < 0 || i !== k + 1));
  console.log(ratingsFromJsonl(files, resamples));
}
