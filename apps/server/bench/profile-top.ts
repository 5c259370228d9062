/**
 * The top functions of a V8 CPU profile (a `.cpuprofile`, as load.ts writes with BENCH_PROFILE=file, or
 * node --cpu-prof), by self time, as shares of the samples: shares move less than absolute times when the
 * machine is loaded. `--by file` sums them per source file (node_modules packages as one line each). The
 * profiler's own work (node:inspector and what it calls) is left out.
 *
 *   npx tsx apps/server/bench/profile-top.ts before.cpuprofile [after.cpuprofile] [--top 25] [--by function|file]
 *       [--calls onMessage,playNotation,broadcast,sendFrame,postMessage,afterChange,loop]
 *
 * `--calls` prints, for each function named, its share with everything it calls (each sample counted once).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const v = argv[i + 1] ?? fallback;
  argv.splice(i, 2);
  return v;
};
const top = Number(flag('--top', '25'));
const by = flag('--by', 'function');
/** Functions whose inclusive share (with everything they call) is printed: `--calls broadcast,playNotation`. */
const calls = flag('--calls', '')
  .split(',')
  .filter((x) => x !== '');
const files = argv;
if (files.length === 0) {
  console.error('usage: profile-top.ts <a.cpuprofile> [b.cpuprofile] [--top 25] [--by function|file]');
  process.exit(1);
}

function place(url: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const i = url.search(/(apps|packages)\//);
  return i >= 0 ? url.slice(i) : url.replace(/^file:\/\//, '') || '(native)';
}

/** Self time per key, as shares of all samples (idle excluded: the share of the CPU actually used). */
function shares(path: string): {
  total: number;
  busyMs: number;
  idle: number;
  by: Map<string, number>;
  inclusive: Map<string, number>;
} {
  const p = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const self = new Map<number, number>();
  if (p.samples && p.timeDeltas) {
    p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas![i] ?? 0)));
  } else for (const n of p.nodes) self.set(n.id, n.hitCount ?? 0);
  // The profiler's own work (the inspector session that stops it and sends the profile) is left out.
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const profiler = new Set<number>();
  const mark = (id: number, inside: boolean): void => {
    const n = byId.get(id)!;
    const here = inside || n.callFrame.url === 'node:inspector';
    if (here) profiler.add(id);
    for (const c of n.children ?? []) mark(c, here);
  };
  mark(p.nodes[0]!.id, false);
  const out = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const n of p.nodes) {
    if (profiler.has(n.id)) continue;
    const t = self.get(n.id) ?? 0;
    const f = n.callFrame;
    if (f.functionName === '(idle)') {
      idle += t;
      continue;
    }
    total += t;
    const key =
      by === 'file'
        ? place(f.url)
        : `${f.functionName || '(anonymous)'} ${f.url ? `${place(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
    out.set(key, (out.get(key) ?? 0) + t);
  }
  // Inclusive time of the functions asked for: a sample counts once for a name, however deep the recursion.
  const inclusive = new Map<string, number>();
  const walk = (id: number, open: ReadonlySet<string>): number => {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    const mine = calls.includes(name) && !open.has(name);
    const inner = mine ? new Set([...open, name]) : open;
    let t = profiler.has(id) || name === '(idle)' ? 0 : (self.get(id) ?? 0);
    for (const c of n.children ?? []) t += walk(c, inner);
    if (mine) inclusive.set(name, (inclusive.get(name) ?? 0) + t);
    return t;
  };
  if (calls.length > 0) walk(p.nodes[0]!.id, new Set());
  return { total, busyMs: total / 1000, idle: idle / 1000, by: out, inclusive };
}

const all = files.map(shares);
const keys = new Map<string, number>();
for (const s of all) for (const [k, v] of s.by) keys.set(k, Math.max(keys.get(k) ?? 0, v / s.total));
const rows = [...keys].sort((a, b) => b[1] - a[1]).slice(0, top);
const pct = (s: (typeof all)[number], k: string): string => `${((100 * (s.by.get(k) ?? 0)) / s.total).toFixed(1)}%`;
console.log(
  files
    .map((f, i) => `[${i + 1}] ${f}: ${Math.round(all[i]!.busyMs)} ms busy, ${Math.round(all[i]!.idle)} ms idle`)
    .join('\n'),
);
for (const [k] of rows) console.log(`${all.map((s) => pct(s, k).padStart(6)).join(' ')}  ${k}`);
if (calls.length > 0) {
  console.log('with what they call:');
  for (const name of calls)
    console.log(
      `${all.map((s) => `${((100 * (s.inclusive.get(name) ?? 0)) / s.total).toFixed(1)}%`.padStart(6)).join(' ')}  ${name}`,
    );
}
