/**
 * Where a process allocates: the top functions of a sampling heap profile taken with every allocation kept,
 * collected or not (load.ts with BENCH_PROFILE=file BENCH_PROFILE_KIND=allocations), by bytes allocated, as shares.
 * What is allocated per move is what the garbage collector clears per move.
 *
 *   npx tsx apps/server/bench/heap-top.ts allocations.heapprofile [--top 25]
 */
import { readFileSync } from 'node:fs';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

const argv = process.argv.slice(2);
const file = argv.find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('usage: heap-top.ts allocations.heapprofile [--top 25]\n');
  process.exit(2);
}
const topAt = argv.indexOf('--top');
const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25;
if (!Number.isInteger(top) || top < 0) {
  process.stderr.write('--top must be a whole number\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
const bytes = new Map<string, number>();
let total = 0;
const walk = (n: HeapNode): void => {
  const f = n.callFrame;
  const url = f.url.replace(/^.*\/(apps|packages)\//, '$1/').replace(/^.*node_modules\//, '');
  const name = `${f.functionName || '(anonymous)'} ${url}${url ? `:${f.lineNumber + 1}` : ''}`;
  bytes.set(name, (bytes.get(name) ?? 0) + n.selfSize);
  total += n.selfSize;
  for (const c of n.children) walk(c);
};
walk(profile.head);
console.log(`${file}: ${(total / 1e6).toFixed(1)} MB allocated (sampled)`);
for (const [name, b] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${((100 * b) / total).toFixed(1).padStart(5)}%  ${name}`);
