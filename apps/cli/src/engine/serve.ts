import type { Readable, Writable } from 'node:stream';
import type { Registry } from '../registry.ts';
import { readLines } from './lines.ts';
import { EngineSession, type EngineOptions, type PendingSearch, type Response } from './protocol.ts';
import { SearchThread } from './search-thread.ts';

/** How long a bot may take to honour `stop` before its thread is ended and the request refused. */
const STOP_GRACE_MS = 2_000;

/**
 * Runs the engine protocol over streams: one JSON request per input line, one JSON response per output line, in
 * order. Searches (`bot` with a searching level, deep `perft`) run on a search thread while this one keeps
 * reading: `isready` and `stop` are answered at once during a search; every other request waits its turn. Ends
 * on `quit` (after a running search answers) or at the end of the input (after the requests read are answered).
 */
export async function serveEngine(
  registry: Registry,
  input: Readable,
  output: Writable,
  options: EngineOptions = {},
): Promise<void> {
  const session = new EngineSession(registry, options);
  const thread = new SearchThread();
  const queue: ({ kind: 'line'; text: string } | { kind: 'too-long'; bytes: number })[] = [];
  let running: {
    search: PendingSearch;
    stop: Int32Array | null;
    stopTimer: NodeJS.Timeout | null;
    watchdog: NodeJS.Timeout | null;
  } | null = null;
  let ended = false;
  let quitting = false;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));

  const write = (response: Response): void => {
    let text: string;
    try {
      text = JSON.stringify(response);
    } catch (e) {
      text = JSON.stringify(
        session.refuse(response.id, { code: 'INTERNAL_ERROR', reason: `unwritable response: ${(e as Error).message}` }),
      );
    }
    output.write(`${text}\n`);
  };

  const settle = (response: Response): void => {
    if (running?.stopTimer) clearTimeout(running.stopTimer);
    if (running?.watchdog) clearTimeout(running.watchdog);
    running = null;
    write(response);
    pump();
  };

  const start = (search: PendingSearch): void => {
    const stop = search.job.kind === 'bot' ? new Int32Array(search.job.stop) : null;
    const current = { search, stop, stopTimer: null, watchdog: null as NodeJS.Timeout | null };
    running = current;
    if (search.watchdogMs !== undefined) {
      current.watchdog = setTimeout(() => {
        if (running !== current) return;
        thread.kill();
        settle(
          search.finish({
            kind: 'done',
            id: search.job.id,
            ok: false,
            error: { code: 'INTERNAL_ERROR', reason: `no move after ${search.watchdogMs} ms on this view` },
          }),
        );
      }, search.watchdogMs);
    }
    thread.run(search.job, (message) => {
      if (running?.search !== search) return;
      if (message.kind === 'done') settle(search.finish(message));
      else {
        const line = search.progress(message);
        if (line) write(line);
      }
    });
  };

  /** Asks the running search to end: a bot answers with its best move so far, a perft with the depths it counted. */
  const stopSearch = (): void => {
    const current = running;
    if (!current) return;
    if (current.stop) {
      Atomics.store(current.stop, 0, 1);
      current.stopTimer ??= setTimeout(() => {
        if (running !== current) return;
        thread.kill();
        settle(
          current.search.finish({
            kind: 'done',
            id: current.search.job.id,
            ok: false,
            error: { code: 'INTERNAL_ERROR', reason: `the search did not stop within ${STOP_GRACE_MS} ms` },
          }),
        );
      }, STOP_GRACE_MS);
    } else {
      thread.kill();
      settle(current.search.stopped());
    }
  };

  const pump = (): void => {
    while (!running && !quitting && queue.length > 0) {
      const next = queue.shift() as (typeof queue)[number];
      if (next.kind === 'too-long') {
        write(session.tooLong(next.bytes));
        continue;
      }
      if (next.text.trim() === '') continue;
      const step = session.handle(next.text);
      if (step.kind === 'search') start(step.search);
      else {
        write(step.response);
        if (step.quit) quitting = true;
      }
    }
    if (!running && (quitting || (ended && queue.length === 0))) finish();
  };

  const detach = readLines(
    input,
    (event) => {
      if (running && event.kind === 'line') {
        // During a search, isready and stop jump the queue; quit stops the search and waits its turn.
        const urgent = session.peek(event.text);
        if (urgent?.cmd === 'isready') return write(session.readyResponse(urgent.id, running.search.what));
        if (urgent?.cmd === 'stop') {
          write(session.stopResponse(urgent.id, running.search.what));
          return stopSearch();
        }
        if (urgent?.cmd === 'quit') stopSearch();
      }
      queue.push(event);
      pump();
    },
    () => {
      ended = true;
      pump();
    },
  );
  await done;
  detach();
  await thread.close();
}
