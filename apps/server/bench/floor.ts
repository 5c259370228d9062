/**
 * The floor of the load bench on this machine: the same clients and pacing as load.ts, against a WebSocket
 * server that does nothing but answer — no rules, no storage, no JSON parsing. Each "move" from one seat of a
 * pair is answered with a 600-byte update to both seats, as our server does. Whatever latency and throughput
 * this reaches is the most any game server could reach here with the load generator on the same two cores.
 *
 *   npx tsx apps/server/bench/floor.ts --matches 1000 --seconds 10 [--rate 10000] [--warmup 2]
 *   BENCH_FLOOR_PROFILE=/tmp/floor npx tsx apps/server/bench/floor.ts … (then profile-top.ts on the largest file there)
 *
 * load.ts runs it too, with its own --matches, --seconds and --rate, and prints our figures as ratios to it.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';

const HOST = '127.0.0.1';
const UPDATE = `{"t":"update","match":"abcdefghijkl","status":"active","view":{"position":"${'x'.repeat(480)}"},"yourTurn":true,"ply":1}`;

if (process.argv[2] === '--serve') {
  // The child: pairs connections in arrival order; a message from one seat is answered to both.
  // Asked to stop, it exits as a process does, so that a CPU profile it takes is written.
  process.on('SIGTERM', () => process.exit(0));
  const wss = new WebSocketServer({ host: HOST, port: 0, perMessageDeflate: false });
  const peer = new Map<WebSocket, WebSocket>();
  let waiting: WebSocket | null = null;
  wss.on('connection', (ws) => {
    if (waiting) {
      peer.set(ws, waiting);
      peer.set(waiting, ws);
      waiting = null;
    } else waiting = ws;
    ws.on('message', () => {
      ws.send(`${UPDATE.slice(0, -1)},"ack":1}`);
      peer.get(ws)?.send(UPDATE);
    });
  });
  wss.on('listening', () => process.send!({ port: (wss.address() as { port: number }).port }));
  process.on('message', (m: string) => {
    if (m === 'cpu') {
      const c = process.cpuUsage();
      process.send!({ cpu: c.user + c.system });
    }
  });
} else {
  const argv = process.argv.slice(2);
  const flag = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    const v = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`);
    return v;
  };
  const matches = Math.min(5000, flag('--matches', 1000));
  const seconds = Math.min(120, flag('--seconds', 10));
  const rate = flag('--rate', 10_000);
  const warmup = Math.min(60, flag('--warmup', 2));
  // BENCH_FLOOR_PROFILE=dir: CPU profiles of the floor server for the whole run, one per thread (tsx's loader has
  // one of its own): the largest file is the server's (profile-top.ts).
  const profile = process.env.BENCH_FLOOR_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx', ...profiling] });
  const port = await new Promise<number>((r) => child.once('message', (m: { port: number }) => r(m.port)));
  const cpu = (): Promise<number> =>
    new Promise((r) => {
      child.once('message', (m: { cpu: number }) => r(m.cpu));
      child.send('cpu');
    });
  const period = rate > 0 ? (1000 * matches) / rate : 0;
  const latencies: number[] = [];
  let running = false;
  const pairs: { sockets: WebSocket[]; sentAt: number; last: number }[] = [];
  for (let i = 0; i < matches; i++) {
    const pair = { sockets: [] as WebSocket[], sentAt: 0, last: 0 };
    for (let seat = 0; seat < 2; seat++) {
      const ws = new WebSocket(`ws://${HOST}:${port}`, { perMessageDeflate: false });
      await new Promise((r) => ws.once('open', r));
      pair.sockets.push(ws);
    }
    pairs.push(pair);
  }
  const send = (p: (typeof pairs)[number], seat: number): void => {
    const go = (): void => {
      if (!running) return;
      p.last = performance.now();
      p.sentAt = p.last;
      p.sockets[seat]!.send('{"t":"move","id":1,"move":"F6-F7"}');
    };
    const wait = p.last + period - performance.now();
    if (wait <= 0) go();
    else setTimeout(go, wait);
  };
  pairs.forEach((p) => {
    p.sockets.forEach((ws, seat) =>
      ws.on('message', (data) => {
        if (!data.toString().includes('"ack"')) return;
        if (running) latencies.push(performance.now() - p.sentAt);
        send(p, 1 - seat);
      }),
    );
  });
  running = true;
  for (const p of pairs) setTimeout(() => send(p, 0), Math.random() * period);
  // Played unmeasured first, as load.ts does: the steady state is measured.
  await new Promise((r) => setTimeout(r, warmup * 1000));
  latencies.length = 0;
  const cpu0 = await cpu();
  const client0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  running = false;
  const client = process.cpuUsage(client0);
  const serverCpu = (await cpu()) - cpu0;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN) * 100) / 100;
  const result = {
    server: 'floor (ws only: no rules, no storage)',
    matches,
    rate,
    movesPerSecond: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    cpuMicrosPerMove: Math.round(serverCpu / latencies.length),
    clientCpuMicrosPerMove: Math.round((client.user + client.system) / latencies.length),
  };
  console.table([result]);
  console.log(`${availableParallelism()} cores`);
  console.log(JSON.stringify(result));
  for (const p of pairs) for (const ws of p.sockets) ws.terminate();
  child.kill();
}
