import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { listenUrl, type ServerConfig } from '../config.ts';
import { Hub } from './hub.ts';
import { lockDataFolder } from './lock.ts';
import { handOver, isReady, MAX_LINE, WORKER_ENV, type WorkerSpec } from './messages.ts';
import { matchOf, requestLine } from './route.ts';
import { shardOf } from './shard.ts';
import { withYoungGeneration } from './young-generation.ts';

/** `serve --processes N`, once up: where it listens, and how to stop it. */
export interface RunningPrimary {
  /** http://host:port */
  readonly url: string;
  readonly port: number;
  /** Stops listening, stops every worker gracefully (each stores every move it took), then frees the data folder. */
  close(): Promise<void>;
}

/** A worker that could not start: `main` prints the message and exits with 1. */
export class WorkerStartFailed extends Error {}

const WORKER_ENTRY = fileURLToPath(new URL('../../bin/worker.js', import.meta.url));
/** A connection that has not sent its request line by then is closed (it holds a file descriptor here). */
const FIRST_LINE_MS = 10_000;
/** A worker that dies is started again after this, doubled at each death in a row, up to the most. */
const RESTART_FIRST_MS = 250;
const RESTART_MOST_MS = 5000;
/** A worker that lived this long died of something new: its next restart waits the least again. */
const STEADY_MS = 30_000;
/** How long a stopping worker may take to store what it took; then it is killed (what it acknowledged is stored). */
const STOP_MS = 60_000;

/** One shard's worker process, across its restarts. */
interface Slot {
  readonly index: number;
  child: ChildProcess | null;
  /** It said it serves: connections may go to it. */
  ready: boolean;
  startedAt: number;
  /** Deaths in a row, each soon after its start: the wait before the next start grows with them. */
  deaths: number;
  restart: NodeJS.Timeout | null;
  /** Resolves when the current child has exited. */
  exited: Promise<void>;
}

/**
 * The primary process of `serve --processes N` on the embedded SQLite: it alone listens; it forks N workers,
 * each a whole server on the same data folder owning the matches of its shard (shard.ts); it reads the request
 * line of each connection and hands the connection to the worker of the match it names, any other round-robin;
 * it carries the workers' messages to each other (hub.ts); it restarts a worker that dies, on the same shard.
 * Resolves once every worker is up and the port is listened on.
 */
export async function runPrimary(config: ServerConfig, count: number, log: Logger): Promise<RunningPrimary> {
  const lock = lockDataFolder(config.dataDir);
  const hub = new Hub();
  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({
    index,
    child: null,
    ready: false,
    startedAt: 0,
    deaths: 0,
    restart: null,
    exited: Promise.resolve(),
  }));
  let stopping = false;
  /** Until every worker has said it is ready, a death stops the start. */
  let starting = true;
  let startFailed: (e: Error) => void = () => undefined;
  /** Workers that served and then did not stop cleanly when told to: `close` fails with them. */
  const unclean: string[] = [];
  let oneReady: () => void = () => undefined;

  const start = (slot: Slot): void => {
    // The port listened on (with --port 0, the one the system chose): the workers' links in e-mails name it.
    // The bot threads are shared out: N workers do not each take every core.
    const botWorkers = Math.max(1, Math.ceil(config.botWorkers / count));
    const spec: WorkerSpec = { index: slot.index, count, config: { ...config, port, botWorkers } };
    // execArgv is the primary's (flags such as --expose-gc reach the workers) with the young generation sized for a
    // server (young-generation.ts); stdio is the primary's: their logs go where the primary's go.
    const child = fork(WORKER_ENTRY, [], {
      env: { ...process.env, [WORKER_ENV]: JSON.stringify(spec) },
      execArgv: withYoungGeneration(process.execArgv),
    });
    slot.child = child;
    slot.ready = false;
    slot.startedAt = Date.now();
    let exited!: () => void;
    slot.exited = new Promise((resolve) => (exited = resolve));
    hub.attach(slot.index, child);
    log.info({ worker: slot.index, workerPid: child.pid }, `worker ${slot.index} pid ${child.pid}`);
    child.on('message', (message: unknown) => {
      if (!isReady(message) || slot.child !== child || slot.ready) return;
      slot.ready = true;
      served = true;
      log.info({ worker: slot.index, workerPid: child.pid }, `worker ${slot.index} ready`);
      oneReady();
    });
    let served = false;
    let gone = false;
    const onGone = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (gone) return;
      gone = true;
      hub.detach(slot.index);
      if (slot.child === child) {
        slot.child = null;
        slot.ready = false;
      }
      exited();
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (stopping) {
        if (served && (code !== 0 || signal)) unclean.push(`worker ${slot.index} (${how})`);
        return;
      }
      if (starting) {
        startFailed(new WorkerStartFailed(`worker ${slot.index} exited (${how}) before it was ready`));
        return;
      }
      // Deaths soon after a start grow the wait, so that a worker failing at once does not spin the machine.
      slot.deaths = Date.now() - slot.startedAt > STEADY_MS ? 1 : slot.deaths + 1;
      const wait = Math.min(RESTART_MOST_MS, RESTART_FIRST_MS * 2 ** (slot.deaths - 1));
      log.error(
        { worker: slot.index, workerPid: child.pid, code, signal, restartInMs: wait },
        `worker ${slot.index} died (${how}): its matches' connections go to the others until it is back in ${wait} ms`,
      );
      slot.restart = setTimeout(() => {
        slot.restart = null;
        if (!stopping) start(slot);
      }, wait);
    };
    child.on('exit', onGone);
    // A fork that could not even start emits 'error' and no 'exit'.
    child.on('error', (e) => {
      log.error({ worker: slot.index, err: e }, `worker ${slot.index}: ${e.message}`);
      if (child.pid === undefined) onGone(null, null);
    });
  };

  /**
   * Stops every worker (SIGTERM: each closes gracefully), waits for them, then frees the folder. Throws if one that
   * served did not exit cleanly (it may not have stored everything it took).
   */
  const stopWorkers = async (): Promise<void> => {
    stopping = true;
    for (const slot of slots) {
      if (slot.restart) clearTimeout(slot.restart);
      slot.restart = null;
      slot.ready = false;
      const child = slot.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        log.error(
          { worker: slot.index, workerPid: child.pid },
          `worker ${slot.index} did not stop in ${STOP_MS} ms: killed`,
        );
        child.kill('SIGKILL');
      }, STOP_MS);
      void slot.exited.then(() => clearTimeout(timer));
    }
    await Promise.all(slots.map((s) => s.exited));
    lock.release();
    if (unclean.length > 0) throw new Error(`not stopped cleanly: ${unclean.join(', ')}`);
  };

  // It listens first, so that the workers know the port (with --port 0, the system's choice).
  let wake: () => void = () => undefined;
  const up = new Promise<void>((resolve) => (wake = resolve));
  /** Connections still being read here, closed at once on stop. */
  const reading = new Set<Socket>();
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    reading.add(socket);
    // A reset before the hand-over: nothing to do but let it go.
    socket.on('error', () => socket.destroy());
    const timer = setTimeout(() => socket.destroy(), FIRST_LINE_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      reading.delete(socket);
    });
    let head: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const line = requestLine(head);
      if (line === null && head.length < MAX_LINE) return;
      socket.pause();
      socket.off('data', onData);
      // What the client sent after the request line (a body, say) and this process read already goes with it.
      const rest = stopReading(socket);
      if (rest.length > 0) head = Buffer.concat([head, ...rest]);
      clearTimeout(timer);
      reading.delete(socket);
      // (Connections that come while the workers start wait for them.)
      void up.then(() => {
        const slot = workerFor(line ? matchOf(line) : null);
        if (!slot?.child) {
          socket.destroy();
          return;
        }
        slot.child.send(handOver(head), socket, { keepOpen: false }, (e) => {
          if (e) socket.destroy();
        });
      });
    };
    socket.on('data', onData);
    socket.resume();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    lock.release();
    throw e;
  }
  server.on('error', (e) => log.error({ err: e }, `listening: ${e.message}`));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = listenUrl(config.host, port);

  let next = 0;
  /** The worker of the match named, if it is up; else the next one up, round-robin; null if none is. */
  const workerFor = (id: string | null): Slot | null => {
    if (id !== null) {
      const owner = slots[shardOf(id, count)]!;
      if (owner.ready) return owner;
    }
    for (let k = 0; k < count; k++) {
      const slot = slots[(next + k) % count]!;
      if (slot.ready) {
        next = (next + k + 1) % count;
        return slot;
      }
    }
    return null;
  };

  try {
    await new Promise<void>((resolve, reject) => {
      startFailed = reject;
      // The first worker starts alone: it makes and migrates the folder's databases, which the others then only
      // open (processes migrating one new SQLite file at once can find it locked).
      let others = false;
      oneReady = () => {
        if (!others) {
          others = true;
          for (const slot of slots.slice(1)) start(slot);
        }
        if (slots.every((s) => s.ready)) resolve();
      };
      start(slots[0]!);
    });
  } catch (e) {
    server.close();
    for (const socket of reading) socket.destroy();
    await stopWorkers().catch((also: unknown) => log.error({ err: also }, String(also)));
    // Connections that waited for the workers are closed (none is up).
    wake();
    throw e;
  }
  wake();
  starting = false;
  oneReady = () => undefined;

  log.info(
    { processes: count, url, data: config.dataDir },
    `Round Table is up in ${count} processes: point your browser to ${url}`,
  );

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of reading) socket.destroy();
        await stopWorkers();
        await closed;
        log.info('Round Table stopped');
      })();
      return closing;
    },
  };
}

/**
 * Stops reading `socket` in this process at once, and returns what it read but nobody consumed. A paused stream
 * still reads from the kernel into its buffer, and that buffer stays here when the socket is sent to a worker: a
 * request's body that came in a second packet was lost. With reading stopped, what comes next waits in the kernel
 * and reaches the worker with the socket. (`_handle` is Node's own; `read()` may start reading again, hence the
 * second stop, before any new data can have come in: that only happens in a later turn of the event loop.)
 */
function stopReading(socket: Socket): Buffer[] {
  const handle = (socket as unknown as { _handle?: { readStop?: () => number } | null })._handle;
  handle?.readStop?.();
  const rest: Buffer[] = [];
  for (let chunk = socket.read() as Buffer | null; chunk !== null; chunk = socket.read() as Buffer | null)
    rest.push(chunk);
  handle?.readStop?.();
  return rest;
}
