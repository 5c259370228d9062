import { Socket } from 'node:net';
import { IpcBus, type IpcChannel } from '../cluster/ipc-bus.ts';
import { startServer, type RunningServer } from '../server.ts';
import { handedHead, READY, readWorkerSpec } from './messages.ts';

/**
 * A worker of `serve --processes N` (bin/worker.js, forked by primary.ts): a whole server on the shared data folder,
 * owning the matches of its shard, that does not listen: it serves the connections its primary hands it, and
 * reaches the other workers through the primary (cluster/ipc-bus.ts). It stops gracefully on SIGTERM (from the
 * primary) and when the primary is gone, storing every move it took before it exits.
 */

/** A worker whose server takes longer than this to close is exited anyway (what it acknowledged is stored). */
const CLOSE_MS = 60_000;

const { index, count, config } = readWorkerSpec(process.env);
// Ctrl-C reaches every process of the terminal's group: the primary decides, and stops the workers itself.
process.on('SIGINT', () => undefined);

let server: RunningServer | null = null;
let stopping: Promise<void> | null = null;
// A forked process has `send` (the type says it may not); connect() rejects if it has not.
const bus = new IpcBus(process as IpcChannel);
const started = (async () => {
  await bus.connect();
  server = await startServer({ ...config, shard: { index, count, bus } });
})();

/** Closes the server once it is up (a start under way finishes first), then exits. */
function stop(why: string): Promise<void> {
  stopping ??= (async () => {
    const timer = setTimeout(() => {
      process.stderr.write(`worker ${index}: not closed after ${CLOSE_MS} ms (${why}): exiting\n`);
      process.exit(1);
    }, CLOSE_MS);
    timer.unref();
    let code = 0;
    try {
      await started;
      await server?.close();
    } catch (e) {
      process.stderr.write(`worker ${index}: error while stopping (${why}): ${String(e)}\n`);
      code = 1;
    }
    bus.close();
    process.exit(code);
  })();
  return stopping;
}

// `on`, not `once`: a SIGTERM to the whole group (systemd's default, `timeout`) reaches a worker, then its primary's
// own follows; the second must not kill a worker that is storing what it took.
process.on('SIGTERM', () => void stop('SIGTERM'));
// The primary died: nobody hands connections or carries messages any more.
process.once('disconnect', () => void stop('the primary process is gone'));

process.on('message', (message: unknown, handle: unknown) => {
  if (!(handle instanceof Socket)) return;
  const head = handedHead(message);
  if (head === null || server === null || stopping !== null) {
    handle.destroy();
    return;
  }
  server.accept(handle, head);
});

try {
  await started;
} catch (e) {
  process.stderr.write(
    `worker ${index}: could not start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  process.exit(1);
}
// The callback keeps a send on a channel closed meanwhile from becoming an 'error' event.
if (stopping === null) process.send?.(READY, undefined, undefined, () => undefined);
